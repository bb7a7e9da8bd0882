from django.apps import AppConfig

from . import rendering


class GlossaryConfig(AppConfig):
    """Terms, the glossary pages, Markdown rendering and the linking of terms in every text."""

    name = "glossary"
    verbose_name = "Glossaire"
    search_documents = "glossary.search_documents.DOCUMENTS"
    search_kinds = "glossary.search_documents.KINDS"
    sitemaps = "glossary.sitemaps.SITEMAPS"

    def ready(self):
        # Imported here, not at the top: Django imports this module while it loads the apps, before any model
        # exists, and these modules define or use models.
        from . import linking, signals  # noqa: F401  (signals registers its receivers)

        # Rendering sits below the models: it receives the database's glossary instead of importing it.
        rendering.use_glossary(linking.get_glossary)
        # Entries other apps add to the matcher (card names): their modules' signals are connected now.
        linking.connect_sources()
