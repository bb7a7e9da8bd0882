from django.apps import AppConfig


class GlossaryConfig(AppConfig):
    """Terms, the glossary pages, Markdown rendering and the linking of terms in every text."""

    name = "glossary"
    verbose_name = "Glossaire"
    search_documents = "glossary.search_documents.DOCUMENTS"

    def ready(self):
        from riftpal.sitemaps import register

        from . import signals  # noqa: F401
        from .sitemaps import SITEMAPS

        for name, sitemap in SITEMAPS.items():
            register(name, sitemap)
