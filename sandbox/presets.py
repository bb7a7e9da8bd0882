"""Ready situations to start from, so nobody faces an empty form (``?modele=<slug>``).

Each is a scenario dict in the engine's format. The « situations courantes » are real turns on a duel's board
(two players, their bases, two battlefields with an explicit controller), and the engine plays them;
``tests/sandbox/test_presets.py`` checks each outcome against values worked out from the rules.
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
    group: str = "board"  # « board »: a situation on the board; « power »: a calculation of Might


GROUPS = {
    "board": "Situations courantes",
    "power": "Calculs de puissance",
}

_YOU = {"id": "p1", "name": "Joueuse A"}
_THEM = {"id": "p2", "name": "Joueur B"}
_PLAYERS = [_YOU, _THEM]


def _battlefield(oid: str, name: str, controller: str | None = None) -> dict:
    return {"id": oid, "name": name, "type": "battlefield", **({"controller": controller} if controller else {})}


def _unit(oid: str, name: str, power: int, player: str, at: str | None = None, **extra) -> dict:
    where = {"zone": "battlefield", "at": at} if at else {"zone": "base"}
    return {"id": oid, "name": name, "printed_power": power, **where, "controller": player, **extra}


def _two_against_one() -> dict:
    """Vi (3) and Ahri (2) leave their base for the battlefield Joueur B holds with Garen (4): the move contests
    it, a combat follows by itself."""
    return {
        "title": "Deux unités contre une",
        "description": (
            "Vi (3) et Ahri (2) quittent la base de la joueuse A pour le Pont de Piltover, que le joueur B contrôle "
            "avec Garen (4) : leur arrivée conteste le champ et un combat s'ensuit."
        ),
        "topic": "combat",
        "players": _PLAYERS,
        "objects": [
            _battlefield("pont", "Pont de Piltover", "p2"),
            _battlefield("autel", "Autel du Soleil"),
            _unit("vi", "Vi", 3, "p1"),
            _unit("ahri", "Ahri", 2, "p1"),
            _unit("garen", "Garen", 4, "p2", at="pont"),
        ],
        "effects": [],
        "actions": [{"do": "standard_move", "objects": ["vi", "ahri"], "to": "pont"}],
    }


def _vi_walks(title: str, description: str, topic: str, *, to: str, pont_controller: str, on_pont: dict) -> dict:
    """Vi leaves Joueuse A's base for one of the two battlefields (the Bridge holds ``on_pont``)."""
    return {
        "title": title,
        "description": description,
        "topic": topic,
        "players": _PLAYERS,
        "objects": [
            _battlefield("pont", "Pont de Piltover", pont_controller),
            _battlefield("autel", "Autel du Soleil"),
            _unit("vi", "Vi", 3, "p1"),
            on_pont,
        ],
        "effects": [],
        "actions": [{"do": "standard_move", "objects": ["vi"], "to": to}],
    }


def _conquer_empty() -> dict:
    """Vi goes to a battlefield nobody controls and nobody occupies: no combat, a showdown, then a conquest."""
    return _vi_walks(
        "Conquérir un champ de bataille vide",
        "Vi (3) quitte la base de la joueuse A pour l'Autel du Soleil, où personne n'est et que personne "
        "ne contrôle : pas de combat, mais une confrontation, puis la conquête.",
        "score",
        to="autel",
        pont_controller="p2",
        on_pont=_unit("garen", "Garen", 4, "p2", at="pont"),
    )


def _defend_with_a_tank() -> dict:
    """Jinx (4) attacks Braum (Tank, 3) and Lux (2): Braum must take lethal damage first, so Lux survives."""
    return {
        "title": "Défendre avec un Tank",
        "description": (
            "Jinx (4) attaque le Pont de Piltover, que le joueur B défend avec Braum (Tank, 3) et Lux (2). "
            "Les dégâts de Jinx vont d'abord à Braum : il en reste trop peu pour Lux."
        ),
        "topic": "combat",
        "players": _PLAYERS,
        "objects": [
            _battlefield("pont", "Pont de Piltover", "p2"),
            _battlefield("autel", "Autel du Soleil"),
            _unit("jinx", "Jinx", 4, "p1"),
            _unit("braum", "Braum", 3, "p2", at="pont", keywords=["Tank"]),
            _unit("lux", "Lux", 2, "p2", at="pont"),
        ],
        "effects": [],
        "actions": [{"do": "standard_move", "objects": ["jinx"], "to": "pont"}],
    }


