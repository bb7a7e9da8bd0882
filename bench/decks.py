"""« Mon deck » benchmark: server time of a 56-card deck's page (legend, 40-card main deck, 12 runes, 3
battlefields) through Django's full stack, with the page cache off and the process caches of each module as a
visitor meets them after the first request. Prints the median and the maximum of the wall-clock time, and the
median CPU time of this process (the machine's other work does not count in it); the goal is under 100 ms.

Run from the repository root: `.venv/bin/python bench/decks.py`.
"""

from __future__ import annotations

import json
import statistics
import time

from _django import ROOT, setup

DB = setup("decks")

from django.core.cache import cache  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402

from rules.loader import Loader  # noqa: E402

ROUNDS = 30
GOAL_MS = 100


def main() -> None:
    Loader().load_all()
    client = Client()
    lists = sorted((ROOT / "decks" / "data" / "decklists").glob("*.json"))
    print(f"{'deck':<26} {'cartes':>6} {'médiane':>10} {'max':>10} {'CPU méd.':>10}")
    worst = []
    with override_settings(PAGE_CACHE_ENABLED=False):
        for path in lists:
            data = json.loads(path.read_text(encoding="utf-8"))
            size = 1 + sum(n for _, n in data["main"]) + sum(n for _, n in data["runes"]) + len(data["battlefields"])
            url = reverse("decks:deck", args=[data["deck_code"]])
            assert client.get(url).status_code == 200  # the first request fills the process caches
            times, cpu = [], []
            for _ in range(ROUNDS):
                cache.clear()
                started, started_cpu = time.perf_counter(), time.process_time()
                response = client.get(url)
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
                assert response.status_code == 200
            worst.append(max(times))
            print(f"{path.stem:<26} {size:>6} {statistics.median(times):>8.1f} ms {max(times):>7.1f} ms "
                  f"{statistics.median(cpu):>7.1f} ms")
    print(f"pire maximum : {max(worst):.1f} ms (objectif < {GOAL_MS} ms)")
    DB.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
