"""A typed, read-only view of the engine's stored result (``Result.to_dict()``), for the web layer.

The shape is documented in ``engine/README.md`` (« Forme de ``Result.to_dict()`` — version 2 »). A result
stored by an older engine may lack keys: every default is decided here, once, in the ``from_dict`` constructors,
so the player reads ``step.reason.code`` or ``obj.damage`` and never guesses what a missing key means.

The view keeps what the player reads; the raw dict stays the source of truth for the JSON API. Mappings keyed by
id (objects, players, effects, battlefields) keep the stored key order: display order is the player's business
(``player.display_order``), never a dict's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.kinds import STEP_KIND_LABELS, WHY_LABELS, WHY_RULES


def _dict(value: Any) -> dict:
    """A JSON object, or an empty one for a missing (``null``) or malformed value."""
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list:
    """A JSON array, or an empty one for a missing (``null``) or malformed value."""
    return value if isinstance(value, list | tuple) else []


# --- « pourquoi ? » -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Why:
    """Why the engine decided something (a ``kinds.Why`` member): French label and rule number.

    The engine writes a ``why`` either as ``{code, rule, label}`` or as a bare code (combat damage events);
    a bare code takes its label and rule from ``kinds``. ``missing``: battlefields not yet scored
    (``final_refused``, R. 471).
    """

    code: str | None
    label: str
    rule: str | None
    missing: tuple[str, ...] = ()

    @classmethod
    def from_raw(cls, raw: Any) -> Why | None:
        if raw and isinstance(raw, str):
            return cls(code=raw, label=WHY_LABELS.get(raw, ""), rule=WHY_RULES.get(raw, ""))
        if raw and isinstance(raw, dict):
            code = raw.get("code")
            return cls(code=code, label=raw.get("label") or WHY_LABELS.get(code, ""), rule=raw.get("rule"),
                       missing=tuple(_list(raw.get("missing"))))
        return None


# --- one step's snapshot of the game ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ObjectState:
    """A card or battlefield as the engine sees it (after a step, or at the end of a branch).

    ``type`` is what the engine wrote (``None`` in an old result); ``kind`` reads a missing type as a unit.
    """

    id: str
    name: str
    type: str | None = None
    printed_power: int | None = None
    power: int | None = None
    keywords: tuple[str, ...] = ()
    mighty: bool = False
    zone: str | None = None
    at: str | None = None
    exhausted: bool = False
    controller: str | None = None
    defending: bool = False
    attacking: bool = False
    stunned: bool = False
    damage: int = 0
    attached_to: str | None = None
    tags: tuple[str, ...] = ()
    cost: int | None = None
    domains: tuple[str, ...] = ()
    lethal: bool = False  # lethal damage marked (R. 323.4), as the engine judges it

    @property
    def kind(self) -> str:
        return self.type or "unit"

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> ObjectState:
        d = _dict(raw)
        return cls(
            id=ident, name=d.get("name", ident), type=d.get("type"), printed_power=d.get("printed_power"),
            power=d.get("power"), keywords=tuple(_list(d.get("keywords"))), mighty=bool(d.get("mighty")),
            zone=d.get("zone"), at=d.get("at"), exhausted=bool(d.get("exhausted")), controller=d.get("controller"),
            defending=bool(d.get("defending")), attacking=bool(d.get("attacking")), stunned=bool(d.get("stunned")),
            damage=d.get("damage") or 0, attached_to=d.get("attached_to"), tags=tuple(_list(d.get("tags"))),
            cost=d.get("cost"), domains=tuple(_list(d.get("domains"))), lethal=bool(d.get("lethal")),
        )


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's counters (XP, victory points, cards); ``None`` when the result does not say."""

    id: str
    name: str
    xp: int | None = None
    points: int | None = None
    hand: int | None = None
    deck: int | None = None
    cards_played: int | None = None
    runes: int | None = None
    trash: int | None = None
    scored: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> PlayerState:
        d = _dict(raw)
        return cls(id=ident, name=d.get("name", ident), xp=d.get("xp"), points=d.get("points"), hand=d.get("hand"),
                    deck=d.get("deck"), cards_played=d.get("cards_played"), runes=d.get("runes"),
                    trash=d.get("trash"), scored=tuple(_list(d.get("scored"))))