def _answer_a_spell() -> dict:
    """A buff on Vi answered by 3 damage: the last spell added resolves first, Vi dies, the buff has no target
    left, and the battlefield Vi held is left without a controller."""
    return {
        "title": "Répondre à un sort",
        "description": (
            "La joueuse A joue Renfort sur Vi (3), seule sur le Pont de Piltover qu'elle contrôle ; le joueur B "
            "répond par un Éclair de 3 dégâts. Le dernier sort joué se résout le premier."
        ),
        "topic": "chaine",
        "players": _PLAYERS,
        "objects": [
            _battlefield("pont", "Pont de Piltover", "p1"),
            _battlefield("autel", "Autel du Soleil"),
            _unit("vi", "Vi", 3, "p1", at="pont"),
        ],
        "effects": [],
        "actions": [
            {
                "do": "cast",
                "player": "p1",
                "label": "Renfort",
                "target": "vi",
                "steps": [{"do": "buff", "object": "vi"}],
            },
            {
                "do": "cast",
                "player": "p2",
                "label": "Éclair",
                "speed": "reaction",
                "target": "vi",
                "steps": [{"do": "damage", "object": "vi", "amount": 3}],
            },
        ],
    }


def _already_yours() -> dict:
    """Vi walks onto a battlefield Joueuse A already controls: no contest, so nothing else happens."""
    return _vi_walks(
        "Un champ déjà à vous",
        "Vi (3) rejoint le Pont de Piltover, que la joueuse A contrôle déjà : rien n'est contesté, "
        "donc ni combat ni conquête.",
        "deplacement",
        to="pont",
        pont_controller="p1",
        on_pont=_unit("ahri", "Ahri", 2, "p1", at="pont"),
    )


def _combat() -> dict:
    """Your unit attacks a unit with Bouclier 2 that defends: each deals its Might as combat damage."""
    return {
        "title": "Un combat",
        "description": (
            "Votre unité de puissance 4 attaque une unité adverse de puissance 3 qui défend avec Bouclier 2."
        ),
        "topic": "puissance",
        "players": _PLAYERS,
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
        "players": _PLAYERS,
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


def _actions_of(scenario: dict) -> list[str]:
    return [a["do"] for a in scenario["actions"]] + [s["do"] for a in scenario["actions"] for s in a.get("steps", [])]


PRESETS = {
    p.slug: p
    for p in (
        Preset(
            "deux-contre-un",
            "2 unités contre 1",
            "deux unités attaquent un champ tenu par une seule",
            _two_against_one(),
        ),
        Preset(
            "conquerir-un-champ-vide",
            "Conquérir un champ de bataille vide",
            "une unité arrive où personne n'est",
            _conquer_empty(),
        ),
        Preset(
            "defendre-avec-un-tank",
            "Défendre avec un Tank",
            "le Tank reçoit les dégâts en premier",
            _defend_with_a_tank(),
        ),
        Preset(
            "repondre-a-un-sort",
            "Répondre à un sort",
            "le dernier sort joué se résout d'abord",
            _answer_a_spell(),
        ),
        Preset(
            "champ-deja-a-vous",
            "Un champ déjà à vous",
            "ni combat ni conquête : pourquoi ?",
            _already_yours(),
        ),
        Preset(
            "deux-effets",
            "Deux effets de puissance",
            "une unité, « jusqu'à 5 » et +2",
            _two_power_effects(),
            group="power",
        ),
        Preset("combat", "Un combat", "deux unités, dont une qui défend avec Bouclier", _combat(), group="power"),
        Preset(
            "remplacement",
            "Un remplacement",
            "une mort remplacée par un retour à la base",
            _replacement(),
            group="power",
        ),
    )
    if all(name in ACTIONS for name in _actions_of(p.scenario))
}


def grouped() -> list[tuple[str, list[Preset]]]:
    """The presets under their heading, in the order of ``GROUPS``."""
    return [(title, [p for p in PRESETS.values() if p.group == key]) for key, title in GROUPS.items()]
