"""Actions a scenario may take (« actions »): each is ONE entry, ``Action``, with its French label, its
parameters, its handler (the simulator's method ``handler``, which names its rule) and its narration
(``says``); and the whole vocabulary as JSON for the sandbox.  Re-exported by ``kinds``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from .effect_kinds import CONDITIONS, KINDS
from .keywords import burn, empower, equip, predict
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
# what a keyword cost that is not a resource names (R. 357.2), and the choice between two costs
_KEYWORD_COST = (
    Param("cost_option", "int", "coût choisi parmi ceux au choix (0 = le premier)", required=False, quiet=True,
          default=0, min=0, max=3),
    Param("kill", "object", "coût : l'unité alliée éliminée (R. 429.1.a.1)", required=False, quiet=True),
    Param("exhaust", "object", "coût : l'unité alliée épuisée (R. 415.4)", required=False, quiet=True),
    Param("discard", "object", "coût : le sort défaussé de la main (R. 423.3)", required=False, quiet=True),
)
# What an instruction of a played spell (a ``cast`` step; a bare ``resolve`` has neither keyword) may carry besides
# its own parameters: the keyword text it belongs to (engine/keywords: show_off.linked_steps, repeat.steps).
STEP_PARAMS = (
    Param("showed_off", "bool", "Show Off : exécutée seulement si le sort a montré un objet (vrai) ou non (faux) "
          "(R. 832.1.c.1)", required=False, quiet=True),
    Param("execution", "int", "Répétition : instruction de cette exécution seulement (0 = la première, R. 820.2.a)",
          required=False, quiet=True, min=0, max=3),
)

@dataclass(frozen=True)
class Action:
    """One action kind: its name (the ``do`` of a scenario), French label, parameters, and what the trace says
    when it is taken (``says`` receives the names the narration resolved: ``object``, ``player``, ``effect``,
    ``objects``, ``effects``, ``where``, ``to_object``, ``speed``, ``de`` and the raw step reason ``r``).  The
    simulator runs it with its method ``handler`` (``Sim._do_<name>``)."""

    name: str
    label: str
    params: tuple[Param, ...]
    says: Callable[..., str]
    run: Callable[..., None] | None = None  # a keyword's action, run as ``run(sim, action)`` (engine/keywords)

    @property
    def handler(self) -> str:
        return f"_do_{self.name}"

    # Read as the pair (label, params) it used to be: ``label, params = ACTIONS[name]`` keeps working.
    def __iter__(self) -> Iterator:
        return iter((self.label, self.params))

    def __getitem__(self, index: int):
        return (self.label, self.params)[index]


ACTIONS: dict[str, Action] = {action.name: action for action in (
    Action(
        "start",
        "Un effet commence à s'appliquer",
        (
            Param("effects", "effects", "effets qui commencent", singular="effect"),
        ),
        says=lambda w: "début de " + w.effects,
    ),
    Action(
        "end",
        "Un effet cesse (retiré ou dépensé)",
        (_EFF,),
        says=lambda w: f"{w.effect} prend fin",
    ),
    Action(
        "defend",
        "Une unité défend (ou cesse de défendre)",
        (_OBJ, Param("value", "bool", "en défense", required=False, default=True)),
        says=lambda w: f"{w.object} {'défend' if w.r.get('value', True) else 'cesse de défendre'}",
    ),
    Action(
        "end_combat",
        "Fin du combat",
        (),
        says=lambda w: "le combat se termine",
    ),
    Action(
        "end_turn",
        "Fin du tour (le tour passe au joueur suivant)",
        (),
        says=lambda w: "le tour se termine",
    ),
    Action(
        "gain_xp",
        "Gagner de l'XP",
        (_PLAYER, _AMOUNT),
        says=lambda w: f"{w.player} gagne {w.r.get('amount')} XP",
    ),
    Action(
        "spend_xp",
        "Dépenser de l'XP",
        (_PLAYER, _AMOUNT),
        says=lambda w: f"{w.player} dépense {w.r.get('amount')} XP",
    ),
    Action(
        "hunt",
        "La Chasse d'une unité se résout",
        (_OBJ,),
        says=lambda w: f"la Chasse {w.de(w.object)} se résout",
    ),
    Action(
        "buff",
        "Buffer une unité (+1)",
        (_OBJ,),
        says=lambda w: f"{w.object} reçoit un buff",
    ),
    Action(
        "double",
        "Doubler la puissance",
        (_OBJ, _DURATION),
        says=lambda w: f"la puissance {w.de(w.object)} est doublée",
    ),
    Action(
        "swap",
        "Intervertir les puissances",
        (Param("objects", "objects", "deux objets"), _DURATION),
        says=lambda w: "deux puissances sont interverties",
    ),
    Action(
        "kill",
        "Éliminer (une instruction)",
        (Param("objects", "objects", "objets"),),
        says=lambda w: "une instruction élimine " + w.objects,
    ),
    Action(
        "return_to_hand",
        "Renvoyer en main",
        (_OBJ,),
        says=lambda w: f"{w.object} doit retourner en main",
    ),
    Action(
        "create_token",
        "Créer une création",
        (
            Param("token", "str", "identifiant de la création"),
            Param("name", "str", "nom"),
            _PLAYER,
            Param("exhausted", "bool", "épuisée", required=False, default=False),
            Param("printed_power", "int", "puissance imprimée", required=False, default=0, min=-10, max=20),
        ),
        says=lambda w: f"{w.player} doit créer {w.r.get('name')}",
    ),
    Action(
        "draw",
        "Piocher",
        (_PLAYER,),
        says=lambda w: f"{w.player} pioche",
    ),
    Action(
        "attach",
        "Équiper un équipement à une unité",
        (_OBJ, Param("to", "object", "unité")),
        says=lambda w: f"{w.object} est équipé à {w.to_object}",
    ),
    Action(
        "detach",
        "Déséquiper",
        (_OBJ,),
        says=lambda w: f"{w.object} est déséquipé",
    ),
    Action(
        "move",
        "Déplacer (par un effet, sans épuiser)",
        (
            _OBJ,
            Param("zone", "enum", "zone", required=False, choices=ZONES),
            Param("to", "location", "destination (« base » ou un champ de bataille)", required=False),
        ),
        says=lambda w: f"{w.object} se déplace vers {w.where}",
    ),
    Action(
        "standard_move",
        "Déplacement standard (épuise les unités)",
        (
            Param("objects", "objects", "unités"),
            Param("to", "location", "destination (« base » ou un champ de bataille)"),
        ),
        says=lambda w: f"déplacement standard de {w.objects} vers {w.where}",
    ),
    Action(
        "recall",
        "Rappeler à la base",
        (_OBJ,),
        says=lambda w: f"{w.object} doit retourner à la base (rappel)",
    ),
    Action(
        "play_unit",
        "Jouer une unité",
        (
            _OBJ,
            Param("to", "location", "où (« base » ou un champ de bataille contrôlé)", required=False, default="base"),
            Param("accelerate", "bool", "payer Accélération (arrive prête)", required=False, default=False),
            _IGNORE,
            Param("recycle", "bool", "Vision : recycler la carte vue (R. 817)", required=False, default=False,
                  quiet=True),
            Param("weaponmaster", "object", "Expert en armes : l'objet à équiper (R. 821)", required=False,
                  quiet=True),
            Param("show_off", "object", "Show Off : l'objet montré (R. 832)", required=False, quiet=True),
            *_KEYWORD_COST,  # what the Equip cost paid by Weaponmaster takes (R. 821.1.c, 357.2)
        ),
        says=lambda w: f"{w.player or 'son contrôleur'} joue {w.object}"
        + (" en payant Accélération" if w.r.get("accelerate") else ""),
    ),
    Action(
        "play_gear",
        "Jouer un équipement",
        (
            _OBJ,
            Param("to", "location", "où (la base ; un champ de bataille avec Deploy)", required=False, default="base"),
            Param("attach_to", "object", "Dégainer : l'unité à laquelle il s'attache (R. 819)", required=False),
        ),
        says=lambda w: f"{w.player or 'son contrôleur'} joue l'équipement {w.object}",
    ),
    Action(
        "equip",
        "Équiper : payer le coût d'Équiper et équiper l'équipement à une unité (R. 818)",
        (_OBJ, Param("to", "object", "unité"), *_KEYWORD_COST),
        says=lambda w: f"on paie le coût d'Équiper de {w.object} pour l'équiper à {w.to_object}",
        run=equip.run,
    ),
    Action(
        "empower",
        "Amplifier : payer le coût d'Amplification (R. 827)",
        (_OBJ, *_KEYWORD_COST),
        says=lambda w: f"on paie le coût d'Amplification de {w.object}",
        run=empower.run,
    ),
    Action(
        "predict",
        "Prédire : regarder le dessus de son deck (R. 437)",
        (_PLAYER, Param("amount", "int", "cartes regardées", required=False, default=1, min=1, max=10),
         Param("recycle", "int", "cartes recyclées", required=False, quiet=True, default=0, min=0, max=10)),
        says=lambda w: f"{w.player} prédit",
        run=predict.run,
    ),
    Action(
        "burn",
        "Brûler : le dessus du deck va dans la Défausse (R. 441)",
        (_PLAYER, _AMOUNT),
        says=lambda w: f"{w.player} brûle {w.r.get('amount')} carte(s)",
        run=burn.run,
    ),
    Action(
        "hide",
        "Cacher une carte face cachée sur un champ de bataille contrôlé (Caché, paye [A])",
        (_OBJ, Param("to", "location", "champ de bataille")),
        says=lambda w: f"on cache {w.object} face cachée",
    ),
    Action(
        "cast",
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
            Param("card", "object", "la carte de sort jouée (son coût imprimé)", required=False, quiet=True),
            Param("flow", "bool", "jouée depuis la Défausse pour son coût de Flux (R. 829)", required=False,
                  default=False, quiet=True),
            Param("repeat", "bool", "payer Répétition : instructions exécutées deux fois (R. 820)", required=False,
                  default=False, quiet=True),
            Param("repeat_costs", "indices", "coûts de Répétition payés, par leur rang sur la carte (0 = le premier) : "
                  "une exécution de plus pour chacun (R. 820.3)", required=False, quiet=True, max=3),
            Param("show_off", "object", "Show Off : l'objet montré (R. 832)", required=False, quiet=True),
            Param("steps", "steps", "instructions"),
        ),
        says=lambda w: f"{w.player} joue « {w.r.get('label')} »"
        + (f" (vitesse {w.speed})" if w.r.get("speed") else ""),
    ),
    Action(
        "pass",
        "Passer (priorité ou focalisation)",
        (_PLAYER,),
        says=lambda w: f"{w.player} passe",
    ),
    Action(
        "add",
        "Ajouter une ressource avec une rune (l'épuiser : 1 Énergie ; la recycler : 1 essence runique)",
        (_OBJ, Param("how", "enum", "comment", required=False, default="energy", choices=("energy", "power"))),
        says=lambda w: f"{w.object} ajoute une ressource à la Réserve runique"
        + (" en étant recyclée" if w.r.get("how") == "power" else " en s'épuisant"),
    ),
    Action(
        "damage",
        "Infliger des dégâts",
        (_OBJ, _AMOUNT,
         Param("might_of_shown", "bool", "Show Off : autant que la puissance de l'objet montré, lue quand il l'a été "
               "(R. 832.1.d.1)", required=False, quiet=True)),
        says=lambda w: f"{w.object} subit {w.r.get('amount')} dégâts",
    ),
    Action(
        "stun",
        "Étourdir une unité",
        (_OBJ,),
        says=lambda w: f"on étourdit {w.object}",
    ),
    Action(
        "gain_points",
        "Gagner des points (sans marquer)",
        (_PLAYER, Param("amount", "int", "points", min=0, max=10)),
        says=lambda w: f"{w.player} gagne {w.r.get('amount')} point{'s' if (w.r.get('amount') or 0) > 1 else ''}",
    ),
    Action(
        "start_turn",
        "Début du tour : Préparer, phase de départ (occupation), canalisation, pioche",
        (),
        says=lambda w: "début du tour",
    ),
    Action(
        "play_card",
        "Jouer une carte (Légion)",
        (_PLAYER,),
        says=lambda w: f"{w.player} joue une autre carte",
    ),
    Action(
        "activate",
        "Activer une compétence",
        (_EFF,),
        says=lambda w: f"on tente d'activer {w.effect}",
    ),
    Action(
        "finish",
        "Terminer une compétence en attente",
        (_EFF,),
        says=lambda w: f"on termine {w.effect}, en attente sur la chaîne",
    ),
    Action(
        "combat_damage",
        "Infliger les dégâts de combat",
        (_OBJ,),
        says=lambda w: f"{w.object} inflige ses dégâts de combat",
    ),
    Action(
        "query",
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
        says=lambda w: "on consulte l'état du jeu",
    ),
    Action(
        "resolve",
        "Résoudre un sort (instructions successives)",
        (
            Param("label", "str", "nom du sort", required=False, default="Sort"),
            Param("steps", "steps", "instructions"),
        ),
        says=lambda w: f"le sort « {w.r.get('label')} » se résout, instruction par instruction",
    ),
)}



# The action names as members (``Do.QUERY``): the simulator matches an action by its member, so a typo is an
# AttributeError rather than a comparison that is silently never true.
Do = StrEnum("Do", {name.upper(): name for name in ACTIONS})


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


__all__ = ["ACTIONS", "STEP_PARAMS", "Action", "Do", "vocabulary"]
