"""The card data as plain Python: no Django, so the deck-code module, the engine's callers and scripts can read it.

``cards/data/cards.json`` is the project's copy of the shared card list (``manage.py import_cards`` refreshes it);
``cards/data/code-index.json`` maps every collector code (promos, alternate arts, reprints) to the card's ``id``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"


def name_key(name: str) -> str:
    """A name reduced for matching: no accent, case or punctuation (« Bellow's Breath » = « bellows breath »)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "", text)


@dataclass(frozen=True)
class Catalog:
    cards: dict[str, dict]
    codes: dict[str, str]
    names: dict[str, str] = field(default_factory=dict)

    def resolve(self, code: str) -> str | None:
        """The card ``id`` of a collector code in any of its spellings (``ogn-001``, ``OGN-246a``, ``UNL-225``)."""
        code = code.strip().upper()
        if code in self.cards:
            return code
        for candidate in (code, code.replace("*", "S")):
            for known in (candidate, candidate[:-1] + candidate[-1].lower() if candidate[-1:].isalpha() else candidate):
                if known in self.codes:
                    return self.codes[known]
        return None

    def card(self, code: str) -> dict | None:
        card_id = self.resolve(code)
        return self.cards.get(card_id) if card_id else None

    def find_name(self, name: str) -> str | None:
        """The card ``id`` for an English name, an alias or an official French name, punctuation ignored."""
        return self.names.get(name_key(name))


def read(directory: Path = DATA_DIR) -> Catalog:
    cards = {card["id"]: card for card in json.loads((directory / "cards.json").read_text(encoding="utf-8"))}
    codes = json.loads((directory / "code-index.json").read_text(encoding="utf-8"))
    names: dict[str, str] = {}
    # Main-set cards first, so a name shared with a token or a promo finds the card players mean.
    for card in sorted(cards.values(), key=lambda c: (c["type"] == "Token", c["id"])):
        for name in (card["name"], *(card.get("aliases") or []), card.get("name_fr") or ""):
            if name:
                names.setdefault(name_key(name), card["id"])
    return Catalog(cards=cards, codes=codes, names=names)


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The shipped catalogue, read once per process."""
    return read()
