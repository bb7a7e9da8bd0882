"""« Ce que disent les règles » for a card: one paragraph per keyword of its text, else one for its type.

The paragraphs are written once per keyword in ``content/rules-notes.yaml`` (our French, checked against the rules)
and filled with the card's number (« Bouclier 2 »). Rendered like every text of the site (glossary links, « R. n »
citations), once per keyword, number and content version, then shared by every card page that needs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from django.utils.safestring import SafeString, mark_safe

from core.content_version import content_version
from glossary.rendering import render_markdown

NOTES_FILE = Path(__file__).resolve().parent / "content" / "rules-notes.yaml"
# A keyword written without a number counts as 1 where its rule says so (807.1.b.3, 809.1.b.3, 823.1.c.2, 831.1.c.3).
NUMBERED = {"Assault", "Shield", "Deflect", "Hunt", "Disarm", "Level", "Predict", "Burn"}


@dataclass(frozen=True)
class Note:
    key: str
    number: int | None
    rules: tuple[str, ...]
    html: SafeString


@lru_cache(maxsize=1)
def notes() -> dict:
    with NOTES_FILE.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@lru_cache(maxsize=512)
def _rendered(group: str, key: str, number: int | None, version: int) -> Note | None:
    entry = (notes().get(group) or {}).get(key)
    if not entry:
        return None
    shown = number if number is not None else 1
    text = entry["text"].replace("{n}", str(shown))
    html = render_markdown(text, section=f"card-rules:{group}:{key}:{shown}")
    return Note(key=key, number=number, rules=tuple(entry.get("rules") or ()), html=mark_safe(html))  # noqa: S308


def keyword_note(name: str, number: int | None) -> Note | None:
    return _rendered("keywords", name, number if name in NUMBERED else None, content_version())


def type_note(card_type: str) -> Note | None:
    return _rendered("types", card_type, None, content_version())


def has_keyword_note(name: str) -> bool:
    return name in (notes().get("keywords") or {})
