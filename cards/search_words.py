"""Words of a card for the gallery's « mots du nom ou du texte » filter: accents, case and punctuation ignored."""

from __future__ import annotations

import re
import unicodedata

WORD = re.compile(r"[a-z0-9]+")


def words_of(text: str) -> list[str]:
    """« Fiora, Victorieuse » → [« fiora », « victorieuse »]; each word once, in order."""
    ascii_text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()
    return list(dict.fromkeys(WORD.findall(ascii_text.replace("'", ""))))
