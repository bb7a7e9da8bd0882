"""The trace: plain data recording every step the engine takes.

Each step keeps a reference to a snapshot of the whole board; snapshots are shared
copy-on-write dictionaries, so recording a step costs little and a dict is only built when the
trace is turned into JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .kinds import STEP_KIND_LABELS, StepKind
from .scenario import EngineLimitError


class ObjectView(NamedTuple):
    """What the board shows of one object at a step (a named, immutable snapshot)."""

    name: str
    printed_power: int
    power: int
    keywords: tuple
    mighty: bool
    zone: str
    exhausted: bool
    controller: str | None
    defending: bool
    at: str | None
    damage: int
    stunned: bool
    attacking: bool
    type: str


class PlayerView(NamedTuple):
    name: str
    xp: int
    points: int
    hand: int
    deck: int


class EffectView(NamedTuple):
    label: str
    active: bool
    since: int | None


class BattlefieldView(NamedTuple):
    id: str
    controller: str | None
    contested_by: str | None


class ChainItemView(NamedTuple):
    id: int
    label: str
    player: str
    speed: str
    target: str | None


class BoardView(NamedTuple):
    """Battlefields, the chain (oldest first), the showdown, priority and turn at a step."""

    battlefields: tuple
    chain: tuple
    showdown: tuple | None
    priority: str | None
    turn_player: str
    turn: int


class Snapshot(NamedTuple):
    """The whole board at a step; its dicts are shared between steps (copy on write)."""

    objects: dict
    players: dict
    effects: dict
    applied: frozenset
    board: BoardView | None


OBJECT_FIELDS = ObjectView._fields
_STEP_KINDS = {m: m.value for m in StepKind}  # one dict lookup checks a kind and gives its plain value
MAX_STEPS = 20_000
MAX_WORK = 400_000  # dependency trials: bounds the time of a scenario (well under a few seconds)


@dataclass(slots=True)
class Step:
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
    snapshot: Snapshot

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
            "state": materialize(self.snapshot, cache),
        }


def materialize(snapshot: tuple, cache: dict) -> dict:
    """Turn a shared snapshot into the `state` dict of a step (cached per snapshot)."""
    objs, players, effs, applied, board = snapshot
    key_o = id(objs)
    if key_o not in cache:
        cache[key_o] = (
            objs,
            {
                oid: {f: (list(v) if f == "keywords" else v) for f, v in zip(OBJECT_FIELDS, tup, strict=True)}
                for oid, tup in objs.items()
            },
        )
    key_p = id(players)
    if key_p not in cache:
        cache[key_p] = (
            players,
            {pid: {"name": t[0], "xp": t[1], "points": t[2], "hand": t[3], "deck": t[4]} for pid, t in players.items()},
        )
    key_e = (id(effs), id(applied))
    if key_e not in cache:
        cache[key_e] = (
            (effs, applied),
            {eid: {"label": t[0], "active": t[1], "since": t[2], "applied": eid in applied} for eid, t in effs.items()},
        )
    return {
        "objects": cache[key_o][1],
        "players": cache[key_p][1],
        "effects": cache[key_e][1],
        "board": board_dict(board),
    }


def board_dict(board: tuple | None) -> dict:
    """The `board` part of a snapshot: battlefields, the chain, the showdown, priority and turn."""
    if not board:
        return {"battlefields": {}, "chain": [], "showdown": None, "priority": None, "turn_player": None, "turn": 1}
    bfs, chain, showdown, priority, turn_player, turn = board
    return {
        "battlefields": {b: {"controller": c, "contested": bool(k), "contested_by": k} for b, c, k in bfs},
        "chain": [{"id": i, "label": lab, "player": p, "speed": sp, "target": t} for i, lab, p, sp, t in chain],
        "showdown": dict(showdown) if showdown else None,
        "priority": priority,
        "turn_player": turn_player,
        "turn": turn,
    }


@dataclass
class Tracer:
    """Records steps and keeps the current board display for snapshots."""

    enabled: bool = True
    steps: list[Step] = field(default_factory=list)
    action: int | None = None
    computation: int | None = None
    objs: dict = field(default_factory=dict)
    players: dict = field(default_factory=dict)
    effs: dict = field(default_factory=dict)
    applied: frozenset = frozenset()
    board: BoardView | None = None
    count: int = 0
    work: int = 0
    _shared: set = field(default_factory=set)

    def _own(self, name: str) -> dict:
        d = getattr(self, name)
        if name in self._shared:
            d = dict(d)
            setattr(self, name, d)
            self._shared.discard(name)
        return d

    def show_object(self, oid: str, tup: tuple) -> None:
        if not self.enabled or self.objs.get(oid) == tup:
            return
        self._own("objs")[oid] = tup

    def show_player(self, pid: str, tup: tuple) -> None:
        if not self.enabled or self.players.get(pid) == tup:
            return
        self._own("players")[pid] = tup

    def show_effect(self, eid: str, tup: tuple) -> None:
        if not self.enabled or self.effs.get(eid) == tup:
            return
        self._own("effs")[eid] = tup

    def show_board(self, tup: tuple) -> None:
        if self.enabled:
            self.board = tup

    def mark_applied(self, eid: str) -> None:
        if self.enabled:
            self.applied = self.applied | {eid}

    def reset_applied(self) -> None:
        self.applied = frozenset()

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
        self._shared.update(("objs", "players", "effs"))
        idx = len(self.steps)
        self.steps.append(
            Step(
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
                Snapshot(self.objs, self.players, self.effs, self.applied, self.board),
            )
        )
        return idx


def steps_to_dicts(steps: list[Step], narrate: Any) -> list[dict]:
    """The trace as JSON-ready dicts, each with its French narration."""
    cache: dict = {}
    out = []
    for s in steps:
        d = s.to_dict(cache)
        d["text"] = narrate(d)
        out.append(d)
    return out
