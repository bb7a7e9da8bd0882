"""gunicorn.conf.py serves requests in threads: what the threads of one worker share must bear it."""

from __future__ import annotations

import threading

from search import text


def test_the_search_stemmer_is_safe_across_threads():
    """A Snowball stemmer holds the word it works on; one shared by threads mixed two words and raised
    IndexError on /recherche/ under load (found by bench/soak.py)."""
    words = ["quelquefois", "épuisements", "perdre", "qualifications", "comptaient", "conquérir"] * 600
    expected = {word: text.stem.__wrapped__(word) for word in set(words)}
    errors: list[str] = []

    def run(chunk: list[str]) -> None:
        try:
            for word in chunk:
                if text.stem.__wrapped__(word) != expected[word]:
                    errors.append(word)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(repr(exc))

    threads = [threading.Thread(target=run, args=(words[n::8],)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
