"""What the cards app gives to search: one document per card, with the ``card_text`` role.

Declared on ``CardsConfig.search_documents``; the ``search`` app reads it (this app does not import search).
"""

from __future__ import annotations

from functools import lru_cache

from core.content_version import content_version
from glossary.models import Term

from . import text as card_text
from .models import Card


@lru_cache(maxsize=2)
def _french_names(version: int) -> dict[str, str]:
    """English keyword → its official French name, read once per content version (not once per card)."""
    return {term.english_name.casefold(): term.name for term in Term.objects.exclude(english_name="")}


def keyword_names(card: Card) -> list[str]:
    french = _french_names(content_version())
    return [french.get(card_text.keyword_parts(keyword)[0].casefold(), "") for keyword in card.keywords]


def card_document(card: Card):
    # The title carries both official names, so a result reads « Gustwalker (Saute-nuages) ».
    title = f"{card.name} ({card.name_fr})" if card.name_fr else card.name
    domains = " ".join(label for _domain, label in card.domain_labels)
    keywords = ", ".join(dict.fromkeys(filter(None, keyword_names(card))))
    text = f"{card.type_label} {domains}." + (f" Mots-clés : {keywords}." if keywords else "")
    # The French name is matched as strongly as a keyword and is a French word to correct toward; the English
    # names, aliases and Riot's English text are matched too but never corrected toward (« cest » stays
    # « c'est »), so they go with the English words, not the French body.
    return ("card", card.id, title, card.get_absolute_url(), text,
            {"keywords": " ".join(filter(None, [card.name_fr, card.id])),
             "english": " ".join([card.name, *card.aliases, card_text.plain(card.text)])})


DOCUMENTS = {Card: ("card", card_document)}

KINDS = {"card": {"label": "Carte", "role": "card_text"}}
