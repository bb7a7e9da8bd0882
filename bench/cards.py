"""Cards benchmark: importing the 1,058 shipped cards, then the gallery's filter queries (form, count, one page).

Run from the repository root: `.venv/bin/python bench/cards.py` (throwaway SQLite database), or
`scripts/with-postgres.sh .venv/bin/python bench/cards.py` for PostgreSQL. The goal for a gallery filter is a
median under 30 ms.
"""

from __future__ import annotations

import shutil
import statistics
import time
from collections import Counter
from types import SimpleNamespace

from _search_db import search_setup

DB = search_setup("cards")

from django.core.paginator import Paginator  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from cards.forms import GalleryForm  # noqa: E402
from cards.loader import load_cards  # noqa: E402
from cards.models import Card, ImportRecord  # noqa: E402
from cards.views import PER_PAGE  # noqa: E402
from core.bulk import bulk_change  # noqa: E402

FILTERS = [
    {}, {"type": "Unit"}, {"domaine": "Fury"}, {"extension": "SFD", "type": "Spell"}, {"mot_cle": "Shield"},
    {"cout": "3"}, {"puissance": "8"}, {"q": "draw"}, {"q": "saute-nuages"}, {"q": "deal 3 unit battlefield"},
    {"domaine": "Calm", "mot_cle": "Hidden", "cout": "2"}, {"extension": "RAD", "page": "2"}, {"page": "15"},
]
ROUNDS = 30


def loader() -> SimpleNamespace:
    return SimpleNamespace(force=False, stats=Counter(), messages=[], sync=lambda *args, **kwargs: None)


def import_times() -> tuple[float, float]:
    started = time.perf_counter()
    with transaction.atomic(), bulk_change():
        load_cards(loader())
    fresh = time.perf_counter() - started
    started = time.perf_counter()
    load_cards(loader())
    return fresh, time.perf_counter() - started


def gallery_query(params: dict) -> int:
    """What the gallery view does with one request's filters: the form, the count, the page of tiles."""
    form = GalleryForm(params or None)
    cards = Card.objects.for_gallery().filtered(**form.filters())
    page = Paginator(cards, PER_PAGE).get_page(params.get("page"))
    return len(list(page.object_list)) + page.paginator.count


def main() -> None:
    fresh, unchanged = import_times()
    print(f"{connection.vendor}: {Card.objects.count()} cards, {ImportRecord.objects.count()} import records")
    print(f"import of the shipped cards, empty database (search index included): {fresh * 1000:.0f} ms")
    print(f"import again, nothing changed: {unchanged * 1000:.0f} ms")
    samples = []
    for _ in range(ROUNDS):
        for params in FILTERS:
            started = time.perf_counter()
            gallery_query(params)
            samples.append(time.perf_counter() - started)
    samples.sort()
    median = statistics.median(samples) * 1000
    p95 = samples[int(len(samples) * 0.95)] * 1000
    print(f"gallery filter ({len(FILTERS)} filters x {ROUNDS}): median {median:.2f} ms, 95th percentile {p95:.2f} ms "
          f"(goal: median < 30 ms) {'OK' if median < 30 else 'TOO SLOW'}")
    for params in FILTERS:
        times = []
        for _ in range(10):
            started = time.perf_counter()
            gallery_query(params)
            times.append(time.perf_counter() - started)
        print(f"  {params or 'no filter'}: median {statistics.median(times) * 1000:.2f} ms")


if __name__ == "__main__":
    try:
        main()
    finally:
        if DB is not None:
            shutil.rmtree(DB.parent, ignore_errors=True)
