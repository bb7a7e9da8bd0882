"""Riot's card text as HTML: the shorthand symbols drawn as labelled icons, the keywords marked, nothing reworded.

The text stays copyable as Riot wrote it: each icon keeps its shorthand (« [M] ») as visually hidden text, and
screen readers hear the French label instead (``role="img"`` + ``aria-label``). Computed once when a card is
saved or imported (``Card.text_html``), never per request.
"""

from __future__ import annotations

import re

from django.utils.html import escape

from .choices import SYMBOLS

# Bumped whenever the HTML made here changes: the importer then derives every untouched card's HTML again.
FORMAT = 2
TOKEN = re.compile(r"\[([^\[\]\n]{1,40})\]")
KEYWORD = re.compile(r"^(?P<name>[A-Z][A-Za-z' -]*?)(?: (?P<number>\d+))?$")


def energy_label(number: str) -> str:
    return f"{number} énergie" if number in {"0", "1"} else f"{number} énergies"


def icon(kind: str, label: str, shorthand: str, visible: str = "") -> str:
    # A number is drawn by CSS from data-value (generated content is not copied): a copy reads « [2] », not « 2[2] ».
    value = f' data-value="{escape(visible)}"' if visible else ""
    return (f'<span class="sym sym-{kind}" role="img" aria-label="{escape(label)}"{value}>'
            f'<span class="visually-hidden">[{escape(shorthand)}]</span></span>')


def render_token(inner: str) -> str:
    if inner in SYMBOLS:
        kind, label = SYMBOLS[inner]
        return icon(kind, label, inner)
    if inner.isdigit():
        return icon("energy", energy_label(inner), inner, visible=inner)
    if KEYWORD.match(inner):
        # The brackets stay in the copied text; the keyword itself is shown as a marked word, in English.
        return (f'<span class="card-keyword" lang="en"><span class="visually-hidden">[</span>{escape(inner)}'
                f'<span class="visually-hidden">]</span></span>')
    return escape(f"[{inner}]")


def text_html(text: str) -> str:
    """One paragraph per line of Riot's text, every shorthand token drawn; everything else escaped."""
    paragraphs = []
    for line in (text or "").split("\n"):
        if not line.strip():
            continue
        parts, last = [], 0
        for match in TOKEN.finditer(line):
            parts.append(escape(line[last:match.start()]))
            parts.append(render_token(match.group(1)))
            last = match.end()
        parts.append(escape(line[last:]))
        # lang on each paragraph: the French typography of the site (core.typography) leaves it as Riot wrote it.
        paragraphs.append(f'<p lang="en">{"".join(parts)}</p>')
    return "".join(paragraphs)


def plain(text: str) -> str:
    """The text without its brackets, for search and the words filter (« [Shield 2] » → « Shield 2 »)."""
    return " ".join(TOKEN.sub(r"\1", text or "").split())


def keyword_parts(keyword: str) -> tuple[str, int | None]:
    """« Shield 2 » → (« Shield », 2); « Quick-Draw » → (« Quick-Draw », None)."""
    match = KEYWORD.match(keyword.strip())
    if not match:
        return keyword.strip(), None
    number = match.group("number")
    return match.group("name"), int(number) if number else None
