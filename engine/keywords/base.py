"""What a keyword module declares (R. 801–832): its names, rule, kind and value, and the hooks the rules areas call.

A keyword module defines ``KEYWORD`` (a ``KeywordDef``) and, for each area it adds to, a function named after the
hook (``HOOKS`` lists them with the area that calls each).  A module that declares no hook for an area adds nothing
there.  Keyword modules import only ``vocab``, ``live_state`` and this module: the areas call them, never the other
way round.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..vocab import Keyword

# hook name -> the rules area that calls it, and what it returns
HOOKS = {
    # static effects (layers, R. 479)
    "might_while": "layers: the designation (attacking | defending) while which the keyword adds X Might",
    # combat assignment (R. 467.2.c)
    "assign_rank": "combat: 0 (first), 2 (last) or None — the order in which a unit receives lethal damage",
    # permissions: timing, movement, targeting, where a card may be played
    "play_to": "movement: whether the object may be played to a location the rules would otherwise refuse",
    "must_play_to_battlefield": "movement: the object may only be played to a battlefield",
    "play_speed": "chain: the speed the object is played at (reaction) where the keyword gives one",
    "moves_between_battlefields": "movement: a standard move from a battlefield to another is allowed (R. 810)",
    "stays_at_battlefield": "cleanup: an unattached gear at a battlefield is not recalled (R. 323.6)",
    # costs and additional costs (R. 356)
    "target_cost": "costs: Power of any domain an opponent pays to choose this object",
    # triggered abilities
    "on_finalize": "playing: a choice made as the object is played (Show Off, R. 832.1.c.2)",
    "on_play": "playing: what happens when the object is played (a play effect)",
    "on_attack": "combat: what happens when the unit attacks",
    "on_conquer_or_hold": "scoring: what happens when the unit's controller conquers or holds where it is",
    "on_hold_here": "scoring: what happens to the object when a player holds its battlefield",
    # deck construction
    "deck_problem": "decks: a French message when a deck breaks the keyword's constraint, else None",
}

KINDS = {
    "passive": "compétence passive",
    "triggered": "compétence déclenchée",
    "activated": "compétence activée",
    "additional_cost": "coût supplémentaire facultatif",
    "permissive": "permission",
    "dependent": "mot-clé dépendant",
    "deck": "contrainte de construction de deck",
    "action": "action de jeu écrite comme un mot-clé",
}

_NUMBER = re.compile(r"^(.*?)(?:\s+(\d+))?$")


@dataclass(frozen=True)
class KeywordDef:
    """A keyword: ``member`` its engine name (the official French name of v1.4; Riot's English name where no French
    edition prints one: Deploy, Disarm, Show Off), ``english`` the card data's name, ``rule`` its rule numbers, ``kind``
    one of ``KINDS``; ``numbered``: it has a value X, 1 when omitted; ``summed``: granted instances add up (807.2),
    otherwise they are redundant; ``on_object``: a characteristic the object carries (False: an instruction of a
    spell's text, such as Stun, written in the scenario's steps); ``says``: what the narration tells of it."""

    member: Keyword
    english: str | None  # None: the card data writes it as the engine does (« Tank », « Vision »)
    rule: str
    kind: str
    says: str
    numbered: bool = False
    summed: bool = False
    on_object: bool = True
    cost: bool = False  # followed on the card by a cost ([Equip] [R], [Repeat] [1], [Flow] [4][R], [Empower] [5])

    @property
    def name(self) -> str:
        return self.member.value

    @property
    def card_name(self) -> str:
        return self.english or self.member.value


def split(keyword: str) -> tuple[str, int | None]:
    """« Assault 2 » → (« Assault », 2) ; « Tank » → (« Tank », None)."""
    m = _NUMBER.match(keyword.strip())
    return m.group(1), int(m.group(2)) if m.group(2) else None


def value(keywords, member: Keyword, summed: bool = True) -> int:
    """The keyword's value on an object (R. 807.1.b.3: X omitted is 1; R. 807.2: granted instances are summed);
    0 when it does not have it."""
    total = 0
    for k in keywords:
        base, n = split(k)
        if base == member.value:
            total = total + (n or 1) if summed else max(total, n or 1)
    return total
