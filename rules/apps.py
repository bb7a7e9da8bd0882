from django.apps import AppConfig

from glossary.rendering import HTML_FILTERS


class RulesConfig(AppConfig):
    """The content: FAQ entries, categories, guides, the rules reference and the loader."""

    name = "rules"
    verbose_name = "Règles : FAQ, guides et cartes"
    search_documents = "rules.search_documents.DOCUMENTS"
    search_kinds = "rules.search_documents.KINDS"
    sitemaps = "rules.sitemaps.SITEMAPS"
    card_mentions = "rules.card_mentions.card_mentions"
    # Read by core.offline: which section explains each rule number, so a rule's address works offline.
    offline_rule_sections = "rules.reference_index.offline_sections"

    def ready(self):
        # Imported here, not at the top: Django imports this module while it loads the apps, before any model
        # exists, and these modules define or use models.
        from . import signals  # noqa: F401  (registers its receivers)
        from .reference_index import link_citations

        if link_citations not in HTML_FILTERS:
            HTML_FILTERS.append(link_citations)
