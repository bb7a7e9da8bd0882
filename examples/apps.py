from django.apps import AppConfig


class ExamplesConfig(AppConfig):
    """Worked examples: the step player, « Et si… ? », « Pourquoi cet ordre ? » and the JSON API."""

    name = "examples"
    verbose_name = "Exemples commentés"
    search_documents = "examples.search_documents.DOCUMENTS"

    def ready(self):
        from riftpal.sitemaps import register

        from .sitemaps import SITEMAPS

        for name, sitemap in SITEMAPS.items():
            register(name, sitemap)
