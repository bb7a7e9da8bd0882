"""The live game state the simulator changes (the trace's frozen copies of it are in ``snapshots``).

Plain dataclasses, one class per thing, used both as the scenario's situation (loaded and validated by
``scenario.py``) and as the state the simulator changes (on a copy).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .kinds import BOARD_ZONES


class Tracked:
    """Marks an instance ``stale`` whenever one of its fields is set, so the trace shows it again at the next
    step — and only then (showing every object at every step would cost more than the rules do)."""

    def __setattr__(self, name: str, value) -> None:
        d = self.__dict__
        d[name] = value
        d["stale"] = True

    def shown(self) -> None:
        self.__dict__["stale"] = False


@dataclass
class Player(Tracked):
    """A player: XP (R. 728), victory points (R. 469), hand, main deck, rune deck and trash counts."""

    id: str
    name: str
    xp: int = 0
    team: str | None = None
    cards_played: int = 0  # cards played this turn (R. 812: Legion), the situation's included
    played: tuple[str, ...] = ()  # ids of the described cards among them (R. 812.1.c: « another » card)
    hand: int = 0
    points: int = 0  # victory points: never read by Level (R. 824)
    deck: int = 20  # cards in the main deck (R. 105–108); drawing from 0 burns out (R. 432)
    runes: int = 12  # cards in the rune deck; two are channeled each turn (R. 315, 431)
    trash: int = 0  # cards in the trash (Défausse) not described as objects
    energy: int = 0  # Rune Pool: Energy (R. 163.1, 166)
    essence: dict = field(default_factory=dict)  # Rune Pool: Power by domain (« essence runique », R. 163.2)
    rune_deck: tuple[str, ...] = ()  # domains of the rune deck, top first (channel, R. 431)
    pays: bool = False  # resources described: costs are checked against the Rune Pool (R. 357)


@dataclass
class Obj(Tracked):
    """A game object: unit, gear, token, battlefield or spell; ``at`` is the battlefield it stands at."""

    id: str
    name: str
    type: str = "unit"
    printed_power: int = 0
    keywords: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    zone: str = "base"
    controller: str | None = None
    defending: bool = False
    exhausted: bool = False
    attached_to: str | None = None
    since: int = 0
    cost: int = 0
    domains: tuple[str, ...] = ()
    power_cost: tuple[str, ...] = ()  # Power cost, one domain per symbol (R. 131.3)
    at: str | None = None  # battlefield object id when zone == "battlefield" (None: the only one)
    stunned: bool = False  # R. 424: deals no combat damage until the end of the turn
    damage: int = 0  # marked damage (R. 318: lethal at cleanup)
    attacking: bool = False  # R. 461: its controller is the attacker of the combat here
    hidden_turn: int | None = None  # turn it was hidden facedown (R. 811.1.b: playable from the next turn)
    card: str | None = None  # the card's collector number, when the scenario names a real card
    keyword_costs: dict = field(default_factory=dict)  # {equip|repeat|flow|empower: {energy, power: [domains|A]}}
    empowered: bool = False  # R. 827.2, 828: the Empowered status
    showed_off: str | None = None  # R. 832.1.c.1: what was shown off as it was played
    shown_values: dict = field(default_factory=dict)  # R. 832.1.d.1: read as shown (might, cost, power_cost)

    @property
    def on_board(self) -> bool:
        return self.zone in BOARD_ZONES

    @property
    def is_unit(self) -> bool:
        return self.type in ("unit", "token")

    def lethal_at(self, might: int) -> bool:
        """Lethal damage (R. 323.4): a unit on the board with non-zero damage at least its Might (at least 1)."""
        return self.is_unit and self.on_board and self.damage > 0 and self.damage >= max(1, might)


@dataclass
class EffectSpec:
    id: str
    label: str
    kind: str
    source: str | None = None
    target: str | None = None  # object id, "source", "attached" or "allies"
    targets: tuple[str, ...] = ()
    since: int | None = None
    starts_later: bool = False
    duration: str = "permanent"
    condition: dict = field(default_factory=dict)
    params: dict = field(default_factory=dict)
    dynamic: bool = False  # created by the engine during the run (buff, swap, doubling…)


@dataclass
class Ev:
    """A game event on its way to happening; replacements may change it first (R. 367)."""

    type: str
    obj: str | None = None
    player: str | None = None
    amount: int = 0
    mods: dict = field(default_factory=dict)
    applied: frozenset = frozenset()
    duration: str = "permanent"
    label: str = ""
    token: dict | None = None
    dest: str | None = None  # a move's destination: "base" or a battlefield id


# The same classes under the names the scenario loader and the web layer use.
PlayerSpec = PlayerState = Player
ObjectSpec = ObjState = Obj


@dataclass
class EffState(Tracked):
    spec: EffectSpec
    started: bool = False
    ended: bool = False
    active: bool = False  # text active (source present, Level, Legion, attached)
    since: int | None = None  # current timestamp; lost when the text becomes inactive
    locked: dict = field(default_factory=dict)  # one-shot amounts per target

    @property
    def id(self) -> str:
        return self.spec.id


# ---------------------------------------------------------------- the live state, one typed part per rules area
# Each part is read and written by the rules area named in its docstring; another area asks that one through a
# call (tests/engine/test_area_state.py checks that no other module assigns to its fields).


@dataclass
class ChainState:
    """The chain and priority (R. 325–340), owned by ``chain.py``."""

    items: list[dict] = field(default_factory=list)  # the chain, bottom first (R. 325)
    item_no: int = 0
    priority: str | None = None  # who may add to the open chain (R. 311)
    passes: int = 0
    starter: str | None = None  # who opened the chain (R. 346.1: focus after a chain in a showdown)
    resolving: dict | None = None  # the chain item resolving now (R. 340)
    in_resolution: bool = False  # a spell's instructions are being carried out (R. 340.1)
    activated: set[str] = field(default_factory=set)  # activated abilities waiting to finish (choix 18 du README)


@dataclass
class TriggerState:
    """Triggered abilities waiting to be put on the chain (R. 383.3), owned by ``triggers.py``."""

    pending: list[tuple] = field(default_factory=list)  # (effect id, cause)
    keyword: dict[str, tuple] = field(default_factory=dict)  # play effects of keywords waiting (engine/keywords)
    sorted_: list | None = None  # the triggered abilities by id, computed once


@dataclass
class CurrentShowdown:
    """A showdown going on (R. 341–348): where, between whom, who has focus, passes in a row, whether a combat."""

    battlefield: str
    attacker: str
    defender: str | None
    focus: str
    passes: int = 0
    combat: bool = False


@dataclass
class ShowdownArea:
    """Showdowns (R. 341–348) and contested battlefields (R. 447), owned by ``showdown.py``."""

    current: CurrentShowdown | None = None
    contested: list[tuple[str, str]] = field(default_factory=list)  # (battlefield, contesting player), in order


@dataclass
class CombatState:
    """Combat (R. 461–468), owned by ``combat.py``."""

    at: str | None = None  # the battlefield of the combat going on (R. 323.5)
    # (battlefield, attacker) from the start of a combat until control is established: it stays contested by the
    # attacker meanwhile (R. 190.3.b).
    contest: tuple[str, str] | None = None
    log: list[dict] = field(default_factory=list)  # every combat, for the result
    assign_by: str | None = None  # damage assignment going on (R. 467.2)
    assign_pool: list[str] = field(default_factory=list)
    assign_dual: set[str] = field(default_factory=set)  # Tank and Backline: the assigning player chooses
    assign_back: set[str] = field(default_factory=set)


@dataclass
class TurnState:
    """The turn (R. 315–317), owned by ``turn.py``."""

    number: int = 1
    rest: object = None  # the rest of a start of turn or a combat waiting for answers (a generator)


@dataclass
class ScoreState:
    """Scoring and the end of the game (R. 469–474, 432, 196), owned by ``scoring.py``."""

    scored: dict[str, set[str]] = field(default_factory=dict)  # battlefields each player scored this turn
    log: list[dict] = field(default_factory=list)  # every point scored, for the result
    winner: str | None = None
    last_burn_out: str | None = None


@dataclass
class CostState:
    """Costs and the Rune Pool (R. 160–168, 356–358), owned by ``costs.py``."""

    rune_no: int = 0  # runes channeled by the engine, for their ids


@dataclass
class ReplacementState:
    """Replacement effects (R. 367), owned by ``replacement.py``."""

    used_turn: set[str] = field(default_factory=set)  # « once per turn » replacements used this turn


@dataclass
class LayerState:
    """Continuous effects and layers (R. 476–486), owned by ``effects.py``."""

    comp_no: int = 0  # computations made, for the trace
    dyn: int = 0  # effects created by instructions, for their ids
    was_on_board: dict[str, bool] = field(default_factory=dict)  # at the last computation (Mighty events)
    decisions: list[dict] = field(default_factory=list)  # dependency and timestamp decisions, for the result
    decision_keys: set = field(default_factory=set)


@dataclass
class World:
    """The live game state: the objects, players and effects, and one typed part per rules area."""

    players: dict[str, Player]
    objects: dict[str, Obj]
    effects: dict[str, EffState]
    turn_player: str
    clock: int = 1
    view: dict = field(default_factory=dict)  # object id -> layers.Chars (last full computation)
    chain: ChainState = field(default_factory=ChainState)
    triggers: TriggerState = field(default_factory=TriggerState)
    showdown: ShowdownArea = field(default_factory=ShowdownArea)
    combat: CombatState = field(default_factory=CombatState)
    turn: TurnState = field(default_factory=TurnState)
    scoring: ScoreState = field(default_factory=ScoreState)
    costs: CostState = field(default_factory=CostState)
    replacements: ReplacementState = field(default_factory=ReplacementState)
    layers: LayerState = field(default_factory=LayerState)

    def __post_init__(self) -> None:
        self.scoring.scored = self.scoring.scored or {pid: set() for pid in self.players}

    def turn_order(self) -> list[str]:
        ids = list(self.players)
        i = ids.index(self.turn_player)
        return ids[i:] + ids[:i]


@dataclass
class RunRecord:
    """What one run records for its result and trace (not game state): the player decisions it follows
    (``prefix``) and logs, the events and queries, the action being played, the board last shown."""

    prefix: list[int] = field(default_factory=list)
    choice_log: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    queries: list[dict] = field(default_factory=list)
    action: int | None = None
    unsettled: list[dict] = field(default_factory=list)  # events since the last computation (their triggers wait)
    shown_board: tuple | None = None
    battlefields: tuple[str, ...] = ()
