from django.apps import AppConfig


class RulesConfig(AppConfig):
    """The content: FAQ entries, categories, guides, reference cards, the rules reference and the loader."""

    name = "rules"
    verbose_name = "Règles : FAQ, guides et cartes"
    search_documents = "rules.search_documents.DOCUMENTS"

    def ready(self):
        from riftpal.sitemaps import register

        from .sitemaps import SITEMAPS

        for name, sitemap in SITEMAPS.items():
            register(name, sitemap)
