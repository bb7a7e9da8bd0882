"""Actions a scenario may take (« actions »), each with its French label and parameters, and the
whole vocabulary as JSON for the sandbox.  Re-exported by ``kinds``; each action ``x`` is handled by
the simulator's ``_do_x`` method, which names its rule.
"""

from __future__ import annotations

from .effect_kinds import CONDITIONS, KINDS
from .vocab import (
    DURATIONS,
    KEYWORDS,
    SPEEDS,
    ZONES,
    Duration,
    Event,
    Layer,
    Mode,
    Param,
    Speed,
    StepKind,
    Topic,
    Why,
    Zone,
)

_OBJ = Param("object", "object", "objet")
_EFF = Param("effect", "effect", "effet")
_PLAYER = Param("player", "player", "joueur")
_AMOUNT = Param("amount", "int", "quantité", min=0, max=20)
_DURATION = Param("duration", "enum", "durée", required=False, default="turn", choices=DURATIONS)
_IGNORE = Param("ignore_cost", "enum", "coût de base ignoré (R. 356.1.b)", required=False, default="",
                choices=("", "energy", "power", "all"))

ACTIONS: dict[str, tuple[str, tuple[Param, ...]]] = {
    "start": (
        "Un effet commence à s'appliquer",
        (
            Param("effect", "effect", "effet", required=False),
            Param("effects", "effects", "effets", required=False),
        ),
    ),
    "end": ("Un effet cesse (retiré ou dépensé)", (_EFF,)),
    "defend": (
        "Une unité défend (ou cesse de défendre)",
        (_OBJ, Param("value", "bool", "en défense", required=False, default=True)),
    ),
    "end_combat": ("Fin du combat", ()),
    "end_turn": ("Fin du tour (le tour passe au joueur suivant)", ()),
    "gain_xp": ("Gagner de l'XP", (_PLAYER, _AMOUNT)),
    "spend_xp": ("Dépenser de l'XP", (_PLAYER, _AMOUNT)),
    "hunt": ("La Chasse d'une unité se résout", (_OBJ,)),
    "buff": ("Buffer une unité (+1)", (_OBJ,)),
    "double": ("Doubler la puissance", (_OBJ, _DURATION)),
    "swap": ("Intervertir les puissances", (Param("objects", "objects", "deux objets"), _DURATION)),
    "kill": ("Éliminer (une instruction)", (Param("objects", "objects", "objets"),)),
    "return_to_hand": ("Renvoyer en main", (_OBJ,)),
    "create_token": (
        "Créer une création",
        (
            Param("token", "str", "identifiant de la création"),
            Param("name", "str", "nom"),
            _PLAYER,
            Param("exhausted", "bool", "épuisée", required=False, default=False),
            Param("printed_power", "int", "puissance imprimée", required=False, default=0, min=-10, max=20),
        ),
    ),
    "draw": ("Piocher", (_PLAYER,)),
    "attach": ("Équiper", (_OBJ, Param("to", "object", "unité"))),
    "detach": ("Déséquiper", (_OBJ,)),
    "move": (
        "Déplacer (par un effet, sans épuiser)",
        (
            _OBJ,
            Param("zone", "enum", "zone", required=False, choices=ZONES),
            Param("to", "location", "destination (« base » ou un champ de bataille)", required=False),
        ),
    ),
    "standard_move": (
        "Déplacement standard (épuise les unités)",
        (
            Param("objects", "objects", "unités"),
            Param("to", "location", "destination (« base » ou un champ de bataille)"),
        ),
    ),
    "recall": ("Rappeler à la base", (_OBJ,)),
    "play_unit": (
        "Jouer une unité",
        (
            _OBJ,
            Param("to", "location", "où (« base » ou un champ de bataille contrôlé)", required=False, default="base"),
            Param("accelerate", "bool", "payer Accélération (arrive prête)", required=False, default=False),
            _IGNORE,
        ),
    ),
    "hide": (
        "Cacher une carte face cachée sur un champ de bataille contrôlé (Caché, paye [A])",
        (_OBJ, Param("to", "location", "champ de bataille")),
    ),
    "cast": (
        "Jouer un sort ou une compétence (ajouté à la chaîne)",
        (
            _PLAYER,
            Param("label", "str", "nom du sort", required=False, default="Sort"),
            Param("speed", "enum", "vitesse", required=False, default="normal", choices=SPEEDS),
            Param("target", "object", "cible (sans effet si elle a disparu)", required=False),
            Param("optional", "bool", "le joueur peut choisir de ne pas le jouer", required=False, default=False),
            Param("cost", "int", "coût en Énergie", required=False, default=0, min=0, max=20),
            Param("power_cost", "keywords", "coût en essence runique (un domaine par symbole)", required=False,
                  default=()),
            Param("discount", "int", "réduction d'Énergie donnée par le sort lui-même", required=False, default=0,
                  min=0, max=20),
            _IGNORE,
            Param("hidden", "object", "la carte face cachée jouée (Caché)", required=False),
            Param("steps", "steps", "instructions"),
        ),
    ),
    "pass": ("Passer (priorité ou focalisation)", (_PLAYER,)),
    "add": (
        "Ajouter une ressource avec une rune (l'épuiser : 1 Énergie ; la recycler : 1 essence runique)",
        (_OBJ, Param("how", "enum", "comment", required=False, default="energy", choices=("energy", "power"))),
    ),
    "damage": ("Infliger des dégâts", (_OBJ, _AMOUNT)),
    "stun": ("Étourdir", (_OBJ,)),
    "gain_points": ("Gagner des points (sans marquer)", (_PLAYER, Param("amount", "int", "points", min=0, max=10))),
    "start_turn": ("Début du tour : Préparer, phase de début (occupation), canalisation, pioche", ()),
    "play_card": ("Jouer une carte (Légion)", (_PLAYER,)),
    "activate": ("Activer une compétence", (_EFF,)),
    "finish": ("Terminer une compétence en attente", (_EFF,)),
    "combat_damage": ("Infliger les dégâts de combat", (_OBJ,)),
    "query": (
        "Consulter",
        (
            Param(
                "ask",
                "enum",
                "question",
                choices=(
                    "power",
                    "reference_power",
                    "keywords",
                    "mighty",
                    "zone",
                    "controller",
                    "xp",
                    "active",
                    "exhausted",
                    "points",
                    "hand",
                    "deck",
                    "damage",
                    "location",
                ),
            ),
            Param("object", "object", "objet", required=False),
            Param("player", "player", "joueur", required=False),
            Param("effect", "effect", "effet", required=False),
        ),
    ),
    "resolve": (
        "Résoudre un sort (instructions successives)",
        (
            Param("label", "str", "nom du sort", required=False, default="Sort"),
            Param("steps", "steps", "instructions"),
        ),
    ),
}


