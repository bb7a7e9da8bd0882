"""Synonyms kept as content: ``search/content/synonyms.yaml``, read once per process.

Each group lists expressions a player uses for the same thing. A query that contains one expression (as whole
tokens, in order) also looks for the others of its group.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from .text import CONTENT_DIR, tokens

Phrase = tuple[str, ...]


@lru_cache(maxsize=4)
def groups(path: Path = CONTENT_DIR / "synonyms.yaml") -> tuple[tuple[Phrase, ...], ...]:
    """The synonym groups, each expression already turned into index tokens."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    found = []
    for group in data:
        phrases = []
        for expression in group:
            phrase = tuple(tokens(str(expression)))
            if phrase and phrase not in phrases:
                phrases.append(phrase)
        if len(phrases) > 1:
            found.append(tuple(phrases))
    return tuple(found)


@lru_cache(maxsize=1)
def known_tokens() -> frozenset[str]:
    """Every token that appears in a synonym expression (a query word close to one of them is no typo)."""
    return frozenset(token for group in groups() for phrase in group for token in phrase)


def contains(sequence: list[str], phrase: Phrase) -> bool:
    size = len(phrase)
    return any(tuple(sequence[i:i + size]) == phrase for i in range(len(sequence) - size + 1))


def expand(query_tokens: list[str]) -> list[Phrase]:
    """The expressions to look for as well as ``query_tokens``: the other members of each matched group."""
    extra: list[Phrase] = []
    for group in groups():
        if any(contains(query_tokens, phrase) for phrase in group):
            for phrase in group:
                if not contains(query_tokens, phrase) and phrase not in extra:
                    extra.append(phrase)
    return extra


@lru_cache(maxsize=4096)
def alternatives(token: str) -> frozenset[str]:
    """Tokens of the other expressions of every group in which ``token`` is an expression on its own."""
    found: set[str] = set()
    for group in groups():
        if (token,) in group:
            found.update(t for phrase in group for t in phrase)
    found.discard(token)
    return frozenset(found)
