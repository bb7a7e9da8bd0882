from django.apps import AppConfig


class CardsConfig(AppConfig):
    """Every card of the game: the imported card data, a page per card, the gallery, card popovers."""

    name = "cards"
    verbose_name = "Cartes"
    # Card names link to a popover through the glossary's matcher (cards/popovers.py).
    glossary_entries = "cards.popovers.entries"
    search_documents = "cards.search_documents.DOCUMENTS"
    search_kinds = "cards.search_documents.KINDS"
    sitemaps = "cards.sitemaps.SITEMAPS"
