from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Règles : FAQ, guides, cartes et exemples"

    def ready(self):
        from . import signals  # noqa: F401
