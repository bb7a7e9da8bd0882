"""The trace: plain data recording every step the engine takes.

Each step keeps the game state right after it (``snapshots.GameState``).  The tracer stages what the
simulator shows (``show_object``…) and, at each step, folds it into the state with ``snapshots.apply``;
before any step that is not part of a layer computation, it first shows the whole world again, so the state
after every event is the world the event left behind.  A JSON dict is only built when the trace is turned
into JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .kinds import REASONS, STEP_KIND_LABELS, StepKind
from .scenario import EngineLimitError
from .snapshots import (
    BoardState,
    EffectState,
    GameState,
    ObjectState,
    PlayerState,
    StateEvent,
    apply,
    object_fields,
    state_dict,
)

_STEP_KINDS = {m: m.value for m in StepKind}  # one dict lookup checks a kind and gives its plain value
# Steps inside a layer computation show intermediate characteristics: the world is not shown again before them.
_COMPUTATION = frozenset(m.value for m in (StepKind.OBJECT, StepKind.LAYER, StepKind.APPLY, StepKind.SKIP,
                                           StepKind.REEXAMINE))
MAX_STEPS = 20_000
MAX_WORK = 400_000  # dependency trials: bounds the time of a scenario (well under a few seconds)


@dataclass(slots=True)
class RecordedStep:
    """A step as the tracer records it (its state typed, its reason still the dict the simulator wrote); read
    back from JSON, a step is a ``stored.Step``."""

    index: int
    kind: str
    action: int | None
    object: str | None
    layer: str | None
    pass_: int
    effect: str | None
    reason: dict
    candidates: tuple
    before: dict | None
    after: dict | None
    computation: int | None
    stage: str | None
    state: GameState

    def to_dict(self, cache: dict) -> dict:
        return {
            "index": self.index,
            "kind": self.kind,
            "kind_label": STEP_KIND_LABELS.get(self.kind, self.kind),
            "action": self.action,
            "object": self.object,
            "layer": self.layer,
            "step": self.stage,
            "pass": self.pass_,
            "computation": self.computation,
            "effect": self.effect,
            "reason": self.reason,
            "candidates": list(self.candidates),
            "before": self.before,
            "after": self.after,
            "state": state_dict(self.state, cache),
        }


@dataclass
class Tracer:
    """Records steps; stages what the simulator shows and folds it into the state at each step."""

    enabled: bool = True
    steps: list[RecordedStep] = field(default_factory=list)
    action: int | None = None
    computation: int | None = None
    state: GameState = field(default_factory=GameState)
    refresh: Callable[[], None] | None = None  # shows the whole world (set by the simulator)
    count: int = 0
    work: int = 0
    _objects: dict = field(default_factory=dict)
    _raw: dict = field(default_factory=dict)  # the fields last shown of each object
    _made: dict = field(default_factory=dict)  # fields → the ObjectState already built for them
    _players: dict = field(default_factory=dict)
    _effects: dict = field(default_factory=dict)
    _applied: frozenset | None = None
    _board: BoardState | None = None

    def show_object(self, oid: str, obj, chars) -> None:
        """Show a game object (``state.Obj``) with its characteristics (``layers.Chars``)."""
        if not self.enabled:
            return
        raw = object_fields(oid, obj, chars)
        if self._raw.get(oid) != raw:
            self._raw[oid] = raw
            made = self._made.get(raw)  # an object often shows the same values again (each computation
            if made is None:  # starts from the printed ones): one ObjectState per distinct set of values
                made = self._made[raw] = ObjectState(*raw)
            self._objects[oid] = made

    def show_player(self, pid: str, player: PlayerState) -> None:
        if self.enabled and self._players.get(pid, self.state.players.get(pid)) != player:
            self._players[pid] = player

    def show_effect(self, eid: str, effect: EffectState) -> None:
        if self.enabled and self._effects.get(eid, self.state.effects.get(eid)) != effect:
            self._effects[eid] = effect

    def effect_shown(self, eid: str) -> EffectState | None:
        """The effect as the next step will show it."""
        return self._effects.get(eid, self.state.effects.get(eid))

    def effects_shown(self) -> list[str]:
        return list({**self.state.effects, **self._effects})

    def show_board(self, board: BoardState) -> None:
        if self.enabled and board != (self._board or self.state.board):
            self._board = board

    def mark_applied(self, eid: str) -> None:
        if self.enabled:
            applied = self.state.applied if self._applied is None else self._applied
            self._applied = applied | {eid}

    def reset_applied(self) -> None:
        self._applied = frozenset()

    def fold(self, kind: str) -> GameState:
        """The state after a step of ``kind``: what was shown since the last step, applied (``snapshots.apply``)."""
        if self._objects or self._players or self._effects or self._applied is not None or self._board is not None:
            event = StateEvent(kind, tuple(self._objects.items()), tuple(self._players.items()),
                               tuple(self._effects.items()), self._applied, self._board)
            self.state = apply(self.state, event)
            self._objects, self._players, self._effects = {}, {}, {}
            self._applied = self._board = None
        return self.state

    def tick(self) -> None:
        """Count one unit of work; the hard cap makes every scenario terminate."""
        self.count += 1
        if self.count > MAX_STEPS:
            raise EngineLimitError(f"calcul interrompu : plus de {MAX_STEPS} étapes (limite de sécurité atteinte)")

    def spend(self, n: int) -> None:
        """Count ``n`` dependency trials against the hard cap on computation work."""
        self.work += n
        if self.work > MAX_WORK:
            raise EngineLimitError(
                f"calcul interrompu : plus de {MAX_WORK} essais de dépendance (limite de sécurité atteinte)"
            )

    def step(
        self,
        kind: str,
        *,
        object: str | None = None,
        layer: str | None = None,
        pass_: int = 0,
        effect: str | None = None,
        reason: dict | None = None,
        candidates: tuple = (),
        before: dict | None = None,
        after: dict | None = None,
        stage: str | None = None,
    ) -> int:
        self.tick()
        if not self.enabled:
            return -1
        kind = _STEP_KINDS[kind]  # a member of kinds.StepKind (KeyError otherwise), stored as plain text
        if reason and kind != "event":  # an event step carries its event's type, checked by ``emit``
            reason["code"] = REASONS[reason["code"]]  # a member of kinds.Reason (KeyError otherwise), plain text
        if self.refresh is not None and kind not in _COMPUTATION:
            self.refresh()
        idx = len(self.steps)
        self.steps.append(
            RecordedStep(
                idx,
                kind,
                self.action,
                object,
                layer,
                pass_,
                effect,
                reason or {},
                tuple(candidates),
                before,
                after,
                self.computation,
                stage,
                self.fold(kind),
            )
        )
        return idx


def steps_to_dicts(steps: list[RecordedStep], narrate: Any) -> list[dict]:
    """The trace as JSON-ready dicts, each with its French narration."""
    cache: dict = {}
    out = []
    for s in steps:
        d = s.to_dict(cache)
        d["text"] = narrate(d)
        out.append(d)
    return out
