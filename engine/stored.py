"""The engine's stored result (``Result.to_dict()``, shape ``result.SHAPE_VERSION``) read back as typed data:
the one model every reader of the engine's output uses — the worked-example player, the sandbox's
explanation, practice and the deck pages.

A step's state is a ``snapshots.GameState`` (the same classes the tracer folds); this module adds what the
JSON holds around the states: each step's kind and reason, a branch's end (decisions, combats, scores,
answers) and the branches.  Codes are read as the vocabulary's members (``vocab.StepKind``, ``vocab.Reason``
or ``vocab.Event``, ``vocab.Why``, ``vocab.Zone``, ``vocab.CombatResult``): a ``StrEnum`` member equals its text,
so a stored code the vocabulary no longer has stays plain text.  The shape is documented in ``engine/README.md``; a
result stored by an older engine may lack keys, and every default is decided here, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .snapshots import BoardState, GameState, ObjectState, PlayerState, as_dict, as_list, objects_of, players_of
from .vocab import STEP_KIND_LABELS, WHY_LABELS, WHY_RULES, CombatResult, Event, Reason, StepKind, Why

_STEP_KINDS = {m.value: m for m in StepKind}
_REASONS = {m.value: m for m in Reason}
_EVENTS = {m.value: m for m in Event}
_WHYS = {m.value: m for m in Why}
_COMBAT_RESULTS = {m.value: m for m in CombatResult}
_NO_STATE = GameState(board=BoardState())


# --- « pourquoi ? » -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WhyNote:
    """Why the engine decided something (``code``: a ``vocab.Why`` member): French label and rule number.

    The engine writes a ``why`` either as ``{code, rule, label}`` or as a bare code (combat damage events);
    a bare code takes its label and rule from ``kinds``. ``missing``: battlefields not yet scored
    (``final_refused``, R. 471).
    """

    code: str | None
    label: str
    rule: str | None
    missing: tuple[str, ...] = ()

    @classmethod
    def from_raw(cls, raw: Any) -> WhyNote | None:
        if raw and isinstance(raw, str):
            return cls(code=_WHYS.get(raw, raw), label=WHY_LABELS.get(raw, ""), rule=WHY_RULES.get(raw, ""))
        if raw and isinstance(raw, dict):
            code = raw.get("code")
            return cls(code=_WHYS.get(code, code), label=raw.get("label") or WHY_LABELS.get(code, ""),
                       rule=raw.get("rule"), missing=tuple(as_list(raw.get("missing"))))
        return None


# --- one step ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contribution:
    """What one unit adds to its side's Might in a combat's damage step (``counts``), and why (R. 423…)."""

    object: str | None
    might: int | None = None
    counts: int | None = 0
    why: WhyNote | None = None

    @classmethod
    def from_dict(cls, raw: Any) -> Contribution:
        d = as_dict(raw)
        return cls(object=d.get("object"), might=d.get("might"), counts=d.get("counts", 0),
                   why=WhyNote.from_raw(d.get("why")))


@dataclass(frozen=True, slots=True)
class StepReason:
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
    why: WhyNote | None = None
    excess: Any = None
    point: Any = None
    contributions: tuple[Contribution, ...] = ()

    @classmethod
    def from_dict(cls, raw: Any, event: bool = False) -> StepReason:
        """``event``: the step is of kind ``event``, whose code is an ``Event`` (otherwise a ``Reason``)."""
        d = as_dict(raw)
        code = d.get("code")
        return cls(
            code=(_EVENTS if event else _REASONS).get(code, code), object=d.get("object"),
            objects=tuple(as_list(d.get("objects"))),
            player=d.get("player"), zone=d.get("zone"), to=d.get("to"), total=d.get("total"), after=d.get("after"),
            by=d.get("by"), amount=d.get("amount"), item=d.get("item"), label=d.get("label"),
            depends_on=d.get("depends_on"), do=d.get("do"), why=WhyNote.from_raw(d.get("why")), excess=d.get("excess"),
            point=d.get("point"),
            contributions=tuple(Contribution.from_dict(c) for c in as_list(d.get("contributions"))),
        )


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the trace (``kind``: a ``vocab.StepKind`` member). ``kind_label`` is French (the engine's, or
    ``vocab.STEP_KIND_LABELS``);
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
    reason: StepReason
    candidates: tuple[str, ...]
    state: GameState
    text: str

    @classmethod
    def from_dict(cls, raw: Any, states: bool = True) -> Step:
        if isinstance(raw, Step):  # already read
            return raw
        d = as_dict(raw)
        kind = d.get("kind")
        kind = _STEP_KINDS.get(kind, kind)
        return cls(
            index=d.get("index", 0), kind=kind, kind_label=d.get("kind_label") or STEP_KIND_LABELS.get(kind, "Étape"),
            action=d.get("action"), object=d.get("object"), layer=d.get("layer"), stage=d.get("step"),
            pass_=d.get("pass") or 0, computation=d.get("computation"), effect=d.get("effect"),
            reason=StepReason.from_dict(d.get("reason"), kind == StepKind.EVENT),
            candidates=tuple(as_list(d.get("candidates"))),
            state=GameState.from_dict(d.get("state")) if states else _NO_STATE, text=d.get("text") or "",
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
        d = as_dict(raw)
        return cls(step=d.get("step"), object=d.get("object"), layer=d.get("layer"), first=d.get("first"),
                   then=d.get("then"), reason=d.get("reason"), characteristic=d.get("characteristic"),
                   value=d.get("value"), other_value=d.get("other_value"))


@dataclass(frozen=True, slots=True)
class CombatSummary:
    """A combat's totals of Might and its result (a ``vocab.CombatResult`` member: ``conquered``, ``defended``,
    ``recalled``, ``uncontrolled``, ``game_over``)."""

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
    def from_dict(cls, raw: Any) -> CombatSummary:
        d = as_dict(raw)
        might = as_dict(d.get("might"))
        return cls(battlefield=d.get("battlefield"), attacker=d.get("attacker"), defender=d.get("defender"),
                   might_attacker=might.get("attacker"), might_defender=might.get("defender"),
                   attackers=tuple(as_list(d.get("attackers"))), defenders=tuple(as_list(d.get("defenders"))),
                   deaths=tuple(as_list(d.get("deaths"))),
                   result=_COMBAT_RESULTS.get(d.get("result"), d.get("result")))


@dataclass(frozen=True, slots=True)
class Score:
    """A scoring decision: a player conquers or holds a battlefield, and gains a point or not (and why)."""

    player: str | None = None
    battlefield: str | None = None
    how: str | None = None
    point: bool = False
    why: WhyNote | None = None
    points_before: int | None = None
    points_after: int | None = None
    turn: int | None = None

    @classmethod
    def from_dict(cls, raw: Any) -> Score:
        d = as_dict(raw)
        return cls(player=d.get("player"), battlefield=d.get("battlefield"), how=d.get("how"),
                   point=bool(d.get("point")), why=WhyNote.from_raw(d.get("why")), points_before=d.get("points_before"),
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
        d = as_dict(raw)
        return cls(action=d.get("action"), ask=d.get("ask"), subject=d.get("subject"), value=d.get("value"),
                   text=d.get("text"))


@dataclass(frozen=True, slots=True)
class EventRecord:
    """An event the engine reported (``events[]``): its ``type`` (an ``Event`` member), the action it happened
    in, what and whom it is about, why (a ``WhyNote``), and every detail it carries (``get``)."""

    type: str | None
    action: int | None = None
    object: str | None = None
    player: str | None = None
    why: WhyNote | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        return self.details.get(name, default)

    @classmethod
    def from_dict(cls, raw: Any) -> EventRecord:
        d = as_dict(raw)
        kind = d.get("type")
        return cls(_EVENTS.get(kind, kind), d.get("action"), d.get("object"), d.get("player"),
                   WhyNote.from_raw(d.get("why")), d)


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
    combats: tuple[CombatSummary, ...]
    scores: tuple[Score, ...]
    winner: str | None
    events: tuple[EventRecord, ...] = ()

    @classmethod
    def from_dict(cls, raw: Any, states: bool = True) -> Branch:
        """``states=False`` leaves each step's state empty: for readers that never look at the board."""
        d = as_dict(raw)
        return cls(
            label=d.get("label"), objects=objects_of(d.get("objects")), players=players_of(d.get("players")),
            queries=tuple(Query.from_raw(q) for q in as_list(d.get("queries"))),
            order_decisions=tuple(OrderDecision.from_dict(o) for o in as_list(d.get("order_decisions"))),
            trace=tuple(Step.from_dict(s, states) for s in as_list(d.get("trace"))),
            board=BoardState.from_dict(d.get("board")),
            combats=tuple(CombatSummary.from_dict(c) for c in as_list(d.get("combats"))),
            scores=tuple(Score.from_dict(s) for s in as_list(d.get("scores"))), winner=d.get("winner"),
            events=tuple(EventRecord.from_dict(e) for e in as_list(d.get("events"))),
        )


@dataclass(frozen=True, slots=True)
class StoredResult:
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
    def from_dict(cls, raw: Any, states: bool = True) -> StoredResult:
        """``states=False``: every step's state left empty (practice and the deck pages read no board)."""
        if isinstance(raw, StoredResult):
            return raw
        d = as_dict(raw)
        return cls(version=d.get("version"), title=d.get("title") or "", main=Branch.from_dict(d, states),
                   outcomes=tuple(Branch.from_dict(o, states) for o in as_list(d.get("outcomes"))))
