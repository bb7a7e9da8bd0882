"""French text analysis shared by indexing and querying, identical on every database.

A text becomes a list of index tokens: lower case, accents removed, French stop words dropped, each word cut
to its Snowball stem. Both backends store and match these tokens (SQLite FTS5 and PostgreSQL see only
already-analysed text), so « négatives », « negatif » and « Négatif » meet on the same token on both.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from pathlib import Path

import snowballstemmer

CONTENT_DIR = Path(__file__).resolve().parent / "content"
# Letters and digits of any script; apostrophes and hyphens separate words (« qu'une », « arrière-ligne »).
WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)

# A Snowball stemmer keeps the word it works on in itself: one per thread (gunicorn's gthread workers).
_local = threading.local()


def _stemmer():
    if (stemmer := getattr(_local, "stemmer", None)) is None:
        stemmer = _local.stemmer = snowballstemmer.stemmer("french")
    return stemmer


COMBINING_RE = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def normalise(text: str) -> str:
    """Lower case, accents removed, ligatures expanded: « Dépendance ŒUVRE » → « dependance oeuvre »."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("œ", "oe").replace("æ", "ae"))
    return COMBINING_RE.sub("", decomposed)


def words(text: str) -> list[str]:
    """The normalised words of ``text``, in order."""
    return WORD_RE.findall(normalise(text))


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    """French words too common to tell two texts apart (``search/content/stopwords.txt``, one per line)."""
    lines = (CONTENT_DIR / "stopwords.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(normalise(line.strip()) for line in lines if line.strip() and not line.startswith("#"))


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """The index token of one normalised word.

    Words are stemmed after their accents are removed, since players type without them. Three endings the
    stemmer leaves on verbs are cut too, so that the forms a player types meet the forms a text uses: a final
    « e » (« epuisee » and « epuiser » → « epuis »), a plural « ent » (« comptent » and « compte » → « compt »)
    and the « r » of an infinitive in « re » (« perdre » and « perds » → « perd »), each only when at least four
    letters remain.
    """
    if word.isdigit() or len(word) <= 2:
        return word
    token = _stemmer().stemWord(word)
    if len(token) > 4 and token.endswith("e"):
        token = token[:-1]
    if len(token) >= 7 and token.endswith("ent"):
        token = token[:-3]
    if len(token) >= 5 and token.endswith("r") and token[-2] not in "aeiouy":
        token = token[:-1]
    return token


def is_stop_word(word: str) -> bool:
    return word in stop_words()


def tokens(text: str) -> list[str]:
    """Index tokens of ``text``: stop words dropped, the others stemmed."""
    stops = stop_words()
    return [stem(word) for word in words(text) if word not in stops]


def index_text(*parts: str) -> str:
    """Stored form of a text for the full-text index: its tokens separated by spaces."""
    return " ".join(token for part in parts if part for token in tokens(part))


def vocabulary(*parts: str) -> dict[str, str]:
    """Each distinct normalised word of the texts (3 letters or more, no stop word) with its token."""
    stops = stop_words()
    found: dict[str, str] = {}
    for part in parts:
        for word in words(part or ""):
            if len(word) >= 3 and word not in stops and not word.isdigit() and word not in found:
                found[word] = stem(word)
    return found
