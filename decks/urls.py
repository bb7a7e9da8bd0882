from django.urls import path, register_converter

from . import views


class DeckCodeConverter:
    """Base32 letters and digits only: anything else is not a deck code, and gets the site's 404."""

    regex = "[A-Za-z2-7]{2,4000}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(DeckCodeConverter, "deckcode")

app_name = "decks"

urlpatterns = [
    path("mon-deck/", views.deck_form, name="form"),
    path("mon-deck/<deckcode:code>/", views.deck_page, name="deck"),
    path("mon-deck/<deckcode:code>/fiche/", views.deck_sheet, name="sheet"),
    path("mon-deck/<deckcode:code>/interactions/<slug:slug>/", views.deck_interaction, name="interaction"),
]
