from django.apps import AppConfig


class GlossaryConfig(AppConfig):
    name = "glossary"
    verbose_name = "Glossaire"

    def ready(self):
        from rules.sitemaps import register

        from . import signals  # noqa: F401
        from .sitemaps import TermSitemap

        register("glossaire", TermSitemap)
