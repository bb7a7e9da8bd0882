"""Small deck builders for the tests: a legal Kai'Sa deck built from the card data, changed one rule at a time."""

import json
from pathlib import Path

from decks.deck import read_code

DECKLISTS = sorted((Path(__file__).resolve().parents[2] / "decks" / "data" / "decklists").glob("*.json"))


def decklist(stem: str) -> dict:
    return json.loads(next(p for p in DECKLISTS if p.stem == stem).read_text(encoding="utf-8"))


def deck(stem: str = "kaisa-4-guangzhou"):
    return read_code(decklist(stem)["deck_code"])
