"""« Une première partie entière »: the worked example ``premiere-partie`` told turn by turn for a beginner.

The story is the scenario's own action notes; each moment opens the step of the engine's trace where that action
starts. The steps of /debuter/ point to the moment of the game that shows what they explain, found in the trace by
its kind (the first unit played, the first combat…), never by a hand-written step number.
"""

from __future__ import annotations

from engine.actions import Do
from engine.stored import Step, StoredResult
from engine.vocab import Reason, StepKind
from worked_examples.models import WorkedExample

SLUG = "premiere-partie"
PLAYER_ID = f"player-{SLUG}"

# What each step of /debuter/ explains, as the first trace step that shows it: (step kind, action done, reason).
MOMENTS = {
    "la-mise-en-place": (StepKind.SETUP, None, None),
    "les-phases-du-tour": (StepKind.PHASE, None, Reason.CHANNEL),
    "jouer-une-carte": (StepKind.ACTION, Do.PLAY_UNIT, None),
    "deplacer-et-attaquer": (StepKind.ACTION, Do.STANDARD_MOVE, None),
    "le-combat": (StepKind.COMBAT, None, None),
    "marquer-des-points": (StepKind.SCORE, None, None),
    "le-but": (StepKind.CLEANUP, None, Reason.VICTORY),
}


def example() -> WorkedExample | None:
    return WorkedExample.objects.filter(slug=SLUG).first()


def _trace(result: StoredResult | dict) -> tuple[Step, ...]:
    return StoredResult.from_dict(result, states=False).main.trace


def _action_steps(trace: tuple[Step, ...]) -> dict[int, int]:
    """Action number → index of the trace step that announces it."""
    found: dict[int, int] = {}
    for step in trace:
        if step.kind == StepKind.ACTION and step.action is not None:
            found.setdefault(step.action, step.index)
    return found


def story(data: dict, result: StoredResult | dict) -> list[dict]:
    """The turns of the game, each with its moments: the note of an action and the trace step where it starts."""
    names = {p["id"]: p.get("name") or p["id"] for p in data.get("players") or []}
    order = [p["id"] for p in data.get("players") or []]
    current = data.get("turn_player") or (order[0] if order else None)
    starts = _action_steps(_trace(result))
    turns: list[dict] = []
    for number, action in enumerate(data.get("actions") or []):
        if action.get("do") == Do.START_TURN or not turns:
            turns.append({"number": len(turns) + 1, "player": names.get(current, ""), "moments": []})
        if action.get("note") and number in starts:
            turns[-1]["moments"].append({"text": action["note"], "index": starts[number]})
        if action.get("do") == Do.END_TURN and order:
            current = order[(order.index(current) + 1) % len(order)]
    return turns


def moment_index(data: dict, result: StoredResult | dict, step_slug: str) -> int | None:
    """The trace step of the first game that shows what a step of /debuter/ explains."""
    wanted = MOMENTS.get(step_slug)
    if wanted is None:
        return None
    kind, action_do, reason = wanted
    actions = data.get("actions") or []
    for step in _trace(result):
        if step.kind != kind:
            continue
        if reason and step.reason.code != reason:
            continue
        if action_do and (step.action is None or actions[step.action].get("do") != action_do):
            continue
        return step.index
    return None
