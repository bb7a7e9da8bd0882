from django.urls import path, register_converter

from . import views


class DeckCodeConverter:
    """Any one path segment: a wrong character is answered by the decoder (a French message and a 400), not by a
    bare 404."""

    regex = "[^/]{1,4000}"

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
