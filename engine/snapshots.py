"""The game state as the trace shows it — snapshots, not the live state the simulator changes (that is
``live_state``): named, frozen dataclasses, and one fold per event.

``apply(state, event)`` is the only way a state changes: an ``event`` (a ``StateEvent``) carries the new
value of every entry it touched (objects, players, effects, the board), and ``apply`` returns the state with
those entries replaced — the old state is never changed, so every trace step keeps the state right after it
and two steps share what did not change.  Whoever draws the board reads these states and never
re-implements a rule: lethal damage, attached gear, the chain item resolving and who scored each battlefield
are in the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from .vocab import is_mighty

_EMPTY: Mapping = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class ObjectState:
    """One game object at a step (R. 117–120): its current characteristics on the board (printed ones
    elsewhere), where it is, its marked damage and whether that damage is lethal (R. 323.4)."""

    name: str
    printed_power: int
    power: int
    keywords: tuple[str, ...]
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
    attached_to: str | None = None
    lethal: bool = False


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's counters at a step: XP (R. 728), victory points (R. 469), hand and main deck."""

    name: str
    xp: int
    points: int
    hand: int
    deck: int


@dataclass(frozen=True, slots=True)
class EffectState:
    """An effect at a step: its label, whether its text is active, and its timestamp (R. 480)."""

    label: str
    active: bool
    since: int | None


@dataclass(frozen=True, slots=True)
class BattlefieldState:
    """A battlefield's control (R. 188–190), the player contesting it (R. 447) and who scored it this turn
    (R. 471)."""

    id: str
    name: str
    controller: str | None
    contested_by: str | None
    scored_by: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ChainItemState:
    """A spell or ability on the chain (R. 325), or leaving it to resolve (R. 340)."""

    id: int
    label: str
    player: str
    speed: str
    target: str | None


@dataclass(frozen=True, slots=True)
class ShowdownState:
    """The showdown under way (R. 341) and the player with the focus; ``combat`` when it is a combat's."""

    battlefield: str
    attacker: str | None
    defender: str | None
    focus: str | None
    combat: bool


