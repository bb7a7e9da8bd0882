"""Effect kinds (« sortes d'effets »): for each, its label, category, layer and the function applying it
(layers, R. 479; replacement effects, R. 367; triggered and activated abilities, R. 376, 383; cost
modifications, R. 356.3–356.4), and the conditions an effect may carry.  Re-exported by ``kinds``.

An apply function receives the effect's parameters, the characteristics of the affected object
(mutable, see ``layers.Chars``) and an environment giving read access to other objects; it changes
the characteristics and returns *what the effect did* (a hashable value).  The layer engine uses
that return value to derive dependencies by trial (R. 479–482).
"""

from __future__ import annotations

from .vocab import REPLACEABLE_EVENTS, TRIGGER_EVENTS, Kind, Param, keyword_base

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
    # An ordinary reference to power reads a negative value as 0 (R. 140).
    add = max(0, env.look(p["of"]).power)
    ch.power += add
    return add


_VALUE = Param("value", "int", "valeur", min=0, max=99)
_ONESHOT = Param("oneshot", "bool", "ponctuel (la quantité est mémorisée)", required=False, default=False)


# What a triggered or activated ability does for its controller when it resolves, besides ``then``
# (instructions: gain or spend XP, R. 728; Predict, R. 437; draw, R. 414; gain points without scoring, R. 469).
_RESULT_PARAMS = (
    Param("gain_xp", "int", "son contrôleur gagne N XP", required=False, default=0, min=0, max=20),
    Param("spend_xp", "int", "son contrôleur dépense N XP", required=False, default=0, min=0, max=20),
    Param("predict", "int", "son contrôleur prédit N cartes (R. 437)", required=False, default=0, min=0, max=10),
    Param("predict_of_shown", "enum", "Prédiction égale à une valeur de l'objet montré (Show Off, R. 832.1.d)",
          required=False, default="", choices=("", "power_cost", "cost", "might")),
    Param("predict_recycle", "int", "de ces cartes prédites, combien son contrôleur recycle (R. 437.1.a)",
          required=False, default=0, min=0, max=10),
    Param("draw", "int", "son contrôleur pioche N cartes", required=False, default=0, min=0, max=10),
    Param("points", "int", "son contrôleur gagne N points", required=False, default=0, min=0, max=10),
)
# in the order they are carried out (« Predict …, then draw 2 »)
RESULT_INSTRUCTIONS = ("spend_xp", "gain_xp", "predict", "draw", "points")

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
        ),
        Kind(
            name="set_name",
            label="Changer le nom",
            category="continuous",
            layer="characteristics",
            characteristic="name",
            params=(Param("name", "str", "nouveau nom"),),
            apply=_set_name,
        ),
        Kind(
            name="set_cost",
            label="Fixer le coût",
            category="continuous",
            layer="characteristics",
            characteristic="cost",
            params=(Param("value", "int", "coût", min=0, max=99),),
            apply=_set_cost,
        ),
        Kind(
            name="add_domain",
            label="Ajouter un domaine",
            category="continuous",
            layer="characteristics",
            characteristic="domains",
            params=(Param("domain", "str", "domaine"),),
            apply=_add_domain,
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
            name="cost_modifier",
            label="Modification de coût",
            category="cost",
            params=(
                Param("change", "enum", "augmentation ou réduction", required=False, default="discount",
                      choices=("discount", "increase")),
                Param("energy", "int", "Énergie en plus ou en moins", required=False, default=0, min=0, max=20),
                Param("power", "int", "essence de n'importe quel domaine ([A]) en plus ou en moins", required=False,
                      default=0, min=0, max=6),
                Param("applies", "enum", "cartes concernées", required=False, default="all",
                      choices=("all", "units", "spells", "self")),
                Param("min", "int", "minimum d'Énergie (pour cette réduction seulement)", required=False, default=0,
                      min=0, max=20),
                Param("at_battlefield", "bool", "seulement si la source est sur un champ de bataille",
                      required=False, default=False),
                Param("player", "player", "joueur dont les cartes sont concernées", required=False),
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
                *_RESULT_PARAMS,
            ),
        ),
        Kind(
            name="activated",
            label="Compétence activée",
            category="activated",
            params=(Param("then", "effect", "effet lancé à la résolution", required=False), *_RESULT_PARAMS),
        ),
    )
}

CONDITIONS = {
    # in-computation conditions (checked against the characteristics being computed)
    "defending": Param("defending", "bool", "en défense"),
    "attacking": Param("attacking", "bool", "en attaque"),
    "mighty": Param("mighty", "bool", "puissante"),
    "has_keyword": Param("has_keyword", "str", "possède le mot-clé"),
    "max_power": Param("max_power", "int", "puissance au plus", min=-99, max=99),
    # text activity conditions (the text is inactive when they fail: it loses its timestamp)
    "level": Param("level", "int", "Niveau (XP au moins)", min=0, max=99),
    "legion": Param("legion", "bool", "Légion (une autre carte jouée ce tour)"),
    "attached": Param("attached", "bool", "équipé"),
    "empowered": Param("empowered", "bool", "Amplifié (R. 828)"),
    "showed_off": Param("showed_off", "bool", "Show Off : un objet a été montré en la jouant (R. 832.1.c.1)"),
}
ACTIVITY_CONDITIONS = ("level", "legion", "attached", "empowered", "showed_off")


__all__ = ["ACTIVITY_CONDITIONS", "CONDITIONS", "KINDS", "RESULT_INSTRUCTIONS"]
