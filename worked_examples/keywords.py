"""Which worked examples show each keyword, read from what the engine computed, never from a hand-made list.

A keyword counts for an example when a card of the example has it at some step of its trace (any branch): a
unit, an equipment (Unique, Équiper) or a spell (Réaction, Répétition), printed on it, or given by an effect or an
equipment while it applies. Its value is left out (« Assaut 2 » shows
Assaut). Declared on ``WorkedExamplesConfig.keyword_examples``: the glossary links a keyword's page to these examples
without importing this app.
"""

from __future__ import annotations

import json

from core.fragments import fragment
from engine.snapshots import ObjectState
from engine.stored import StoredResult
from engine.vocab import keyword_base

from .models import WorkedExample


def keywords_in(result: StoredResult | dict) -> set[str]:
    """Every keyword a card has at some step of ``result`` (the engine's result, with its branches)."""
    result = StoredResult.from_dict(result)
    found: set[str] = set()
    seen: set[ObjectState] = set()  # an object unchanged from one step to the next is read once
    for branch in (result.main, *result.outcomes):
        for step in branch.trace:
            for obj in step.state.objects.values():
                if obj not in seen:
                    seen.add(obj)
                    found.update(keyword_base(keyword) for keyword in obj.keywords)
    return found


def _index() -> dict[str, list[dict]]:
    index: dict[str, list[dict]] = {}
    for example in WorkedExample.objects.order_by("topic", "order", "title").only("slug", "title", "result"):
        for keyword in sorted(keywords_in(example.result or {})):
            index.setdefault(keyword, []).append({"title": example.title, "url": example.get_absolute_url()})
    return index


def examples_by_keyword() -> dict[str, list[dict]]:
    """``{keyword: [{"title", "url"}, …]}`` for every stored example. The traces are read once per content version
    (a change to any example starts a new one), then the index comes from the fragment cache."""
    return json.loads(fragment("keyword-examples", (), lambda: json.dumps(_index(), ensure_ascii=False)))
