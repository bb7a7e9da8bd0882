from django.apps import AppConfig


class SearchConfig(AppConfig):
    """The search table and page. Other apps declare what they index (see ``search.registry``)."""

    name = "search"
    verbose_name = "Recherche"

    def ready(self):
        from . import registry

        registry.connect()
