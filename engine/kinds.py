"""The vocabulary of the engine: zones, topics, durations, layers, events, trace steps, reasons,
effect kinds, keywords and actions — each declared once, with its French label and its rule.

This is the ONE place that says what a name means.  The enums below are ``StrEnum``s: a member *is*
its string value (so scenario files and JSON stay plain text), and carries ``label`` (French, what a
player reads) and ``doc`` (one line citing the Core Rules v1.4 number it comes from).  Adding an
effect kind means adding one entry to ``KINDS``; adding an action means one entry in ``ACTIONS`` and
one ``_do_<name>`` method in the simulator.

An apply function receives the effect's parameters, the characteristics of the affected object
(mutable, see ``layers.Chars``) and an environment giving read access to other objects; it changes
the characteristics and returns *what the effect did* (a hashable value).  The layer engine uses
that return value to derive dependencies by trial (layers and dependency, R. 475–482).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

# Bounds of the numbers a situation may state, declared once: the scenario loader, « Et si… ? » and the
# sandbox all read them (a printed Might beyond these is no card of the game).
PRINTED_POWER_RANGE = (-10, 20)
XP_RANGE = (0, 20)
COUNT_RANGE = (0, 99)  # points, cards in hand, deck, runes, trash, cost, damage

class Vocab(StrEnum):
    """A name of the vocabulary: its value, a French ``label`` and a ``doc`` line citing its rule."""

    def __new__(cls, value: str, label: str = "", doc: str = ""):
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.label = label
        obj.doc = doc
        return obj

    @classmethod
    def labels(cls) -> dict[str, str]:
        return {m.value: m.label for m in cls}

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return tuple(m.value for m in cls)


class Layer(Vocab):
    """The four layers of the 2026-10 edition (R. 479), applied in this order; French names from the
    official French v1.4 (477.x), which had folded copy into the first layer."""

    COPY = "copy", "1. Copie", "R. 479.1 : les effets de copie fixent d'abord les valeurs copiables"
    CHARACTERISTICS = (
        "characteristics",
        "2. Effets affectant les types",
        "R. 479.2 : nom, type, tags, contrôleur, coût, domaine, puissance de base",
    )
    ABILITIES = (
        "abilities",
        "3. Effets affectant les compétences",
        "R. 479.3 : mots-clés et compétences donnés, retirés ou remplacés",
    )
    NUMERIC = "numeric", "4. Arithmétique", "R. 479.4 : augmentations, puis réductions (R. 479.4.e)"


class Stage(Vocab):
    INCREASE = "increase", "augmentations", "R. 479.4.e.1 : les augmentations avant les réductions"
    DECREASE = "decrease", "réductions", "R. 479.4.e.2 : les réductions après les augmentations"


class Zone(Vocab):
    BASE = "base", "la base", "R. 105–108 : la base de chaque joueur, sur le plateau"
    BATTLEFIELD = "battlefield", "le champ de bataille", "R. 169 : un champ de bataille, sur le plateau"
    HAND = "hand", "la main", "R. 105–108 : zone hors du plateau"
    DECK = "deck", "le deck", "R. 105–108 : le deck principal, hors du plateau"
    DISCARD = "discard", "la Défausse", "R. 105–108 : la Défausse (trash), hors du plateau"
    BANISHED = "banished", "le Bannissement", "R. 105–108 : le Bannissement, hors du plateau"
    RUNE_DECK = "rune_deck", "le deck de runes", "R. 161.2 : les runes hors du plateau ; une rune recyclée y retourne"
    FACEDOWN = (
        "facedown",
        "face cachée",
        "R. 107.3, 422.1 : la zone face cachée d'un champ de bataille (une carte au plus), qui n'est pas un lieu",
    )
    CHAIN = "chain", "sur la chaîne", "R. 325 : une carte jouée attend là de se résoudre"


class Topic(Vocab):
    LAYERS = "couches", "Couches et dépendances", "R. 475–482"
    POWER = "puissance", "Calculs de puissance", "R. 701, 706"
    REPLACEMENT = "remplacement", "Effets de remplacement", "R. 367"
    LEVEL_XP = "niveau-xp", "Niveau et XP", "R. 728, 824"
    MOVEMENT = "deplacement", "Déplacements", "R. 447–460"
    CHAIN = "chaine", "La chaîne", "R. 325–348"
    COMBAT = "combat", "Combat", "R. 461–468"
    SCORE = "score", "Score et victoire", "R. 469–474"


class Duration(Vocab):
    PERMANENT = "permanent", "tant que sa source est active", "R. 363 : effet d'une compétence passive"
    TURN = "turn", "ce tour", "R. 317 : prend fin pendant la phase de fin du tour"
    COMBAT = "combat", "ce combat", "R. 468 : prend fin à l'étape de résolution du combat"


class Speed(Vocab):
    NORMAL = "normal", "normale", "R. 316 : seulement dans sa phase principale, chaîne vide, hors confrontation"
    ACTION = "action", "Action", "R. 806 : aussi pendant une confrontation, avec la focalisation, chaîne vide"
    REACTION = "reaction", "Réaction", "R. 813 : à tout moment où le joueur a la priorité, même sur une chaîne ouverte"
    TRIGGER = "trigger", "compétence déclenchée", "R. 383.3 : mise sur la chaîne après le nettoyage, sans être jouée"


class Mode(Vocab):
    DUEL = "duel", "Duel", "R. 487 : deux joueurs, 8 points pour gagner"
    MATCH = "match", "Match", "R. 488 : duel en plusieurs parties, 8 points par partie"
    FFA = "ffa", "Chacun pour soi", "R. 489–490 : 8 points pour gagner"
    TEAMS = "2v2", "Deux contre deux", "R. 491 : 11 points pour gagner"


VICTORY_SCORES = {"duel": 8, "match": 8, "ffa": 8, "2v2": 11}


class StepKind(Vocab):
    """The kinds of trace step; ``label`` is what the web shows (« Étape 3 : Application »)."""

    SETUP = "setup", "Situation de départ", "la situation donnée par le scénario"
    ACTION = "action", "Action", "une action d'un joueur ou du jeu"
    INSTRUCTION = "instruction", "Instruction", "R. 340 : une instruction d'un sort qui se résout"
    OBJECT = "object", "Calcul d'un objet", "R. 475–482 : calcul des caractéristiques d'un objet"
    LAYER = "layer", "Couche", "R. 475–482 : une couche du calcul"
    APPLY = "apply", "Application d'un effet", "R. 475–482 : un effet s'applique"
    SKIP = "skip", "Effet écarté", "un effet considéré qui ne s'applique pas"
    REEXAMINE = "reexamine", "Réexamen", "R. 475–482 : retour à une couche antérieure"
    CONDITION = "condition", "Condition", "R. 720 : un texte devient actif ou inactif"
    EVENT = "event", "Événement", "ce qui vient de se produire"
    REPLACEMENT = "replacement", "Remplacement", "R. 367 : un effet de remplacement"
    CHOICE = "choice", "Choix d'un joueur", "une décision prise par un joueur"
    QUERY = "query", "Question", "on consulte l'état du jeu"
    CHAIN = "chain", "Chaîne", "R. 327–340 : un élément ajouté à la chaîne ou résolu"
    PRIORITY = "priority", "Priorité et focalisation", "R. 311 : qui peut agir maintenant"
    CLEANUP = "cleanup", "Nettoyage", "R. 318–323 : victoire, morts, champs de bataille vides, combats en attente"
    COMBAT = "combat", "Combat", "R. 461–468 : une étape du combat"
    ASSIGN = "assign", "Répartition des dégâts", "R. 467 : un joueur répartit ses dégâts de combat"
    SCORE = "score", "Score", "R. 469–474 : conquête, occupation, point final"
    PHASE = "phase", "Phase du tour", "R. 315–317 : début, phase principale, fin du tour"
    RESULT = "result", "Résultat", "l'état final"


STEP_KIND_LABELS = StepKind.labels()


class Why(Vocab):
    """Structured « pourquoi ? » of a damage assignment or a scoring decision (``why.code``)."""

    TANK_FIRST = "tank_first", "Tank : doit recevoir des dégâts mortels avant les autres unités", "R. 815"
    BACKLINE_LAST = "backline_last", "Arrière-ligne : ne reçoit des dégâts qu'après toutes les autres unités", "R. 826"
    LETHAL_FIRST = "lethal_first", "des dégâts mortels à une unité avant de passer à la suivante", "R. 467"
    EXCESS_ON_LAST = "excess_on_last", "l'excédent de dégâts reste sur la dernière unité", "R. 467"
    NOT_ENOUGH = "not_enough", "il ne reste pas assez de dégâts pour que cette unité meure", "R. 467"
    ONLY_CANDIDATE = "only_candidate", "seule unité possible à ce moment", "R. 467"
    CHOSEN = "chosen", "choix du joueur qui répartit, parmi les unités permises", "R. 467"
    ANY_ORDER = "any_order", "toutes ces unités reçoivent des dégâts mortels : l'ordre ne change rien", "R. 467"
    STUNNED = "stunned", "étourdie : n'inflige pas de dégâts de combat", "R. 424"
    NEGATIVE_MIGHT = "negative_might", "une puissance négative compte pour 0", "R. 467"
    CONQUER = "conquer", "conquête : prend le contrôle d'un champ de bataille pas encore marqué ce tour", "R. 471"
    HOLD = "hold", "occupation : contrôle le champ de bataille pendant sa phase de début", "R. 471"
    ALREADY_SCORED = "already_scored", "aucun point : champ de bataille déjà marqué ce tour par ce joueur", "R. 471"
    FINAL_BY_HOLD = "final_by_hold", "point final par occupation : toujours accordé", "R. 473"
    FINAL_ALL_SCORED = (
        "final_all_scored",
        "point final par conquête : chaque champ de bataille a été marqué ce tour",
        "R. 473",
    )
    FINAL_REFUSED = (
        "final_refused",
        "point final refusé : tous les champs de bataille n'ont pas été marqués ce tour → pioche",
        "R. 473",
    )
    POINT = "point", "un point de victoire", "R. 471"
    BURN_OUT = (
        "burn_out",
        "Exténuation : deck vide, la Défausse y est mélangée et l'adversaire gagne un point",
        "R. 432",
    )
    TEMPORARY = (
        "temporary",
        "Temporaire : meurt au début de la phase de début de son contrôleur, avant le score",
        "R. 816",
    )
    HUNT = "hunt", "Chasse : gagne de l'XP quand elle conquiert ou occupe", "R. 823"
    EMPTY_BATTLEFIELD = (
        "empty_battlefield",
        "plus aucune unité de son contrôleur : le champ de bataille perd son contrôleur au nettoyage",
        "R. 190.4.c, 323.5",
    )


WHY_LABELS = Why.labels()
WHY_RULES = {m.value: m.doc for m in Why}

# Compatibility names (read by the web layer): plain tuples and dicts derived from the enums.
LAYERS = Layer.values()
LAYER_LABELS = Layer.labels()
# A layer's calculation steps, in order (increases come before decreases, R. 475–482).
STAGES: tuple[tuple[str, str | None], ...] = (
    ("copy", None),
    ("characteristics", None),
    ("abilities", None),
    ("numeric", "increase"),
    ("numeric", "decrease"),
)
STEP_LABELS = Stage.labels()  # labels of a layer's stages (not of trace step kinds: STEP_KIND_LABELS)

BOARD_ZONES = ("base", "battlefield")
ZONES = Zone.values()
ZONE_LABELS = Zone.labels()
OBJECT_TYPES = ("unit", "gear", "token", "battlefield", "spell", "rune")
DURATIONS = Duration.values()
DURATION_LABELS = Duration.labels()
TOPICS = Topic.values()
TOPIC_LABELS = Topic.labels()
SPEEDS = tuple(v for v in Speed.values() if v != "trigger")  # a scenario casts at these speeds


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
    """What a keyword does in the engine, with its rule (Core Rules v1.4, 801–829)."""

    label: str
    explanation: str
    rule: str = ""
    # When set, the keyword creates an implicit numeric increase of N while the condition holds.
    numeric_while: str | None = None


KEYWORDS = {
    "Bouclier": KeywordRule("Bouclier", "en défense, ajoute N à la puissance", "R. 814", numeric_while="defending"),
    "Assaut": KeywordRule("Assaut", "en attaque, ajoute N à la puissance", "R. 807", numeric_while="attacking"),
    "Chasse": KeywordRule("Chasse", "quand elle conquiert ou occupe, son contrôleur gagne N XP", "R. 823"),
    "Gank": KeywordRule("Gank", "peut se déplacer d'un champ de bataille à un autre", "R. 810"),
    "Protection": KeywordRule(
        "Protection", "viser cette unité coûte N essence runique de plus à un adversaire", "R. 809"
    ),
    "Tank": KeywordRule("Tank", "doit recevoir des dégâts mortels avant les autres unités", "R. 815"),
    "Arrière-ligne": KeywordRule("Arrière-ligne", "reçoit des dégâts de combat en dernier", "R. 826"),
    "Agonie": KeywordRule("Agonie", "sa compétence se déclenche quand elle meurt", "R. 808"),
    "Temporaire": KeywordRule("Temporaire", "meurt au début de la phase de début de son contrôleur", "R. 816"),
    "Accélération": KeywordRule("Accélération", "en payant ce coût, elle arrive prête", "R. 805"),
    "Caché": KeywordRule("Caché", "se cache face cachée pour [A] ; se joue un tour suivant sans son coût de base",
                         "R. 811"),
}


def has_keyword(keywords: tuple[str, ...], base: str) -> bool:
    """Whether a keyword is present, whatever its number (condition `has_keyword`, M4)."""
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
    # An ordinary reference to power reads a negative value as 0 (R. 140).
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
# Events a replacement effect may change (R. 367); « recall » (R. 456) and « move » (R. 447) included.
REPLACEABLE_EVENTS = ("die", "return_to_hand", "power_change", "create_token", "recall", "move")
EVENT_LABELS = {
    "die": "la mort",
    "return_to_hand": "le renvoi en main",
    "power_change": "la modification de puissance",
    "create_token": "la création",
    "draw": "la pioche",
    "heal": "le soin",
    "exhaust": "l'épuisement",
    "recall": "le rappel",
    "move": "le déplacement",
    "destroy_source": "l'élimination",
}
TRIGGER_EVENTS = ("became_mighty", "buffed", "xp_gained", "died", "conquered", "held")


class Event(Vocab):
    """Events the engine reports (``events[].type`` and trace steps of kind ``event``)."""

    BECAME_MIGHTY = "became_mighty", "devient puissante", "R. 706"
    NO_LONGER_MIGHTY = "no_longer_mighty", "n'est plus puissante", "R. 706"
    DIED = "died", "meurt", "R. 429"
    DESTROYED = "destroyed", "est éliminé", "R. 429"
    REPLACED = "replaced", "remplacement appliqué", "R. 367"
    ADDED_TO_EVENT = "added_to_event", "action ajoutée à l'événement", "R. 367"
    TRIGGERED = "triggered", "compétence déclenchée", "R. 383"
    TRIGGER_RESOLVED = "trigger_resolved", "compétence déclenchée résolue", "R. 340.1, 383.3"
    XP_GAINED = "xp_gained", "gain d'XP", "R. 728"
    XP_SPENT = "xp_spent", "dépense d'XP", "R. 728"
    XP_SPEND_REFUSED = "xp_spend_refused", "dépense d'XP refusée", "R. 728"
    HEALED = "healed", "soin", "R. 468"
    EXHAUSTED = "exhausted", "Épuiser (épuisée)", "R. 415"
    READIED = "readied", "Préparer (prête)", "R. 315.1, 416"
    RECALLED = "recalled", "rappel", "R. 456"
    RETURNED_TO_HAND = "returned_to_hand", "renvoi en main", "R. 140"
    TOKEN_CREATED = "token_created", "Création", "R. 179"
    DREW = "drew", "pioche", "R. 414"
    BURNED_OUT = "burned_out", "Exténuation", "R. 432"
    BUFFED = "buffed", "buff", "R. 701"
    POWER_CHANGED = "power_changed", "modification de puissance", "R. 475–482"
    DOUBLING = "doubling", "doublement", "R. 475–482"
    SWAP = "swap", "Intervertir", "R. 434, 479.4"
    SWAP_NOTHING = "swap_nothing", "Intervertir sans effet", "R. 434, 479.4"
    EFFECT_STARTED = "effect_started", "début d'un effet", "R. 475–482"
    EFFECT_ENDED = "effect_ended", "fin d'un effet", "R. 475–482"
    EXPIRED = "expired", "expiration", "R. 317"
    ACTIVATED = "activated", "activation", "R. 376"
    ACTIVATION_REFUSED = "activation_refused", "activation refusée", "R. 376"
    ABILITY_RESOLVED = "ability_resolved", "compétence terminée", "R. 376"
    COMBAT_DAMAGE = "combat_damage", "dégâts de combat", "R. 467"
    HUNT_RESOLVED = "hunt_resolved", "Chasse", "R. 823"
    CARD_PLAYED = "card_played", "carte jouée", "R. 349"
    UNIT_PLAYED = "unit_played", "unité jouée", "R. 349, 805"
    DEFENDING = "defending", "en défense", "R. 461"
    STOPPED_DEFENDING = "stopped_defending", "ne défend plus", "R. 468"
    ATTACKING = "attacking", "en attaque", "R. 461"
    ATTACHED = "attached", "Équiper", "R. 435, 716"
    DETACHED = "detached", "Déséquiper", "R. 436, 716"
    MOVED = "moved", "déplacement", "R. 447"
    RESOLVING = "resolving", "résolution", "R. 340"
    NOTHING_HAPPENS = "nothing_happens", "rien ne se passe", "R. 340"
    DAMAGED = "damaged", "dégâts", "R. 418, 323.4"
    STUNNED = "stunned", "étourdissement", "R. 424"
    CHAIN_ADDED = "chain_added", "ajout à la chaîne", "R. 325"
    CHAIN_RESOLVED = "chain_resolved", "élément de la chaîne résolu", "R. 340"
    FIZZLED = "fizzled", "cible disparue : sans effet", "R. 340"
    PASSED = "passed", "passe", "R. 311"
    CONTESTED = "contested", "champ de bataille contesté", "R. 447"
    SHOWDOWN_STARTED = "showdown_started", "confrontation", "R. 341"
    SHOWDOWN_ENDED = "showdown_ended", "fin de la confrontation", "R. 341"
    COMBAT_STARTED = "combat_started", "combat", "R. 461"
    COMBAT_ENDED = "combat_ended", "fin du combat", "R. 468"
    CONTROL_GAINED = "control_gained", "prise de contrôle", "R. 188"
    CONTROL_LOST = "control_lost", "champ de bataille sans contrôleur", "R. 190.4.c, 468.5.b"
    CONQUERED = "conquered", "conquête", "R. 471"
    HELD = "held", "occupation", "R. 471"
    SCORED = "scored", "point marqué", "R. 471"
    SCORE_REFUSED = "score_refused", "pas de point", "R. 471, 473"
    POINT_GAINED = "point_gained", "point gagné", "R. 469"
    GAME_WON = "game_won", "victoire", "R. 194.2, 323.1"
    TURN_STARTED = "turn_started", "début du tour", "R. 315"
    TURN_ENDED = "turn_ended", "fin du tour", "R. 317"
    RUNES_CHANNELED = "runes_channeled", "canalisation", "R. 431"
    RESOURCE_ADDED = "resource_added", "ajout à la Réserve runique", "R. 164.2, 166.1"
    RECYCLED = "recycled", "Recycler", "R. 417.1.b"
    COST_PAID = "cost_paid", "coût payé", "R. 357, 445"
    POOL_EMPTIED = "pool_emptied", "Réserve runique vidée", "R. 167"
    COST_MODIFIED = "cost_modified", "coût total déterminé", "R. 356.1–356.6"
    HIDDEN = "hidden", "Cacher (face cachée)", "R. 422, 811"
    HIDDEN_REMOVED = "hidden_removed", "carte cachée retirée", "R. 107.3.d, 323.6.a, 468.5.c"


EVENT_TYPE_LABELS = Event.labels()


# What a triggered or activated ability does for its controller when it resolves, besides ``then``
# (instructions: gain or spend XP, R. 728; draw, R. 414; gain points without scoring, R. 469).
_RESULT_PARAMS = (
    Param("gain_xp", "int", "son contrôleur gagne N XP", required=False, default=0, min=0, max=20),
    Param("spend_xp", "int", "son contrôleur dépense N XP", required=False, default=0, min=0, max=20),
    Param("draw", "int", "son contrôleur pioche N cartes", required=False, default=0, min=0, max=10),
    Param("points", "int", "son contrôleur gagne N points", required=False, default=0, min=0, max=10),
)
RESULT_INSTRUCTIONS = ("spend_xp", "gain_xp", "draw", "points")

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
