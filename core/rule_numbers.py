"""The one grammar of a Core Rules number, for every app that reads, links or searches one.

A rule number is a top-level number (1 to 999, written with three digits: « 050 », « 468 ») followed by optional
sub-parts: « 468.1 », « 468.1.a », « 468.1.a.1 ». Texts cite it as « R. 468.1 »; players type it in many ways.
"""

from __future__ import annotations

import re

# As the rules write it: three digits, then sub-parts.
NUMBER = r"\d{3}(?:\.(?:\d{1,3}|[a-z]))*"
NUMBER_IN_TEXT_RE = re.compile(rf"\b{NUMBER}\b")
# « R. 468 », « R. 468.1.a » in a text, rendered or not (the space may be a non-breaking one).
CITATION_RE = re.compile(rf"\bR\.(?:\s|&nbsp;|\u00a0|\u202f)?({NUMBER})(?![\w.]\w)")
# What an editor may type in a form: « R466 », « r. 466.2 », « 50 » (read as « 050 »).
TYPED_RE = re.compile(r"^R?\.?\s*(\d{1,3})((?:\.(?:\d{1,3}|[a-z]))*)$", re.IGNORECASE)
# What a player may type in the search box: « 459 », « R459 », « R. 468.1 », « règle 103.b ». A bare number needs
# three digits (« 2 » is no rule); after « R » or « règle » one to three will do.
ASKED_RE = re.compile(
    r"^\s*(?:(?:r|r[eè]gles?)\s*\.?\s*(\d{1,3})((?:\.(?:\d{1,3}|[a-z]))*)|(\d{3})((?:\.(?:\d{1,3}|[a-z]))*))\s*\.?\s*$",
    re.IGNORECASE,
)


def _number(top: str, rest: str) -> str | None:
    value = int(top)
    return f"{value:03d}{rest.lower()}" if 1 <= value <= 999 else None


def parse(text: str) -> str | None:
    """« 466.2.c », « R466 », « r. 466 » → « 466.2.c » / « 466 »; None when it is not a rule number."""
    match = TYPED_RE.match((text or "").strip().rstrip("."))
    return _number(match.group(1), match.group(2)) if match else None


def asked_for(query: str) -> str | None:
    """The rule number a search query is made of (« règle 468.1 » → « 468.1 »), or None."""
    match = ASKED_RE.match(query or "")
    if not match:
        return None
    return _number(match.group(1), match.group(2)) if match.group(1) else _number(match.group(3), match.group(4))


def first_cited(text: str | None) -> str | None:
    """The first number cited « R. n » in a text (« R. 815–817 » → « 815 »), or None."""
    match = CITATION_RE.search(text or "")
    return match.group(1) if match else None


def top_of(number: str) -> int:
    return int(number.split(".", 1)[0])
