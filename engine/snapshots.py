"""The game state as the trace shows it — snapshots, not the live state the simulator changes (that is
``live_state``): named, frozen dataclasses, and one fold per event.

``apply(state, event)`` is the only way a state changes: an ``event`` (a ``StateEvent``) carries the new
value of every entry it touched (objects, players, effects, the board), and ``apply`` returns the state with
those entries replaced — the old state is never changed, so every trace step keeps the state right after it
and two steps share what did not change.  Whoever draws the board reads these states and never
re-implements a rule: lethal damage, attached gear, the chain item resolving and who scored each battlefield
are in the state.

The same classes read a stored result back (``from_dict``, the shape of ``Result.to_dict()``): the web layer
reads these states, never raw dicts.  A result stored by an older engine may lack keys; every default is
decided here, once.  Fields only the stored result carries (an object's tags, cost and domains, a player's
runes…) default to empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .vocab import Zone, is_mighty

_EMPTY: Mapping = MappingProxyType({})
_ZONES = {m.value: m for m in Zone}


def as_dict(value: Any) -> dict:
    """A JSON object, or an empty one for a missing (``null``) or malformed value."""
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list | tuple:
    """A JSON array, or an empty one for a missing (``null``) or malformed value."""
    return value if isinstance(value, list | tuple) else ()


@dataclass(frozen=True, slots=True)
class ObjectState:
    """One game object at a step (R. 117–120): its current characteristics on the board (printed ones
    elsewhere), where it is, its marked damage and whether that damage is lethal (R. 323.4).

    ``id`` is the key it is stored under; ``tags``, ``cost`` and ``domains`` are only in a result's final
    objects.  ``type`` is ``None`` in a result from an old engine (``kind`` reads it as a unit)."""

    name: str
    printed_power: int | None
    power: int | None
    keywords: tuple[str, ...]
    mighty: bool
    zone: str | None
    exhausted: bool
    controller: str | None
    defending: bool
    at: str | None
    damage: int
    stunned: bool
    attacking: bool
    type: str | None
    attached_to: str | None = None
    lethal: bool = False
    id: str = ""
    tags: tuple[str, ...] = ()
    cost: int | None = None
    domains: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return self.type or "unit"

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> ObjectState:
        d = as_dict(raw)
        get = d.get
        return cls(get("name", ident), get("printed_power"), get("power"), tuple(as_list(get("keywords"))),
                   bool(get("mighty")), _ZONES.get(get("zone"), get("zone")), bool(get("exhausted")), get("controller"),
                   bool(get("defending")), get("at"), get("damage") or 0, bool(get("stunned")),
                   bool(get("attacking")), get("type"), get("attached_to"), bool(get("lethal")), ident,
                   tuple(as_list(get("tags"))), get("cost"), tuple(as_list(get("domains"))))


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's counters at a step: XP (R. 728), victory points (R. 469), hand and main deck; ``None`` when
    a stored result does not say.  ``id`` is the key it is stored under; the cards played this turn (R. 812),
    runes, trash and battlefields scored are only in a result's final players."""

    name: str
    xp: int | None
    points: int | None
    hand: int | None
    deck: int | None
    id: str = ""
    cards_played: int | None = None
    runes: int | None = None
    trash: int | None = None
    scored: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> PlayerState:
        d = as_dict(raw)
        return cls(d.get("name", ident), d.get("xp"), d.get("points"), d.get("hand"), d.get("deck"), ident,
                   d.get("cards_played"), d.get("runes"), d.get("trash"), tuple(as_list(d.get("scored"))))


@dataclass(frozen=True, slots=True)
class EffectState:
    """An effect at a step: its label, whether its text is active, and its timestamp (R. 480).  Whether it
    is applied in the computation under way is the state's (``GameState.applied``)."""

    label: str
    active: bool
    since: int | None

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> EffectState:
        d = as_dict(raw)
        return cls(d.get("label", ident), bool(d.get("active")), d.get("since"))


@dataclass(frozen=True, slots=True)
class BattlefieldState:
    """A battlefield's control (R. 188–190), the player contesting it (R. 447) and who scored it this turn
    (R. 471); ``units``: the units there, in a result's final board only."""

    id: str
    name: str
    controller: str | None
    contested_by: str | None
    scored_by: tuple[str, ...] = ()
    units: tuple[str, ...] = ()

    @property
    def contested(self) -> bool:
        return bool(self.contested_by)

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> BattlefieldState:
        d = as_dict(raw)
        return cls(ident, d.get("name") or "", d.get("controller"), d.get("contested_by"),
                   tuple(as_list(d.get("scored_by"))), tuple(as_list(d.get("units"))))


@dataclass(frozen=True, slots=True)
class ChainItemState:
    """A spell or ability on the chain (R. 325), or leaving it to resolve (R. 340)."""

    id: int | None
    label: str
    player: str | None
    speed: str | None
    target: str | None

    @classmethod
    def from_dict(cls, raw: Any) -> ChainItemState:
        d = as_dict(raw)
        return cls(d.get("id"), d.get("label", ""), d.get("player"), d.get("speed"), d.get("target"))


