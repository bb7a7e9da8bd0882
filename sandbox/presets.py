"""Small ready situations to start from, so nobody faces an empty form (``?modele=<slug>``).

Each is a scenario dict in the engine's format; ``tests/sandbox`` checks that every one loads and runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.kinds import ACTIONS


@dataclass(frozen=True)
class Preset:
    slug: str
    label: str
    summary: str
    scenario: dict


_YOU = {"id": "p1", "name": "Joueuse A"}
_THEM = {"id": "p2", "name": "Joueur B"}


def _combat() -> dict:
    """Your unit attacks a unit with Bouclier 2 that defends: each deals its Might as combat damage."""
    return {
        "title": "Un combat",
        "description": (
            "Votre unité de puissance 4 attaque une unité adverse de puissance 3 qui défend avec Bouclier 2."
        ),
        "topic": "puissance",
        "players": [_YOU, _THEM],
        "objects": [
            {"id": "u1", "name": "Votre unité", "printed_power": 4, "zone": "battlefield", "controller": "p1"},
            {
                "id": "u2",
                "name": "Unité adverse",
                "printed_power": 3,
                "zone": "battlefield",
                "controller": "p2",
                "keywords": ["Bouclier 2"],
                "defending": True,
            },
        ],
        "effects": [],
        "actions": [
            {"do": "query", "ask": "power", "object": "u1"},
            {"do": "query", "ask": "power", "object": "u2"},
            {"do": "combat_damage", "object": "u1"},
            {"do": "combat_damage", "object": "u2"},
            {"do": "end_combat"},
            {"do": "query", "ask": "power", "object": "u2"},
        ],
    }


def _two_power_effects() -> dict:
    """« 4, jusqu'à 5, +2 »: the dependency puts « jusqu'à 5 » after « +2 » whatever their timestamps."""
    return {
        "title": "Deux effets de puissance",
        "description": "Une unité de puissance 4 reçoit « jusqu'à 5 », puis +2.",
        "topic": "couches",
        "players": [_YOU],
        "objects": [{"id": "u1", "name": "Votre unité", "printed_power": 4, "zone": "battlefield", "controller": "p1"}],
        "effects": [
            {"id": "e1", "label": "Jusqu'à 5", "kind": "increase_up_to", "value": 5, "target": "u1", "since": 1},
            {"id": "e2", "label": "+2", "kind": "increase", "value": 2, "target": "u1", "since": 2},
        ],
        "actions": [{"do": "query", "ask": "power", "object": "u1"}],
    }


def _replacement() -> dict:
    """A death replaced: the unit is healed, exhausted and recalled to base instead of dying."""
    return {
        "title": "Un remplacement",
        "description": "Votre unité doit mourir ; « Retraite tactique » la renvoie à la base à la place.",
        "topic": "remplacement",
        "players": [_YOU, _THEM],
        "objects": [{"id": "u1", "name": "Votre unité", "printed_power": 3, "zone": "battlefield", "controller": "p1"}],
        "effects": [
            {
                "id": "e1",
                "label": "Retraite tactique",
                "kind": "replacement",
                "event": "die",
                "target": "u1",
                "produce": ["heal", "exhaust", "recall"],
                "duration": "turn",
            }
        ],
        "actions": [{"do": "kill", "objects": ["u1"]}, {"do": "query", "ask": "zone", "object": "u1"}],
    }


def _two_against_one() -> dict:
    """The board first: two players, their bases, a battlefield each side holds or not; two of your units move
    from your base onto the battlefield the opponent holds with one unit, and the combat follows by itself."""
    return {
        "title": "Deux unités contre une",
        "description": (
            "Vos deux unités partent de votre base vers le champ de bataille que l'adversaire tient avec une "
            "seule unité : le déplacement déclenche le combat."
        ),
        "topic": "combat",
        "players": [_YOU, _THEM],
        "objects": [
            {"id": "bf1", "name": "Champ de l'adversaire", "type": "battlefield", "controller": "p2"},
            {"id": "bf2", "name": "Champ libre", "type": "battlefield"},
            {"id": "u1", "name": "Votre unité A", "printed_power": 3, "zone": "base", "controller": "p1"},
            {"id": "u2", "name": "Votre unité B", "printed_power": 2, "zone": "base", "controller": "p1"},
            {"id": "u3", "name": "Unité adverse", "printed_power": 4, "zone": "battlefield", "at": "bf1",
             "controller": "p2"},
        ],
        "effects": [],
        "actions": [{"do": "standard_move", "objects": ["u1", "u2"], "to": "bf1"}],
    }


PRESETS = {
    p.slug: p
    for p in (
        Preset("deux-effets", "Deux effets de puissance", "une unité, « jusqu'à 5 » et +2", _two_power_effects()),
        Preset("combat", "Un combat", "deux unités, dont une qui défend avec Bouclier", _combat()),
        Preset(
            "deux-contre-un",
            "Deux unités contre une",
            "deux joueurs, leurs bases et deux champs de bataille ; vos unités attaquent",
            _two_against_one(),
        ),
        Preset("remplacement", "Un remplacement", "une mort remplacée par un retour à la base", _replacement()),
    )
    if all(a["do"] in ACTIONS for a in p.scenario["actions"])
}
