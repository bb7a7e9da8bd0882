"""Example player benchmark: median server time of a step request and of a "what if?" request.

Run from the repository root: `.venv/bin/python bench/player.py`. Loads the shipped content into a throwaway
SQLite database, then times requests through Django's full stack (middleware, views, templates).
"""

from __future__ import annotations

import statistics
import time

from _django import setup

DB = setup("player")

from django.core.cache import cache  # noqa: E402
from django.test import Client, override_settings  # noqa: E402

from rules.loader import Loader  # noqa: E402
from worked_examples import computing, steps, whatif  # noqa: E402
from worked_examples.models import WorkedExample  # noqa: E402

ROUNDS = 15


def timed(client: Client, url: str, params: dict, headers: dict) -> float:
    started = time.perf_counter()
    response = client.get(url, params, headers=headers)
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, (url, params, response.status_code)
    return elapsed


def main() -> None:
    Loader().load_all()
    client = Client()
    htmx = {"HX-Request": "true"}
    step_times, full_times, whatif_times = [], [], []
    examples = list(WorkedExample.objects.all())
    for example in examples:
        url = example.get_absolute_url()
        total = len(steps.branches(example.result)[0]["trace"])
        data = computing.parse_scenario(example.scenario)
        switches = whatif.available_switches(data)
        first_effect = next((s for s in switches if s.name.startswith("effect:")), None)
        for round_number in range(ROUNDS):
            step_times.append(timed(client, url, {"etape": round_number % total + 1}, htmx))
        full_times.append(timed(client, url, {"etape": total // 2}, {}))
        if first_effect:
            cache.clear()  # a what-if request that runs the engine, not the cache
            params = {"si": "1", "etape": "1"}
            for switch in switches:
                if switch.type == "bool" and switch.default and switch is not first_effect:
                    params[switch.name] = "1"
            whatif_times.append(timed(client, url, params, htmx))
    # Production renders the « Et si… ? » fields of a player once per content version (core.fragments); the test
    # settings above render them on every request.
    fragment_times = []
    with override_settings(FRAGMENT_CACHE_ENABLED=True):
        cache.clear()
        for example in examples:
            url = example.get_absolute_url()
            total = len(steps.branches(example.result)[0]["trace"])
            for round_number in range(ROUNDS):
                fragment_times.append(timed(client, url, {"etape": round_number % total + 1}, htmx))
    print(f"exemples                         : {len(examples)}")
    print(f"étape (fragment htmx)            : médiane {statistics.median(step_times):.1f} ms "
          f"sur {len(step_times)} requêtes, max {max(step_times):.1f} ms")
    print(f"étape, cache des fragments actif : médiane {statistics.median(fragment_times):.1f} ms "
          f"sur {len(fragment_times)} requêtes, max {max(fragment_times):.1f} ms")
    print(f"étape (page complète)            : médiane {statistics.median(full_times):.1f} ms "
          f"sur {len(full_times)} requêtes")
    print(f"« et si ? » (moteur relancé)     : médiane {statistics.median(whatif_times):.1f} ms "
          f"sur {len(whatif_times)} requêtes, max {max(whatif_times):.1f} ms")
    DB.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
