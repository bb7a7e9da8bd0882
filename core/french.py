"""Generated French around proper nouns: one helper for « de » (and « à ») before a name, used by every app that
builds sentences from names (practice questions, the example player, the sandbox).

The names of the examples are of two sorts: card names used as proper nouns (« Annie », « Vi », « Yasuo ») and
placeholders that are common nouns with a letter (« Unité A », « Jeton B »). A proper noun takes « de » with elision
before a vowel sound (« d'Annie », but « de Yasuo »: a y before a vowel is a consonant); a placeholder is a noun and
takes its article (« de l'unité A », « du jeton B »).
"""

from __future__ import annotations

import re

_VOWELS = set("aeiouyàâäéèêëîïôöùûüœhAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒH")
# Placeholder nouns → (gender, lower-case noun). Feminine nouns starting with a vowel take « l' » like masculine.
_PLACEHOLDERS = {"unité": "f", "jeton": "m", "recrue": "f", "créature": "f", "équipement": "m", "sort": "m",
                 "rune": "f", "carte": "f"}
_PLACEHOLDER_RE = re.compile(r"^(?P<noun>\w+)(?P<rest>\s+[A-Z0-9]{1,2})$")


def _placeholder(name: str) -> tuple[str, str] | None:
    """(gender, « noun X » in lower case) when ``name`` is a placeholder such as « Unité A »."""
    found = _PLACEHOLDER_RE.match(name.strip())
    if not found:
        return None
    noun = found["noun"].lower()
    gender = _PLACEHOLDERS.get(noun)
    return (gender, noun + found["rest"]) if gender else None


def _elides(word: str) -> bool:
    first = word[:1]
    if first in "yY":
        # « Yasuo », « Yone »: y before a vowel is a consonant; « Ysolde » would elide, no such name here.
        return len(word) > 1 and word[1].lower() not in "aeiouéèê"
    return first in _VOWELS


def with_article(name: str) -> str:
    """The name as the subject of a sentence: « l'unité A », « le jeton B », « Annie »."""
    found = _placeholder(name)
    if not found:
        return name
    gender, noun = found
    if _elides(noun):
        return f"l'{noun}"
    return f"{'la' if gender == 'f' else 'le'} {noun}"


def de(name: str) -> str:
    """« de » before a name: « de Vi », « d'Annie », « de Yasuo », « de l'unité A », « du jeton B »."""
    found = _placeholder(name)
    if found:
        article = with_article(name)
        return "du " + article[3:] if article.startswith("le ") else f"de {article}"
    return f"d'{name}" if _elides(name) else f"de {name}"


def a(name: str) -> str:
    """« à » before a name: « à Vi », « à l'unité A », « au jeton B »."""
    article = with_article(name)
    return "au " + article[3:] if article.startswith("le ") else f"à {article}"
