"""Plain dataclasses for the game state the engine works on."""

from __future__ import annotations

from dataclasses import dataclass, field

from .kinds import BOARD_ZONES
from .scenario import EffectSpec


@dataclass
class PlayerState:
    id: str
    name: str
    xp: int = 0
    team: str | None = None
    cards_played: int = 0
    hand: int = 0
    points: int = 0


@dataclass
class ObjState:
    id: str
    name: str
    type: str
    printed_power: int
    keywords: tuple[str, ...]
    tags: tuple[str, ...]
    zone: str
    controller: str | None
    defending: bool = False
    exhausted: bool = False
    attached_to: str | None = None
    since: int = 0
    damage: int = 0
    cost: int = 0
    domains: tuple[str, ...] = ()

    @property
    def on_board(self) -> bool:
        return self.zone in BOARD_ZONES


@dataclass
class EffState:
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
    players: dict[str, PlayerState]
    objects: dict[str, ObjState]
    effects: dict[str, EffState]
    turn_player: str
    clock: int = 1
    view: dict = field(default_factory=dict)  # object id -> layers.Chars (last full computation)

    def turn_order(self) -> list[str]:
        ids = list(self.players)
        i = ids.index(self.turn_player)
        return ids[i:] + ids[:i]
