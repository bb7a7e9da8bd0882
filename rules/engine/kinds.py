"""The vocabulary of the engine: effect kinds, keywords and actions.

This is the ONE place that says what an effect kind is: its French label, its parameters
(with types and bounds, so the sandbox form can be generated from it), its layer and the function
that applies it.  Adding a kind means adding one entry to ``KINDS``.

An apply function receives the effect's parameters, the characteristics of the affected object
(mutable, see ``layers.Chars``) and an environment giving read access to other objects; it changes
the characteristics and returns *what the effect did* (a hashable value).  The layer engine uses
that return value to derive dependencies by trial (rule 2 of seed 000).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

LAYERS = ("copy", "characteristics", "abilities", "numeric")
LAYER_LABELS = {
    "copy": "copie",
    "characteristics": "caractéristiques",
    "abilities": "compétences",
    "numeric": "calculs numériques",
}
# A layer's calculation steps, in order (increases come before decreases, seed 000).
STAGES: tuple[tuple[str, str | None], ...] = (
    ("copy", None),
    ("characteristics", None),
    ("abilities", None),
    ("numeric", "increase"),
    ("numeric", "decrease"),
)
STEP_LABELS = {"increase": "augmentations", "decrease": "réductions"}

BOARD_ZONES = ("base", "battlefield")
ZONES = ("base", "battlefield", "hand", "deck", "discard", "banished")
ZONE_LABELS = {
    "base": "la base",
    "battlefield": "le champ de bataille",
    "hand": "la main",
    "deck": "le deck",
    "discard": "la défausse",
    "banished": "la zone de bannissement",
}
OBJECT_TYPES = ("unit", "gear", "token", "battlefield", "spell")
DURATIONS = ("permanent", "turn", "combat")
DURATION_LABELS = {"permanent": "tant que sa source est active", "turn": "ce tour", "combat": "ce combat"}


@dataclass(frozen=True)
class Param:
    """One parameter of an effect kind or action, with its type and bounds."""

    name: str
    type: str  # int | bool | str | object | player | effect | keywords | enum | produce | objects
    label: str
    required: bool = True
    default: Any = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Kind:
    """An effect kind: label, category, layer and the function applying it."""

    name: str
    label: str
    category: str  # continuous | replacement | triggered | activated
    layer: str | None = None
    step: str | None = None
    characteristic: str | None = None
    params: tuple[Param, ...] = ()
    apply: Callable[..., Any] | None = None
    reads: Callable[[dict], tuple[str, ...]] = field(default=lambda p: ())
    oneshot_param: bool = False  # has a ``oneshot`` switch: amount locked when first applied
    describe: Callable[[dict], str] = field(default=lambda p: "")


# --------------------------------------------------------------------------- keywords

_KW_RE = re.compile(r"^(.*?)(?:\s+(-?\d+))?$")


def keyword_base(keyword: str) -> str:
    """« Bouclier 2 » → « Bouclier »."""
    return _KW_RE.match(keyword.strip()).group(1)


def keyword_number(keyword: str, default: int = 1) -> int:
    """« Bouclier 2 » → 2 ; « Bouclier » → 1."""
    m = _KW_RE.match(keyword.strip())
    return int(m.group(2)) if m.group(2) else default


@dataclass(frozen=True)
class KeywordRule:
    label: str
    explanation: str
    # When set, the keyword creates an implicit numeric increase of N while the condition holds.
    numeric_while: str | None = None
    hunt: bool = False


KEYWORDS = {
    "Bouclier": KeywordRule("Bouclier", "en défense, ajoute N à la puissance", numeric_while="defending"),
    "Chasse": KeywordRule("Chasse", "quand elle se résout, son contrôleur gagne N XP", hunt=True),
    "Gank": KeywordRule("Gank", "peut se déplacer d'un champ de bataille à un autre"),
    "Protection": KeywordRule("Protection", "mot-clé défensif"),
}


def has_keyword(keywords: tuple[str, ...], base: str) -> bool:
    """Whether a keyword is present, whatever its number (condition `has_keyword`, rule 4)."""
    return any(keyword_base(k) == base for k in keywords)


# --------------------------------------------------------------------------- apply functions
# Each returns what the effect did; it must be deterministic and only touch ``ch``.


def _copy(p, ch, env):
    src = env.copiable(p["of"])
    ch.name, ch.type, ch.tags, ch.power = src.name, src.type, src.tags, src.power
    ch.cost, ch.domains = src.cost, src.domains
    ch.keywords = src.keywords
    ch.kw_ts = dict(src.kw_ts)
    return ("copy", src.name, src.power, src.keywords, src.tags)


def _set_power(p, ch, env):
    ch.power = p["value"]
    return p["value"]


def _add_tag(p, ch, env):
    if p["tag"] not in ch.tags:
        ch.tags = ch.tags + (p["tag"],)
    return p["tag"]


def _set_name(p, ch, env):
    ch.name = p["name"]
    return p["name"]


def _set_cost(p, ch, env):
    ch.cost = p["value"]
    return p["value"]


def _add_domain(p, ch, env):
    if p["domain"] not in ch.domains:
        ch.domains = ch.domains + (p["domain"],)
    return p["domain"]


def _set_controller(p, ch, env):
    ch.controller = p["player"]
    return p["player"]


def _grant(p, ch, env):
    for k in p["keywords"]:
        if k not in ch.keywords:
            ch.keywords = ch.keywords + (k,)
            ch.kw_ts[k] = env.ts
    # What a grant does does not depend on what the object had: it gives these keywords.
    return ("+",) + tuple(p["keywords"])


def _remove(p, ch, env):
    bases = {keyword_base(k) for k in p["keywords"]}
    ch.keywords = tuple(k for k in ch.keywords if keyword_base(k) not in bases)
    return ("-",) + tuple(p["keywords"])


def _increase(p, ch, env):
    ch.power += p["value"]
    return p["value"]


def _decrease(p, ch, env):
    ch.power -= p["value"]
    return -p["value"]


def _up_to(p, ch, env):
    add = max(0, p["value"] - ch.power)
    ch.power += add
    return add


def _capped(p, ch, env):
    add = env.locked if env.locked is not None else min(p["value"], max(0, p["max"] - ch.power))
    ch.power += add
    return add


def _floored(p, ch, env):
    sub = env.locked if env.locked is not None else min(p["value"], max(0, ch.power - p["min"]))
    ch.power -= sub
    return -sub


def _by_power_of(p, ch, env):
    # An ordinary reference to power reads a negative value as 0 (seed 003).
    add = max(0, env.look(p["of"]).power)
    ch.power += add
    return add


_VALUE = Param("value", "int", "valeur", min=0, max=99)
_ONESHOT = Param("oneshot", "bool", "ponctuel (la quantité est mémorisée)", required=False, default=False)

_PRODUCE = (
    "heal",
    "exhaust",
    "recall",
    "destroy_source",
    "draw",
    "create_token",
    "die",
    "return_to_hand",
    "power_change",
)
PRODUCE_LABELS = {
    "heal": "soigner",
    "exhaust": "épuiser",
    "recall": "rappeler à la base",
    "destroy_source": "éliminer la source",
    "draw": "piocher une carte",
    "create_token": "créer une copie de la création",
    "die": "mourir",
    "return_to_hand": "renvoyer en main",
    "power_change": "modifier la puissance",
}
REPLACEABLE_EVENTS = ("die", "return_to_hand", "power_change", "create_token")
EVENT_LABELS = {
    "die": "la mort",
    "return_to_hand": "le renvoi en main",
    "power_change": "la modification de puissance",
    "create_token": "la création",
    "draw": "la pioche",
    "heal": "le soin",
    "exhaust": "l'épuisement",
    "recall": "le rappel",
    "destroy_source": "l'élimination",
}
TRIGGER_EVENTS = ("became_mighty", "buffed", "xp_gained", "died")

KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind(
            name="copy",
            label="Copie",
            category="continuous",
            layer="copy",
            step=None,
            characteristic="name",
            params=(Param("of", "object", "objet copié"),),
            apply=_copy,
            reads=lambda p: (p["of"],),
            describe=lambda p: f"copie {p['of']}",
        ),
        Kind(
            name="set_power",
            label="Fixer la puissance",
            category="continuous",
            layer="characteristics",
            step=None,
            characteristic="power",
            params=(Param("value", "int", "valeur", min=-99, max=99),),
            apply=_set_power,
            describe=lambda p: f"fixe la puissance à {p['value']}",
        ),
        Kind(
            name="add_tag",
            label="Ajouter un tag",
            category="continuous",
            layer="characteristics",
            step=None,
            characteristic="tags",
            params=(Param("tag", "str", "tag"),),
            apply=_add_tag,
            describe=lambda p: f"ajoute le tag {p['tag']}",
        ),
        Kind(
            name="set_name",
            label="Changer le nom",
            category="continuous",
            layer="characteristics",
            characteristic="name",
            params=(Param("name", "str", "nouveau nom"),),
            apply=_set_name,
            describe=lambda p: f"s'appelle {p['name']}",
        ),
        Kind(
            name="set_cost",
            label="Fixer le coût",
            category="continuous",
            layer="characteristics",
            characteristic="cost",
            params=(Param("value", "int", "coût", min=0, max=99),),
            apply=_set_cost,
            describe=lambda p: f"coûte {p['value']}",
        ),
        Kind(
            name="add_domain",
            label="Ajouter un domaine",
            category="continuous",
            layer="characteristics",
            characteristic="domains",
            params=(Param("domain", "str", "domaine"),),
            apply=_add_domain,
            describe=lambda p: f"ajoute le domaine {p['domain']}",
        ),
        Kind(
            name="set_controller",
            label="Changer de contrôleur",
            category="continuous",
            layer="characteristics",
            step=None,
            characteristic="controller",
            params=(Param("player", "player", "nouveau contrôleur"),),
            apply=_set_controller,
            describe=lambda p: f"donne le contrôle à {p['player']}",
        ),
        Kind(
            name="grant_keywords",
            label="Donner des mots-clés",
            category="continuous",
            layer="abilities",
            step=None,
            characteristic="keywords",
            params=(Param("keywords", "keywords", "mots-clés"),),
            apply=_grant,
            describe=lambda p: "donne " + ", ".join(p["keywords"]),
        ),
        Kind(
            name="remove_keywords",
            label="Retirer des mots-clés",
            category="continuous",
            layer="abilities",
            step=None,
            characteristic="keywords",
            params=(Param("keywords", "keywords", "mots-clés"),),
            apply=_remove,
            describe=lambda p: "retire " + ", ".join(p["keywords"]),
        ),
        Kind(
            name="increase",
            label="Augmentation",
            category="continuous",
            layer="numeric",
            step="increase",
            characteristic="power",
            params=(_VALUE,),
            apply=_increase,
            describe=lambda p: f"+{p['value']}",
        ),
        Kind(
            name="decrease",
            label="Réduction",
            category="continuous",
            layer="numeric",
            step="decrease",
            characteristic="power",
            params=(_VALUE,),
            apply=_decrease,
            describe=lambda p: f"-{p['value']}",
        ),
        Kind(
            name="increase_up_to",
            label="Augmentation jusqu'à N (passive)",
            category="continuous",
            layer="numeric",
            step="increase",
            characteristic="power",
            params=(Param("value", "int", "seuil", min=-99, max=99),),
            apply=_up_to,
            describe=lambda p: f"jusqu'à {p['value']}",
        ),
        Kind(
            name="increase_capped",
            label="Augmentation avec maximum",
            category="continuous",
            layer="numeric",
            step="increase",
            characteristic="power",
            params=(_VALUE, Param("max", "int", "maximum", min=-99, max=99), _ONESHOT),
            apply=_capped,
            oneshot_param=True,
            describe=lambda p: f"+{p['value']} (maximum {p['max']})",
        ),
        Kind(
            name="decrease_floored",
            label="Réduction avec minimum",
            category="continuous",
            layer="numeric",
            step="decrease",
            characteristic="power",
            params=(_VALUE, Param("min", "int", "minimum", min=-99, max=99), _ONESHOT),
            apply=_floored,
            oneshot_param=True,
            describe=lambda p: f"-{p['value']} (minimum {p['min']})",
        ),
        Kind(
            name="increase_by_power_of",
            label="Augmentation égale à la puissance d'un autre objet",
            category="continuous",
            layer="numeric",
            step="increase",
            characteristic="power",
            params=(Param("of", "object", "objet lu"),),
            apply=_by_power_of,
            reads=lambda p: (p["of"],),
            describe=lambda p: f"+ la puissance de {p['of']}",
        ),
        Kind(
            name="replacement",
            label="Effet de remplacement",
            category="replacement",
            params=(
                Param("event", "enum", "événement remplacé", choices=REPLACEABLE_EVENTS),
                Param(
                    "applies_to",
                    "enum",
                    "objet concerné",
                    required=False,
                    default="self",
                    choices=("self", "attached", "allies", "other_allies", "any", "player"),
                ),
                Param("produce", "produce", "à la place / en plus", required=False, default=()),
                Param("mode", "enum", "mode", required=False, default="instead", choices=("instead", "also")),
                Param("amount", "int", "quantité", required=False, default=0, min=-99, max=99),
                Param("optional", "bool", "facultatif", required=False, default=False),
                Param("once_per_turn", "bool", "une fois par tour", required=False, default=False),
                Param(
                    "active_zone",
                    "enum",
                    "zone où il est actif",
                    required=False,
                    default="board",
                    choices=("board", "discard", "hand", "anywhere"),
                ),
                Param(
                    "smaller_than_source",
                    "bool",
                    "seulement plus petites que la source",
                    required=False,
                    default=False,
                ),
                Param(
                    "same_location_as_source",
                    "bool",
                    "seulement là où se trouve la source",
                    required=False,
                    default=False,
                ),
                Param(
                    "negative_only",
                    "bool",
                    "seulement une modification négative",
                    required=False,
                    default=False,
                ),
            ),
        ),
        Kind(
            name="triggered",
            label="Compétence déclenchée",
            category="triggered",
            params=(
                Param("when", "enum", "événement déclencheur", choices=TRIGGER_EVENTS),
                Param(
                    "subject",
                    "enum",
                    "sujet",
                    required=False,
                    default="self",
                    choices=("self", "ally", "any", "you"),
                ),
                Param("then", "effect", "effet lancé à la résolution", required=False),
            ),
        ),
        Kind(
            name="activated",
            label="Compétence activée",
            category="activated",
            params=(Param("then", "effect", "effet lancé à la résolution", required=False),),
        ),
    )
}

CONDITIONS = {
    # in-computation conditions (checked against the characteristics being computed)
    "defending": Param("defending", "bool", "en défense"),
    "mighty": Param("mighty", "bool", "puissante"),
    "has_keyword": Param("has_keyword", "str", "possède le mot-clé"),
    "max_power": Param("max_power", "int", "puissance au plus", min=-99, max=99),
    # text activity conditions (the text is inactive when they fail: it loses its timestamp)
    "level": Param("level", "int", "Niveau", min=0, max=99),
    "legion": Param("legion", "bool", "Légion"),
    "attached": Param("attached", "bool", "équipé"),
}
ACTIVITY_CONDITIONS = ("level", "legion", "attached")

# --------------------------------------------------------------------------- actions

_OBJ = Param("object", "object", "objet")
_EFF = Param("effect", "effect", "effet")
_PLAYER = Param("player", "player", "joueur")
_AMOUNT = Param("amount", "int", "quantité", min=0, max=20)
_DURATION = Param("duration", "enum", "durée", required=False, default="turn", choices=DURATIONS)

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
    "end_turn": ("Fin du tour", ()),
    "gain_xp": ("Gagner de l'XP", (_PLAYER, _AMOUNT)),
    "spend_xp": ("Dépenser de l'XP", (_PLAYER, _AMOUNT)),
    "hunt": ("La Chasse d'une unité se résout", (_OBJ,)),
    "buff": ("Buffer une unité (+1)", (_OBJ,)),
    "double": ("Doubler la puissance", (_OBJ, _DURATION)),
    "swap": ("Échanger les puissances", (Param("objects", "objects", "deux objets"), _DURATION)),
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
    "detach": ("Détacher", (_OBJ,)),
    "move": ("Déplacer", (_OBJ, Param("zone", "enum", "zone", choices=ZONES))),
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
            {"name": k, "label": r.label, "explanation": r.explanation} for k, r in KEYWORDS.items()
        ],
        "layers": [{"name": name, "label": LAYER_LABELS[name]} for name in LAYERS],
        "zones": [{"name": z, "label": ZONE_LABELS[z]} for z in ZONES],
        "durations": [{"name": d, "label": DURATION_LABELS[d]} for d in DURATIONS],
    }