@dataclass(frozen=True, slots=True)
class EffectState:
    """An effect's timestamp (``since``, R. 111 order of application) and whether it is active or applied."""

    id: str
    label: str
    active: bool = False
    since: int | None = None
    applied: bool = False

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> EffectState:
        d = _dict(raw)
        return cls(id=ident, label=d.get("label", ident), active=bool(d.get("active")), since=d.get("since"),
                   applied=bool(d.get("applied")))


@dataclass(frozen=True, slots=True)
class Battlefield:
    """A battlefield's control (contested, controlled or not) and who scored it this turn."""

    id: str
    name: str = ""
    controller: str | None = None
    contested: bool = False
    contested_by: str | None = None
    units: tuple[str, ...] = ()
    scored_by: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, ident: str, raw: Any) -> Battlefield:
        d = _dict(raw)
        return cls(id=ident, name=d.get("name") or "", controller=d.get("controller"),
                   contested=bool(d.get("contested")), contested_by=d.get("contested_by"),
                   units=tuple(_list(d.get("units"))), scored_by=tuple(_list(d.get("scored_by"))))


@dataclass(frozen=True, slots=True)
class ChainItem:
    """A spell or ability waiting on the chain (oldest first in ``BoardState.chain``)."""

    id: str | None
    label: str = ""
    player: str | None = None
    speed: str | None = None
    target: str | None = None

    @classmethod
    def from_dict(cls, raw: Any) -> ChainItem:
        d = _dict(raw)
        return cls(id=d.get("id"), label=d.get("label", ""), player=d.get("player"), speed=d.get("speed"),
                   target=d.get("target"))


@dataclass(frozen=True, slots=True)
class Showdown:
    """The showdown (or combat, when ``combat``) under way, and the player who has the focus."""

    battlefield: str | None = None
    attacker: str | None = None
    defender: str | None = None
    focus: str | None = None
    combat: bool = False

    @classmethod
    def from_raw(cls, raw: Any) -> Showdown | None:
        d = _dict(raw)
        if not d:
            return None
        return cls(battlefield=d.get("battlefield"), attacker=d.get("attacker"), defender=d.get("defender"),
                   focus=d.get("focus"), combat=bool(d.get("combat")))


@dataclass(frozen=True, slots=True)
class BoardState:
    """Battlefields, chain (and the item resolving), showdown, priority and turn; ``victory_score``/``mode``/``winner``
    at the end only."""

    battlefields: dict[str, Battlefield] = field(default_factory=dict)
    chain: tuple[ChainItem, ...] = ()
    resolving: ChainItem | None = None  # the item that has left the chain and is resolving (R. 340)
    showdown: Showdown | None = None
    priority: str | None = None
    turn_player: str | None = None
    turn: int | None = None
    victory_score: int | None = None
    mode: str | None = None
    winner: str | None = None

    @property
    def focus(self) -> str | None:
        """The player who has the focus in the showdown, if one is under way."""
        return self.showdown.focus if self.showdown else None

    @classmethod
    def from_dict(cls, raw: Any) -> BoardState:
        d = _dict(raw)
        return cls(
            battlefields={bid: Battlefield.from_dict(bid, b) for bid, b in _dict(d.get("battlefields")).items()},
            chain=tuple(ChainItem.from_dict(item) for item in _list(d.get("chain"))),
            resolving=ChainItem.from_dict(d["resolving"]) if isinstance(d.get("resolving"), dict) else None,
            showdown=Showdown.from_raw(d.get("showdown")), priority=d.get("priority"),
            turn_player=d.get("turn_player"), turn=d.get("turn"), victory_score=d.get("victory_score"),
            mode=d.get("mode"), winner=d.get("winner"),
        )


@dataclass(frozen=True, slots=True)
class StepState:
    """The whole game right after a step (the engine's ``state`` snapshot)."""

    objects: dict[str, ObjectState] = field(default_factory=dict)
    players: dict[str, PlayerState] = field(default_factory=dict)
    effects: dict[str, EffectState] = field(default_factory=dict)
    board: BoardState = field(default_factory=BoardState)

    @classmethod
    def from_dict(cls, raw: Any) -> StepState:
        d = _dict(raw)
        return cls(
            objects=objects_of(d.get("objects")),
            players=players_of(d.get("players")),
            effects={eid: EffectState.from_dict(eid, e) for eid, e in _dict(d.get("effects")).items()},
            board=BoardState.from_dict(d.get("board")),
        )


