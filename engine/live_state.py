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


@dataclass
class World:
    players: dict[str, Player]
    objects: dict[str, Obj]
    effects: dict[str, EffState]
    turn_player: str
    clock: int = 1
    view: dict = field(default_factory=dict)  # object id -> layers.Chars (last full computation)

    def turn_order(self) -> list[str]:
        ids = list(self.players)
        i = ids.index(self.turn_player)
        return ids[i:] + ids[:i]
