from django import forms

from .paste import MAX_TEXT


class DeckForm(forms.Form):
    """What a player pastes: a deck code or a list, one card a line."""

    deck = forms.CharField(
        label="Ton code de deck ou ta liste",
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "autocomplete": "off",
                                     "aria-describedby": "deck-help"}),
        error_messages={"required": "Colle un code de deck ou une liste de cartes : le champ est vide.",
                        "max_length": f"Le texte collé est trop long ({MAX_TEXT} caractères au plus)."},
    )