def objects_of(raw: Any) -> dict[str, ObjectState]:
    return {oid: ObjectState.from_dict(oid, o) for oid, o in _dict(raw).items()}


def players_of(raw: Any) -> dict[str, PlayerState]:
    return {pid: PlayerState.from_dict(pid, p) for pid, p in _dict(raw).items()}


# --- one step ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contribution:
    """What one unit adds to its side's Might in a combat's damage step (``counts``), and why (R. 423…)."""

    object: str | None
    might: int | None = None
    counts: int | None = 0
    why: Why | None = None

    @classmethod
    def from_dict(cls, raw: Any) -> Contribution:
        d = _dict(raw)
        return cls(object=d.get("object"), might=d.get("might"), counts=d.get("counts", 0),
                   why=Why.from_raw(d.get("why")))


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a step happened: its ``code`` and the details the player reads.

    For ``kind: event`` steps the code is the event type and the other fields are the event's own (``object``
    moved ``to`` a battlefield, ``player`` gained a point ``after``…). ``total`` and ``after`` stay as stored:
    the player uses them only when they are numbers.
    """

    code: str | None = None
    object: str | None = None
    objects: tuple[str, ...] = ()
    player: str | None = None
    zone: str | None = None
    to: str | None = None
    total: Any = None
    after: Any = None
    by: str | None = None
    amount: int | None = None
    item: str | None = None
    label: str | None = None
    depends_on: str | None = None
    do: str | None = None
    why: Why | None = None
    excess: Any = None
    point: Any = None
    contributions: tuple[Contribution, ...] = ()

    @classmethod
    def from_dict(cls, raw: Any) -> Reason:
        d = _dict(raw)
        return cls(
            code=d.get("code"), object=d.get("object"), objects=tuple(_list(d.get("objects"))),
            player=d.get("player"), zone=d.get("zone"), to=d.get("to"), total=d.get("total"), after=d.get("after"),
            by=d.get("by"), amount=d.get("amount"), item=d.get("item"), label=d.get("label"),
            depends_on=d.get("depends_on"), do=d.get("do"), why=Why.from_raw(d.get("why")), excess=d.get("excess"),
            point=d.get("point"),
            contributions=tuple(Contribution.from_dict(c) for c in _list(d.get("contributions"))),
        )


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the trace. ``kind_label`` is French (the engine's, or ``kinds.STEP_KIND_LABELS``);
    ``stage`` is the stored ``step`` (increase/decrease) and ``pass_`` the stored ``pass`` (0 outside layers)."""

    index: int
    kind: str | None
    kind_label: str
    action: int | None
    object: str | None
    layer: str | None
    stage: str | None
    pass_: int
    computation: int | None
    effect: str | None
    reason: Reason
    candidates: tuple[str, ...]
    state: StepState
    text: str

    @classmethod
    def from_dict(cls, raw: Any) -> Step:
        d = _dict(raw)
        kind = d.get("kind")
        return cls(
            index=d.get("index", 0), kind=kind, kind_label=d.get("kind_label") or STEP_KIND_LABELS.get(kind, "Étape"),
            action=d.get("action"), object=d.get("object"), layer=d.get("layer"), stage=d.get("step"),
            pass_=d.get("pass") or 0, computation=d.get("computation"), effect=d.get("effect"),
            reason=Reason.from_dict(d.get("reason")), candidates=tuple(_list(d.get("candidates"))),
            state=StepState.from_dict(d.get("state")), text=d.get("text") or "",
        )


# --- a branch's end: decisions, combats, scores, answers --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OrderDecision:
    """Two effects of one layer applied in an order the rules decide (``reason``: dependency or timestamp),
    with the value each order gives."""

    step: int | None
    object: str | None = None
    layer: str | None = None
    first: str | None = None
    then: str | None = None
    reason: str | None = None
    characteristic: str | None = None
    value: Any = None
    other_value: Any = None

    @classmethod
    def from_dict(cls, raw: Any) -> OrderDecision:
        d = _dict(raw)
        return cls(step=d.get("step"), object=d.get("object"), layer=d.get("layer"), first=d.get("first"),
                   then=d.get("then"), reason=d.get("reason"), characteristic=d.get("characteristic"),
                   value=d.get("value"), other_value=d.get("other_value"))