@dataclass(frozen=True, slots=True)
class ShowdownState:
    """The showdown under way (R. 341) and the player with the focus; ``combat`` when it is a combat's."""

    battlefield: str | None
    attacker: str | None
    defender: str | None
    focus: str | None
    combat: bool

    @classmethod
    def from_raw(cls, raw: Any) -> ShowdownState | None:
        d = as_dict(raw)
        if not d:
            return None
        return cls(d.get("battlefield"), d.get("attacker"), d.get("defender"), d.get("focus"), bool(d.get("combat")))


@dataclass(frozen=True, slots=True)
class BoardState:
    """Battlefields, the chain (oldest first), the item resolving, the showdown, priority and turn;
    ``victory_score``, ``mode`` and ``winner`` in a result's final board only."""

    battlefields: tuple[BattlefieldState, ...] = ()
    chain: tuple[ChainItemState, ...] = ()
    showdown: ShowdownState | None = None
    priority: str | None = None
    turn_player: str | None = None
    turn: int | None = None
    resolving: ChainItemState | None = None
    victory_score: int | None = None
    mode: str | None = None
    winner: str | None = None

    @property
    def by_id(self) -> dict[str, BattlefieldState]:
        """The battlefields by id, in the stored order."""
        return {b.id: b for b in self.battlefields}

    @property
    def focus(self) -> str | None:
        """The player who has the focus in the showdown, if one is under way."""
        return self.showdown.focus if self.showdown else None

    @classmethod
    def from_dict(cls, raw: Any) -> BoardState:
        d = as_dict(raw)
        resolving = d.get("resolving")
        return cls(
            tuple(BattlefieldState.from_dict(bid, b) for bid, b in as_dict(d.get("battlefields")).items()),
            tuple(ChainItemState.from_dict(item) for item in as_list(d.get("chain"))),
            ShowdownState.from_raw(d.get("showdown")), d.get("priority"), d.get("turn_player"), d.get("turn"),
            ChainItemState.from_dict(resolving) if isinstance(resolving, dict) else None,
            d.get("victory_score"), d.get("mode"), d.get("winner"),
        )


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game after one step: objects, players, effects (and those applied in the computation under
    way), and the board."""

    objects: Mapping[str, ObjectState] = field(default_factory=lambda: _EMPTY)
    players: Mapping[str, PlayerState] = field(default_factory=lambda: _EMPTY)
    effects: Mapping[str, EffectState] = field(default_factory=lambda: _EMPTY)
    applied: frozenset[str] = frozenset()
    board: BoardState | None = None

    @classmethod
    def from_dict(cls, raw: Any) -> GameState:
        """A step's stored ``state``; its board is always there (empty when the result has none)."""
        d = as_dict(raw)
        effects = as_dict(d.get("effects"))
        return cls(
            objects_of(d.get("objects")), players_of(d.get("players")),
            {eid: EffectState.from_dict(eid, e) for eid, e in effects.items()},
            frozenset(eid for eid, e in effects.items() if isinstance(e, dict) and e.get("applied")),
            BoardState.from_dict(d.get("board")),
        )


def objects_of(raw: Any) -> dict[str, ObjectState]:
    """Stored objects by id (the stored key order is kept: display order is the reader's business)."""
    return {oid: ObjectState.from_dict(oid, o) for oid, o in as_dict(raw).items()}


def players_of(raw: Any) -> dict[str, PlayerState]:
    return {pid: PlayerState.from_dict(pid, p) for pid, p in as_dict(raw).items()}


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


def object_fields(oid: str, obj, chars) -> tuple:
    """The fields of an ``ObjectState`` for a game object (``state.Obj``) and its characteristics
    (``layers.Chars``): current Might and keywords on the board, printed ones elsewhere (R. 140), lethal damage
    (R. 323.4).  A plain tuple, so the tracer builds an ``ObjectState`` only when something changed."""
    on_board = obj.zone in ("base", "battlefield")
    power = chars.power if on_board else obj.printed_power
    damage = obj.damage
    return (chars.name, obj.printed_power, power, tuple(chars.keywords), is_mighty(power), obj.zone, obj.exhausted,
            chars.controller, obj.defending, obj.at, damage, obj.stunned, obj.attacking, obj.type, obj.attached_to,
            on_board and obj.type in ("unit", "token") and damage > 0 and damage >= max(1, power), oid)


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


# What a step's state stores of each object (``id``, tags, cost and domains are not in it).
OBJECT_FIELDS = ("name", "printed_power", "power", "keywords", "mighty", "zone", "exhausted", "controller", "defending",
                 "at", "damage", "stunned", "attacking", "type", "attached_to", "lethal")


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
    "ShowdownState", "StateEvent", "apply", "as_dict", "as_list", "board_dict", "objects_of", "players_of",
    "state_dict",
]
