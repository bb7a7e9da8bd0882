"""« Ce coup est-il permis ? »: a situation, a move, and the engine's verdict, found by trying the move.

The situations are in ``content/permis.yaml`` (a scenario without expectations, the move, changes of the situation).
Nothing there says whether the move is legal: the engine plays the situation followed by the move; a refusal
(``ScenarioError`` whose path is that very action) is a « non » with the engine's reason, anything else a « oui ».
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass
from pathlib import Path

import yaml
from django.utils.text import capfirst

import engine
from engine.stored import Step, StoredResult
from engine.vocab import StepKind
from rules import citations

CONTENT = Path(__file__).resolve().parent / "content" / "permis.yaml"
YES, NO = "oui", "non"


class BrokenSituation(Exception):
    """The situation itself (before the move) is refused: the question cannot be asked."""


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    reason: str  # the engine's refusal, or what it did with the move
    rules: tuple[str, ...]
    steps: tuple[str, ...]  # the engine's narration of the move (allowed) — empty when refused

    @property
    def answer(self) -> str:
        return YES if self.allowed else NO


@functools.cache
def source() -> dict:
    return yaml.safe_load(CONTENT.read_text(encoding="utf-8"))


def situations() -> list[dict]:
    return list(source()["situations"])


def situation(slug: str) -> dict | None:
    return next((item for item in situations() if item["slug"] == slug), None)


def scenario_of(item: dict, change: dict | None = None) -> dict:
    """The situation as a scenario dict, with a change merged in (objects and players by id, field by field)."""
    data = copy.deepcopy(item["situation"])
    data.setdefault("title", item["title"])
    data.setdefault("description", item["ask"])
    data.setdefault("topic", item["area"])
    data.setdefault("actions", [])
    for key in ("objects", "players"):
        for ident, fields in ((change or {}).get(key) or {}).items():
            target = next(entry for entry in data[key] if entry["id"] == ident)
            target.update(copy.deepcopy(fields))
    if change and "actions" in change:
        data["actions"] = copy.deepcopy(change["actions"])
    if change and "turn_player" in change:
        data["turn_player"] = change["turn_player"]
    return data


def rules_in(text: str) -> tuple[str, ...]:
    return tuple(citations.numbers_in_notes(text))


def _key(data: dict) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=True)


@functools.lru_cache(maxsize=256)
def _judge(text: str, move_index: int) -> Verdict:
    data = yaml.safe_load(text)
    before = {**data, "actions": data["actions"][:move_index]}
    try:
        engine.run(engine.load_scenario(before), trace=False)
    except engine.ScenarioError as exc:
        raise BrokenSituation(exc.message) from None
    try:
        result = engine.run(engine.load_scenario(data)).to_dict()
    except engine.ScenarioError as exc:
        if exc.path != ("actions", move_index):
            raise BrokenSituation(exc.message) from None
        reason = exc.reason
        return Verdict(False, capfirst(reason), rules_in(reason), ())
    steps = tuple(dict.fromkeys(
        step["text"] for step in result.get("trace") or []
        if step.get("action") == move_index and step.get("text") and step.get("kind") != StepKind.ACTION))
    rules: list[str] = []
    for text_line in steps:
        rules.extend(number for number in rules_in(text_line) if number not in rules)
    return Verdict(True, "Le moteur accepte le coup et le joue", tuple(rules[:8]), steps[:8])


def judge(item: dict, change: dict | None = None) -> Verdict:
    """Try the move in the situation (changed or not): the engine's verdict."""
    data = scenario_of(item, change)
    move_index = len(data["actions"])
    data["actions"] = data["actions"] + [copy.deepcopy(item["move"])]
    return _judge(_key(data), move_index)


def action_steps(item: dict, change: dict | None = None) -> list[Step]:
    """The engine's action steps of what happened before the move (their narration is the situation's end)."""
    data = scenario_of(item, change)
    if not data["actions"]:
        return []
    result = StoredResult.from_dict(engine.run(engine.load_scenario(data)).to_dict(), states=False)
    return [step for step in result.main.trace if step.kind == StepKind.ACTION and step.text]


def action_lines(item: dict, change: dict | None = None) -> list[str]:
    """What happened before the move, in the engine's words."""
    return [step.text for step in action_steps(item, change)]
