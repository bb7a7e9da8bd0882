"""The player's HTML, byte for byte, for every shipped example (issue 9, item 4: typed trace).

``player_html_snapshot.json.gz`` was rendered by the player before it read a typed trace: the first step, the
middle step, the last step, one step in « détail » mode, the last step of each other branch, and two « Et si… ? »
variants (the first and the last switch). A refactor of the player must render exactly the same fragments.

After a deliberate change to what the player shows (template, engine, narration…), render the snapshot again:
``UPDATE_PLAYER_SNAPSHOT=1 .venv/bin/python -m pytest tests/worked_examples/test_player_snapshot.py``
and review the diff of the JSON file.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.test import RequestFactory

from engine.kinds import Param
from worked_examples import computing, steps, whatif
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR
from worked_examples.views import example_context

SNAPSHOT = Path(__file__).with_name("player_html_snapshot.json.gz")  # gzip: 7 MB of HTML → a few hundred KB
# Tooltip ids carry a salt: not part of what the player computes.
TOOLTIP_ID_RE = re.compile(r'(id|aria-describedby)="tt-[^"]*"')

pytestmark = pytest.mark.django_db


def flipped(switch: Param) -> str:
    """A value different from the scenario's for one « Et si… ? » switch, as the form would send it."""
    if switch.type == "bool":
        return "" if switch.default else "1"
    value, high = switch.default, switch.max
    return str(value + 1 if high is None or value < high else value - 1)


def queries(example: WorkedExample) -> list[tuple[str, dict]]:
    """The requests rendered for one example, each with a stable key."""
    result = example.result
    all_branches = steps.branches(result)
    total = len(all_branches[0]["trace"])
    out = [
        ("debut", {}),
        ("milieu", {"etape": str(total // 2)}),
        ("fin", {"etape": "fin"}),
        ("detail", {"detail": "1", "etape": "1"}),
    ]
    out += [(f"branche-{i}", {"branche": str(i), "etape": "fin"}) for i in range(1, len(all_branches))]
    available = whatif.available_switches(computing.parse_scenario(example.scenario))
    for name, switch in (("si-premier", available[:1]), ("si-dernier", available[-1:])):
        if switch:
            out.append((name, {"si": "1", "etape": "fin", switch[0].name: flipped(switch[0])}))
    return out


def render_all() -> dict[str, dict]:
    request = RequestFactory().get("/")
    rendered: dict[str, dict] = {}
    for example in WorkedExample.objects.order_by("slug"):
        for key, query in queries(example):
            cache.clear()  # every « Et si » runs the engine, as on a cold cache
            context, status = example_context(example, query)
            html = render_to_string("examples/_player.html", context, request)
            rendered[f"{example.slug}/{key}"] = {"query": query, "status": status,
                                                  "html": TOOLTIP_ID_RE.sub("", html)}
    return rendered


def test_every_shipped_example_renders_the_same_html(site_content):
    rendered = render_all()
    assert len({key.split("/")[0] for key in rendered}) == len(list(SCENARIOS_DIR.glob("*.yaml")))
    if os.environ.get("UPDATE_PLAYER_SNAPSHOT") == "1":
        with gzip.open(SNAPSHOT, "wt", encoding="utf-8") as handle:
            handle.write(json.dumps(rendered, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as handle:
        expected = json.load(handle)
    assert sorted(rendered) == sorted(expected)
    for key, snapshot in expected.items():
        assert rendered[key]["query"] == snapshot["query"], key
        assert rendered[key]["status"] == snapshot["status"], key
        assert rendered[key]["html"] == snapshot["html"], key
