from django.apps import AppConfig


class GlossaryConfig(AppConfig):
    """Terms, the glossary pages, Markdown rendering and the linking of terms in every text."""

    name = "glossary"
    verbose_name = "Glossaire"
    search_documents = "glossary.search_documents.DOCUMENTS"
    search_kinds = "glossary.search_documents.KINDS"
    sitemaps = "glossary.sitemaps.SITEMAPS"

    def ready(self):
        from . import signals  # noqa: F401