@dataclass(frozen=True, slots=True)
class BoardState:
    """Battlefields, the chain (oldest first), the item resolving, the showdown, priority and turn."""

    battlefields: tuple[BattlefieldState, ...]
    chain: tuple[ChainItemState, ...]
    showdown: ShowdownState | None
    priority: str | None
    turn_player: str
    turn: int
    resolving: ChainItemState | None = None


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game after one step: objects, players, effects (and those applied in the computation under
    way), and the board."""

    objects: Mapping[str, ObjectState] = field(default_factory=lambda: _EMPTY)
    players: Mapping[str, PlayerState] = field(default_factory=lambda: _EMPTY)
    effects: Mapping[str, EffectState] = field(default_factory=lambda: _EMPTY)
    applied: frozenset[str] = frozenset()
    board: BoardState | None = None


@dataclass(frozen=True, slots=True)
class StateEvent:
    """What one event (or one step of a computation) did to the state: the new value of each entry it
    touched; ``applied`` and ``board`` are replaced whole when given."""

    kind: str
    objects: tuple[tuple[str, ObjectState], ...] = ()
    players: tuple[tuple[str, PlayerState], ...] = ()
    effects: tuple[tuple[str, EffectState], ...] = ()
    applied: frozenset[str] | None = None
    board: BoardState | None = None

    def __bool__(self) -> bool:
        return bool(self.objects or self.players or self.effects or self.applied is not None or self.board)


def object_fields(obj, chars) -> tuple:
    """The fields of an ``ObjectState`` for a game object (``state.Obj``) and its characteristics
    (``layers.Chars``): current Might and keywords on the board, printed ones elsewhere (R. 140), lethal damage
    (R. 323.4).  A plain tuple, so the tracer builds an ``ObjectState`` only when something changed."""
    on_board = obj.zone in ("base", "battlefield")
    power = chars.power if on_board else obj.printed_power
    damage = obj.damage
    return (chars.name, obj.printed_power, power, tuple(chars.keywords), is_mighty(power), obj.zone, obj.exhausted,
            chars.controller, obj.defending, obj.at, damage, obj.stunned, obj.attacking, obj.type, obj.attached_to,
            on_board and obj.type in ("unit", "token") and damage > 0 and damage >= max(1, power))


def _merged(mapping: Mapping, entries: tuple) -> Mapping:
    if not entries:
        return mapping
    out = dict(mapping)
    out.update(entries)
    return MappingProxyType(out)


def apply(state: GameState, event: StateEvent) -> GameState:
    """The state after ``event`` (R. 318–323: the game state a cleanup examines is the one every event
    leaves behind): the entries the event touched are replaced, everything else is shared with ``state``."""
    if not event:
        return state
    return GameState(
        _merged(state.objects, event.objects),
        _merged(state.players, event.players),
        _merged(state.effects, event.effects),
        state.applied if event.applied is None else event.applied,
        state.board if event.board is None else event.board,
    )


OBJECT_FIELDS = tuple(f.name for f in fields(ObjectState))


def _object_dict(obj: ObjectState) -> dict:
    out = {f: getattr(obj, f) for f in OBJECT_FIELDS}
    out["keywords"] = list(obj.keywords)
    return out


def _chain_item_dict(item: ChainItemState) -> dict:
    return {"id": item.id, "label": item.label, "player": item.player, "speed": item.speed, "target": item.target}


def board_dict(board: BoardState | None) -> dict:
    """The ``board`` part of a step's ``state`` (R. 169, 325, 341): battlefields, the chain, the item resolving,
    the showdown, priority and turn."""
    if not board:
        return {"battlefields": {}, "chain": [], "resolving": None, "showdown": None, "priority": None,
                "turn_player": None, "turn": 1}
    sd = board.showdown
    return {
        "battlefields": {
            b.id: {"name": b.name, "controller": b.controller, "contested": bool(b.contested_by),
                   "contested_by": b.contested_by, "scored_by": list(b.scored_by)}
            for b in board.battlefields
        },
        "chain": [_chain_item_dict(it) for it in board.chain],
        "resolving": _chain_item_dict(board.resolving) if board.resolving else None,
        "showdown": {"battlefield": sd.battlefield, "attacker": sd.attacker, "defender": sd.defender,
                     "focus": sd.focus, "combat": sd.combat} if sd else None,
        "priority": board.priority,
        "turn_player": board.turn_player,
        "turn": board.turn,
    }


def state_dict(state: GameState, cache: dict) -> dict:
    """The game state after a step (what each cleanup examines, R. 318–323) as JSON-ready data; the parts two
    steps share are built once (``cache``)."""
    key_o = id(state.objects)
    if key_o not in cache:
        cache[key_o] = (state.objects, {oid: _object_dict(o) for oid, o in state.objects.items()})
    key_p = id(state.players)
    if key_p not in cache:
        cache[key_p] = (state.players, {
            pid: {"name": p.name, "xp": p.xp, "points": p.points, "hand": p.hand, "deck": p.deck}
            for pid, p in state.players.items()
        })
    key_e = (id(state.effects), state.applied)
    if key_e not in cache:
        cache[key_e] = (state.effects, {
            eid: {"label": e.label, "active": e.active, "since": e.since, "applied": eid in state.applied}
            for eid, e in state.effects.items()
        })
    key_b = id(state.board)
    if key_b not in cache:
        cache[key_b] = (state.board, board_dict(state.board))
    return {
        "objects": cache[key_o][1],
        "players": cache[key_p][1],
        "effects": cache[key_e][1],
        "board": cache[key_b][1],
    }


__all__ = [
    "BattlefieldState", "BoardState", "ChainItemState", "EffectState", "GameState", "ObjectState", "PlayerState",
    "ShowdownState", "StateEvent", "apply", "board_dict", "state_dict",
]
