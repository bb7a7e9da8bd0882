"""Small factories for card tests: a card is saved as an editor would save it (its derived fields follow)."""

from __future__ import annotations

import itertools

from cards.models import Card, CardExplanation

_seq = itertools.count(1)


def card(**kwargs) -> Card:
    n = next(_seq)
    defaults = {"id": f"TST-{n:03d}", "name": f"Test Card {n}", "card_type": "Unit", "set_code": "OGN",
                "domains": ["Fury"], "energy": 2, "might": 2, "text": "", "keywords": []}
    return Card.objects.create(**{**defaults, **kwargs})


def explanation(of: Card | None = None, **kwargs) -> CardExplanation:
    defaults = {"card": of or card(), "text": "Notre explication.", "checked": "2026-10-09"}
    return CardExplanation.objects.create(**{**defaults, **kwargs})
