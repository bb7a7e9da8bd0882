from django.apps import AppConfig


class DecksConfig(AppConfig):
    """« Les règles de ton deck »: a pasted deck code or list, its legality, its rules and its practice."""

    name = "decks"
    verbose_name = "Decks"
