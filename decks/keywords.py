"""The keywords a deck carries and the rules areas they lean on (plain Python, no Django).

Keywords are those of the Core Rules of 2026-10-09 (R. 805–832), read from the card data (``keywords_mentioned``,
so a spell granting Assault counts for Assault). The explanation shown for each comes from its glossary term; here
live only the facts: its rule, and the areas of the rules a player of that keyword meets.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .deck import Deck, Entry

RULE_OF = {
    "Accelerate": "805", "Action": "806", "Assault": "807", "Deathknell": "808", "Deflect": "809", "Ganking": "810",
    "Hidden": "811", "Legion": "812", "Reaction": "813", "Shield": "814", "Tank": "815", "Temporary": "816",
    "Vision": "817", "Equip": "818", "Quick-Draw": "819", "Repeat": "820", "Weaponmaster": "821", "Ambush": "822",
    "Hunt": "823", "Level": "824", "Unique": "825", "Backline": "826", "Empower": "827", "Empowered": "828",
    "Flow": "829", "Deploy": "830", "Disarm": "831", "Show Off": "832",
}


@dataclass(frozen=True)
class Area:
    slug: str
    title: str
    rule: str  # the first rule of the area, the address of its section
    why: str  # why a deck like this one meets it, in our words


AREAS = {
    "chain": Area("chain", "La chaîne et les confrontations", "325",
                  "Tes cartes se jouent en réponse à d'autres : il faut savoir qui peut répondre, quand, et dans "
                  "quel ordre la chaîne se résout."),
    "combat": Area("combat", "Le combat", "461",
                   "Tes unités comptent sur des bonus qui ne jouent qu'en attaque ou en défense, et sur l'ordre dans "
                   "lequel les dégâts de combat sont répartis."),
    "movement": Area("movement", "Les déplacements", "447",
                     "Tes unités vont d'un champ de bataille à l'autre ou arrivent là où l'on ne les attend pas."),
    "costs": Area("costs", "Les coûts et la Réserve runique", "165",
                  "Tes cartes ont des coûts supplémentaires, facultatifs ou non : il faut savoir quand ils se paient "
                  "et avec quelle essence."),
    "triggers": Area("triggers", "Les compétences déclenchées", "382",
                     "Tes cartes réagissent à des événements (mourir, être jouées, conquérir) : leurs effets vont sur "
                     "la chaîne à un moment précis."),
    "attach": Area("attach", "Équiper et déséquiper", "435",
                   "Tes équipements passent d'une unité à l'autre : ce qu'ils donnent suit l'unité équipée."),
    "xp": Area("xp", "L'XP et le Niveau", "824",
               "Tes cartes gagnent ou dépensent de l'XP et changent quand ton total atteint un seuil."),
    "hide": Area("hide", "Cacher une carte", "422",
                 "Tes cartes se posent face cachée sur un champ de bataille que tu contrôles, puis se jouent plus "
                 "tard."),
    "turn": Area("turn", "Le début du tour", "315",
                 "Certaines de tes unités ne durent que jusqu'à ton prochain début de tour."),
}
AREAS_OF = {
    "Hidden": ("hide", "chain"), "Reaction": ("chain",), "Action": ("chain",), "Ambush": ("chain", "movement"),
    "Assault": ("combat",), "Shield": ("combat",), "Tank": ("combat",), "Backline": ("combat",),
    "Ganking": ("movement",), "Accelerate": ("costs",), "Repeat": ("costs",), "Empower": ("costs",),
    "Empowered": ("costs",), "Deflect": ("costs",), "Deathknell": ("triggers",), "Legion": ("triggers",),
    "Equip": ("attach",), "Weaponmaster": ("attach",), "Quick-Draw": ("attach",), "Disarm": ("attach",),
    "Level": ("xp",), "Hunt": ("xp",), "Temporary": ("turn",), "Deploy": ("movement",), "Flow": ("costs",),
}
_NUMBER = re.compile(r"\s+\d+$")


def base(keyword: str) -> str:
    """« Assault 2 » → « Assault »."""
    return _NUMBER.sub("", keyword.strip())


def keywords_of(card: dict) -> set[str]:
    return {base(k) for k in (card.get("keywords_mentioned") or []) + (card.get("keywords") or [])
            if base(k) in RULE_OF}


@dataclass
class Carried:
    keyword: str
    rule: str
    copies: int = 0
    cards: list[Entry] = field(default_factory=list)


def carried(deck: Deck) -> list[Carried]:
    """Every rules keyword of the deck, most present first (by copies in the deck, legend and battlefields
    included, then by name)."""
    found: dict[str, Carried] = {}
    for entry in [*deck.cards(), *deck.sideboard]:
        if entry.type == "Rune":
            continue
        for keyword in sorted(keywords_of(entry.card)):
            item = found.setdefault(keyword, Carried(keyword, RULE_OF[keyword]))
            item.copies += entry.count
            if all(e.card_id != entry.card_id for e in item.cards):
                item.cards.append(entry)
    return sorted(found.values(), key=lambda item: (-item.copies, item.keyword))


def areas(items: list[Carried]) -> list[tuple[Area, list[str]]]:
    """The rules areas the deck leans on, the most-used first, each with the keywords that lead there."""
    weight: Counter[str] = Counter()
    why: dict[str, list[str]] = {}
    for item in items:
        for slug in AREAS_OF.get(item.keyword, ()):
            weight[slug] += item.copies
            why.setdefault(slug, []).append(item.keyword)
    return [(AREAS[slug], why[slug]) for slug, _ in weight.most_common()]
