"""Unique (R. 825): a deck can hold only one card of a given name with Unique; no effect during the game (825.4)."""

from collections import Counter

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.UNIQUE, None, "R. 825", "deck",
                     "Unique : un seul exemplaire de ce nom dans un deck ; aucun effet pendant la partie (R. 825.3.a)")


def deck_problem(cards: list[dict]) -> str | None:
    """R. 825.3.a: ``cards`` is the deck as card records (one entry per copy)."""
    counts = Counter(c["name"] for c in cards if KEYWORD.card_name in (c.get("keywords") or ()))
    over = sorted(name for name, n in counts.items() if n > 1)
    if over:
        return f"{', '.join(over)} : Unique, un seul exemplaire par deck (R. 825.3.a)"
    return None