def _param_dict(p: Param) -> dict:
    return {
        "name": p.name,
        "type": p.type,
        "label": p.label,
        "required": p.required,
        "default": list(p.default) if isinstance(p.default, tuple) else p.default,
        "min": p.min,
        "max": p.max,
        "choices": list(p.choices),
    }


def _enum_list(cls) -> list[dict]:
    return [{"name": m.value, "label": m.label, "rule": m.doc} for m in cls]


def vocabulary() -> dict:
    """The whole vocabulary as JSON-ready data, so a sandbox form can be generated from it."""
    return {
        "kinds": [
            {
                "name": k.name,
                "label": k.label,
                "category": k.category,
                "layer": k.layer,
                "step": k.step,
                "characteristic": k.characteristic,
                "params": [_param_dict(p) for p in k.params],
            }
            for k in KINDS.values()
        ],
        "conditions": [_param_dict(p) for p in CONDITIONS.values()],
        "actions": [
            {"name": name, "label": label, "params": [_param_dict(p) for p in params]}
            for name, (label, params) in ACTIONS.items()
        ],
        "keywords": [
            {"name": k, "label": r.label, "explanation": r.explanation, "rule": r.rule} for k, r in KEYWORDS.items()
        ],
        "layers": _enum_list(Layer),
        "zones": _enum_list(Zone),
        "durations": _enum_list(Duration),
        "topics": _enum_list(Topic),
        "speeds": _enum_list(Speed),
        "modes": _enum_list(Mode),
        "step_kinds": _enum_list(StepKind),
        "events": _enum_list(Event),
        "reasons": _enum_list(Why),
    }


__all__ = ["ACTIONS", "vocabulary"]