@dataclass(frozen=True, slots=True)
class Combat:
    """A combat's totals of Might and its result (``conquered``, ``defended``, ``recalled``, ``uncontrolled``)."""

    battlefield: str | None = None
    attacker: str | None = None
    defender: str | None = None
    might_attacker: int | None = None
    might_defender: int | None = None
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    deaths: tuple[str, ...] = ()
    result: str | None = None

    @classmethod
    def from_dict(cls, raw: Any) -> Combat:
        d = _dict(raw)
        might = _dict(d.get("might"))
        return cls(battlefield=d.get("battlefield"), attacker=d.get("attacker"), defender=d.get("defender"),
                   might_attacker=might.get("attacker"), might_defender=might.get("defender"),
                   attackers=tuple(_list(d.get("attackers"))), defenders=tuple(_list(d.get("defenders"))),
                   deaths=tuple(_list(d.get("deaths"))), result=d.get("result"))


@dataclass(frozen=True, slots=True)
class Score:
    """A scoring decision: a player conquers or holds a battlefield, and gains a point or not (and why)."""

    player: str | None = None
    battlefield: str | None = None
    how: str | None = None
    point: bool = False
    why: Why | None = None
    points_before: int | None = None
    points_after: int | None = None
    turn: int | None = None

    @classmethod
    def from_dict(cls, raw: Any) -> Score:
        d = _dict(raw)
        return cls(player=d.get("player"), battlefield=d.get("battlefield"), how=d.get("how"),
                   point=bool(d.get("point")), why=Why.from_raw(d.get("why")), points_before=d.get("points_before"),
                   points_after=d.get("points_after"), turn=d.get("turn"))


@dataclass(frozen=True, slots=True)
class Query:
    """The answer to a ``query`` action; ``text`` is the French sentence (``None`` in an old result)."""

    action: int | None = None
    ask: str | None = None
    subject: str | None = None
    value: Any = None
    text: str | None = None

    @classmethod
    def from_raw(cls, raw: Any) -> Query:
        d = _dict(raw)
        return cls(action=d.get("action"), ask=d.get("ask"), subject=d.get("subject"), value=d.get("value"),
                   text=d.get("text"))


@dataclass(frozen=True, slots=True)
class Branch:
    """One outcome of the scenario (one branch per combination of open choices): its trace and its end."""

    label: str | None
    objects: dict[str, ObjectState]
    players: dict[str, PlayerState]
    queries: tuple[Query, ...]
    order_decisions: tuple[OrderDecision, ...]
    trace: tuple[Step, ...]
    board: BoardState
    combats: tuple[Combat, ...]
    scores: tuple[Score, ...]
    winner: str | None

    @classmethod
    def from_dict(cls, raw: Any) -> Branch:
        d = _dict(raw)
        return cls(
            label=d.get("label"), objects=objects_of(d.get("objects")), players=players_of(d.get("players")),
            queries=tuple(Query.from_raw(q) for q in _list(d.get("queries"))),
            order_decisions=tuple(OrderDecision.from_dict(o) for o in _list(d.get("order_decisions"))),
            trace=tuple(Step.from_dict(s) for s in _list(d.get("trace"))),
            board=BoardState.from_dict(d.get("board")),
            combats=tuple(Combat.from_dict(c) for c in _list(d.get("combats"))),
            scores=tuple(Score.from_dict(s) for s in _list(d.get("scores"))), winner=d.get("winner"),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """The engine's result: the main branch (the top-level fields) and, when choices were open, every outcome."""

    version: int | None
    title: str
    main: Branch
    outcomes: tuple[Branch, ...] = ()

    @property
    def branches(self) -> tuple[Branch, ...]:
        """Each outcome of an open choice is a branch; a result without open choices is one branch."""
        return self.outcomes or (self.main,)

    @classmethod
    def from_dict(cls, raw: Any) -> Result:
        d = _dict(raw)
        return cls(version=d.get("version"), title=d.get("title") or "", main=Branch.from_dict(d),
                   outcomes=tuple(Branch.from_dict(o) for o in _list(d.get("outcomes"))))
