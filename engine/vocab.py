"""The base of the engine's vocabulary: zones, topics, durations, layers, events, trace steps,
reasons and keywords — each declared once, with its French label and its rule.  Effect kinds
(``effect_kinds``) and actions (``actions``) are built on it; ``kinds`` gathers all three.

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
    TANK_OR_BACKLINE = (
        "tank_or_backline",
        "Tank et Arrière-ligne : le joueur qui répartit applique l'un des deux, en premier ou en dernier",
        "R. 467.2.c.8",
    )
    LETHAL_FIRST = "lethal_first", "des dégâts mortels à une unité avant de passer à la suivante", "R. 467"
    EXCESS_ON_LAST = "excess_on_last", "l'excédent de dégâts reste sur la dernière unité", "R. 467"
    NOT_ENOUGH = "not_enough", "il ne reste pas assez de dégâts pour que cette unité meure", "R. 467"
    ONLY_CANDIDATE = "only_candidate", "seule unité possible à ce moment", "R. 467"
    CHOSEN = "chosen", "choix du joueur qui répartit, parmi les unités permises", "R. 467"
    ANY_ORDER = "any_order", "toutes ces unités reçoivent des dégâts mortels : l'ordre ne change rien", "R. 467"
    STUNNED = "stunned", "étourdie : n'inflige pas de dégâts de combat", "R. 424"
    NEGATIVE_MIGHT = "negative_might", "une puissance négative compte pour 0", "R. 467"
    CONQUER = "conquer", "conquête : prend le contrôle d'un champ de bataille pas encore marqué ce tour", "R. 471"
    HOLD = "hold", "occupation : contrôle le champ de bataille pendant sa phase de départ", "R. 471"
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
        "Temporaire : meurt au début de la phase de départ de son contrôleur, avant le score",
        "R. 816",
    )
    HUNT = "hunt", "Chasse : gagne de l'XP quand elle conquiert ou occupe", "R. 823"
    EMPTY_BATTLEFIELD = (
        "empty_battlefield",
        "plus aucune unité de son contrôleur : le champ de bataille perd son contrôleur au nettoyage",
        "R. 190.4.c, 323.5",
    )


class Reason(Vocab):
    """The ``reason.code`` of a trace step (what made the engine take it), checked when the step is recorded: a
    code outside this list is an error.  Steps of kind ``event`` carry the event's type (``Event``) instead.
    ``doc`` names the rule the step applies."""

    SETUP = "setup", "situation de départ", "la situation donnée par le scénario"
    ACTION = "action", "action du scénario", "une action d'un joueur ou du jeu"
    INSTRUCTION = "instruction", "instruction d'un sort", "R. 340 : une instruction à la fois"
    QUERY = "query", "consultation de l'état du jeu", "question posée par le scénario"
    RESULT = "result", "état final", "fin du scénario"
    # layers (R. 475–482)
    COMPUTE = "compute", "calcul d'un objet", "R. 475–479 : calcul des caractéristiques, couche par couche"
    NEEDS_OBJECT = "needs_object", "calcul après un autre objet", "R. 481 : un effet lit un autre objet"
    LOOP = "loop", "calcul en boucle", "R. 482 : objets calculés ensemble, couche par couche"
    LAYER_START = "layer_start", "début d'une couche", "R. 479 : les couches dans l'ordre"
    CANDIDATES = "candidates", "effets à appliquer", "R. 480–481 : effets de la couche"
    DEPENDENCY = "dependency", "dépendance", "R. 481 : un effet dépendant s'applique après celui dont il dépend"
    TIMESTAMP = "timestamp", "horodatage", "R. 480 : ordre d'arrivée"
    ONLY = "only", "seul effet", "R. 479 : un seul effet dans cette étape"
    REEXAMINE = "reexamine", "réexamen", "R. 482 : une couche revue quand un effet devient applicable"
    CONDITION_TRUE = "condition_true", "condition remplie", "R. 479 : le texte s'applique"
    CONDITION_FALSE = "condition_false", "condition non remplie", "R. 479 : le texte ne s'applique pas"
    NOT_AFFECTED = "not_affected", "objet non concerné", "R. 479 : l'effet ne touche pas cet objet"
    NO_TARGET = "no_target", "sans objet", "R. 716 : l'équipement n'équipe aucune unité"
    NOT_STARTED = "not_started", "pas encore commencé", "l'effet commencera plus tard"
    ENDED = "ended", "terminé", "l'effet a pris fin"
    INACTIVE = "inactive", "texte inactif", "R. 367 : un texte inactif ne remplace rien"
    # why a text is inactive (the ``why`` of condition_false)
    LEVEL = "level", "Niveau", "R. 824"
    LEGION = "legion", "Légion", "R. 812"
    NOT_EMPOWERED = "not_empowered", "Amplifié", "R. 828"
    NOT_SHOWN_OFF = "not_shown_off", "Show Off", "R. 832.1.c.1"
    NOT_ATTACHED = "not_attached", "non équipé", "R. 435, 716"
    SOURCE_ABSENT = "source_absent", "source absente", "R. 367 : la source doit être dans sa zone"
    # replacement effects (R. 367)
    TOO_LATE = "too_late", "trop tard", "R. 367 : la source est arrivée après le début de l'événement"
    ALREADY_APPLIED = "already_applied", "déjà appliqué", "R. 367 : une fois par événement"
    NO_LONGER_MATCHES = "no_longer_matches", "ne correspond plus", "R. 367 : l'événement modifié n'est plus visé"
    DECLINED = "declined", "refusé", "R. 367 : remplacement facultatif"
    INACTIVE_AT_EVENT = "inactive_at_event", "inactif à l'événement", "R. 367"
    ALREADY_USED_IN_SET = "already_used_in_set", "déjà utilisé dans cet ensemble", "R. 367 : une fois par événement"
    REPLACEMENT_CHOICE = "replacement_choice", "ordre des remplacements", "R. 372 : le joueur concerné choisit"
    OPTIONAL_CHOICE = "optional_choice", "remplacement facultatif", "R. 367"
    REPLACEMENT_APPLIED = "replacement_applied", "remplacement appliqué", "R. 367"
    # triggers, chain and priority (R. 325–340, 383)
    TRIGGER_WAITS = "trigger_waits", "déclencheur en attente", "R. 383.3 : sur la chaîne après le nettoyage"
    ANSWER_WINDOW = "answer_window", "occasion de répondre", "R. 337.4"
    ANSWER_CHOICE = "answer_choice", "réponse ou non", "R. 337"
    TRIGGER_ORDER_CHOICE = "trigger_order_choice", "ordre des déclencheurs", "R. 383.3.d"
    PRIORITY = "priority", "priorité", "R. 337.4, 340.4"
    FOCUS = "focus", "focalisation", "R. 311, 341"
    ALL_PASSED = "all_passed", "tous passent", "R. 340"
    CHAIN_RESOLVE = "chain_resolve", "résolution d'un élément", "R. 340.1"
    # cleanups (R. 318–323)
    VICTORY = "victory", "victoire", "R. 194.2, 323.1"
    LETHAL_DAMAGE = "lethal_damage", "dégâts mortels", "R. 323.4"
    EMPTY_BATTLEFIELD = "empty_battlefield", "champ de bataille vide", "R. 190.4.c, 323.5"
    HIDDEN_REMOVED = "hidden_removed", "carte cachée retirée", "R. 323.6.a"
    GEAR_RECALLED = "gear_recalled", "équipement seul rappelé", "R. 323.6, 436.4.a"
    COMBAT_STAGED = "combat_staged", "combat à venir", "R. 323.8, 323.13"
    CLEANUP_DONE = "cleanup_done", "nettoyage terminé", "R. 322, 383.3"
    # combat (R. 461–468) and scoring (R. 469–474)
    DAMAGE_STEP = "damage_step", "étape des dégâts", "R. 467"
    ASSIGN = "assign", "attribution des dégâts", "R. 467.2.c"
    DAMAGE_DEALT = "damage_dealt", "dégâts infligés", "R. 467.2.c.1.a, 467.2.d"
    RESOLUTION_STEP = "resolution_step", "étape de résolution", "R. 468"
    ASSIGN_CHOICE = "assign_choice", "choix de l'unité", "R. 467.2.c.7"
    COMBAT_CHOICE = "combat_choice", "choix du premier combat", "R. 323.13"
    SCORE = "score", "score", "R. 471"
    HUNT = "hunt", "Chasse", "R. 823"
    BURN_OUT = "burn_out", "Exténuation", "R. 432"
    BURN_OUT_CHOICE = "burn_out_choice", "adversaire qui gagne le point", "R. 432.2.c"
    GAME_OVER = "game_over", "partie terminée", "R. 194.2"
    # the turn (R. 315–317)
    AWAKEN = "awaken", "Préparer", "R. 315.1"
    BEGINNING = "beginning", "phase de départ", "R. 315.2"
    TEMPORARY = "temporary", "Temporaire", "R. 816"
    CHANNEL = "channel", "canalisation", "R. 315.3"
    DRAW = "draw", "pioche", "R. 315.4"


REASONS = {m: m.value for m in Reason}  # one dict lookup checks a code and gives its plain value

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
ZONE_LABELS = Zone.labels()  # in a sentence: « dans la base »
# As a heading or a column: « Base », « Défausse », « Sur la chaîne » (the label without its article).
ZONE_TITLES = {
    zone: (title := label.removeprefix("la ").removeprefix("le "))[:1].upper() + title[1:]
    for zone, label in ZONE_LABELS.items()
}
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
    type: str  # int | bool | str | object | player | effect | keywords | enum | produce | objects | indices
    label: str
    required: bool = True
    default: Any = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    quiet: bool = False  # left out of the loaded action when not given (a keyword's option, rarely used)
    # A list parameter may also be written with one value under a singular name (« effect: buff » for
    # « effects: [buff] »); the loader keeps only the list.
    singular: str | None = None


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
    """What a keyword does in the engine, with its rule (2026-10 numbering, 801–832)."""

    label: str
    explanation: str
    rule: str = ""
    # When set, the keyword creates an implicit numeric increase of N while the condition holds.
    numeric_while: str | None = None


class Keyword(Vocab):
    """The keywords the engine applies, by their official French name (v1.4); ``label`` says what each does,
    ``doc`` its rule.  Code matches a keyword by its member (``Keyword.TANK``), never by a string."""

    BOUCLIER = "Bouclier", "en défense, ajoute N à la puissance", "R. 814"
    ASSAUT = "Assaut", "en attaque, ajoute N à la puissance", "R. 807"
    CHASSE = "Chasse", "quand elle conquiert ou occupe, son contrôleur gagne N XP", "R. 823"
    GANK = "Gank", "peut se déplacer d'un champ de bataille à un autre", "R. 810"
    PROTECTION = "Protection", "viser cette unité coûte N essence runique de plus à un adversaire", "R. 809"
    TANK = "Tank", "doit recevoir des dégâts mortels avant les autres unités", "R. 815"
    ARRIERE_LIGNE = "Arrière-ligne", "reçoit des dégâts de combat en dernier", "R. 826"
    AGONIE = "Agonie", "sa compétence se déclenche quand elle meurt", "R. 808"
    TEMPORAIRE = "Temporaire", "meurt au début de la phase de départ de son contrôleur", "R. 816"
    ACCELERATION = "Accélération", "en payant ce coût, elle arrive prête", "R. 805"
    CACHE = "Caché", "se cache face cachée pour [A] ; se joue un tour suivant sans son coût de base", "R. 811"
    ACTION = "Action", "peut être jouée pendant les confrontations, au tour de n'importe qui", "R. 806"
    REACTION = "Réaction", "peut être jouée à tout moment, même chaîne ouverte", "R. 813"
    LEGION = "Légion", "son texte compte si son joueur a déjà joué une autre carte ce tour", "R. 812"
    NIVEAU = "Niveau", "son texte compte tant que son contrôleur a au moins N XP", "R. 824"
    VISION = "Vision", "quand elle est jouée, son joueur prédit (regarde le dessus de son deck)", "R. 817"
    EQUIPER = "Équiper", "en payant son coût, l'équipement est équipé à une unité de son joueur", "R. 818"
    DEGAINER = "Dégainer", "a Réaction ; quand on le joue, il est équipé à une unité de son joueur", "R. 819"
    REPETITION = "Répétition", "en payant ce coût en plus, les instructions sont exécutées une fois de plus", "R. 820"
    EXPERT_EN_ARMES = (
        "Expert en armes",
        "quand on la joue, son joueur peut lui équiper un de ses objets pour son coût d'Équiper moins [A]",
        "R. 821",
    )
    EMBUSCADE = "Embuscade", "peut être jouée en Réaction sur un champ de bataille où son joueur a des unités", "R. 822"
    UNIQUE = "Unique", "un seul exemplaire de ce nom par deck ; aucun effet en partie", "R. 825"
    AMPLIFICATION = "Amplification", "en payant ce coût, l'objet devient amplifié (une fois)", "R. 827"
    AMPLIFIE = "Amplifié", "son texte compte tant que l'objet est amplifié", "R. 828"
    FLUX = "Flux", "se joue aussi depuis la Défausse pour son coût de Flux, puis est banni", "R. 829"
    DEPLOY = (
        "Deploy",
        "équipement joué seulement sur un champ de bataille, où il reste ; tué si un adversaire y marque en occupant",
        "R. 830",
    )
    DISARM = "Disarm", "quand elle attaque, une unité ennemie là-bas a -N puissance pendant ce tour", "R. 831"
    SHOW_OFF = (
        "Show Off",
        "en la jouant, son joueur peut montrer un objet désigné ; d'autres textes s'y réfèrent",
        "R. 832",
    )
    ETOURDIR = "Étourdir", "l'unité n'inflige pas de dégâts de combat ce tour", "R. 424"
    PREDICTION = "Prédiction", "regarder N cartes du dessus de son deck et recycler celles qu'on veut", "R. 437"
    BRULER = "Brûler", "mettre les N cartes du dessus de son deck dans sa Défausse", "R. 441"


# The keywords that add to Might while a condition holds (R. 807, 814): an implicit numeric increase of N.
_NUMERIC_WHILE = {Keyword.BOUCLIER: "defending", Keyword.ASSAUT: "attacking"}
KEYWORDS = {k: KeywordRule(k.value, k.label, k.doc, numeric_while=_NUMERIC_WHILE.get(k)) for k in Keyword}


def has_keyword(keywords: tuple[str, ...], base: str) -> bool:
    """Whether a keyword is present, whatever its number (condition `has_keyword`, M4)."""
    return any(keyword_base(k) == base for k in keywords)


PRODUCE = (
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
# R. 706: a unit is Mighty while its Might is 5 or more. Declared here once; every reader calls ``is_mighty``.
MIGHTY_FROM = 5


def is_mighty(might: int | None) -> bool:
    return might is not None and might >= MIGHTY_FROM


# « played »: a play effect, « when you play me / this » (R. 383.4.a), after the unit or gear enters the board
TRIGGER_EVENTS = ("became_mighty", "buffed", "xp_gained", "died", "conquered", "held", "played")
PLAYED_EVENTS = ("unit_played", "gear_played")


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
    PLAYED = "played", "est jouée (effet de jeu : « quand on la joue »)", "R. 383.4.a"
    PREDICTED = "predicted", "prédiction", "R. 437, 817"
    EQUIPPED = "equipped", "équipée", "R. 818.2"
    EMPOWERED = "empowered", "amplifiée", "R. 827.2"
    SHOWED_OFF = "showed_off", "montrée (Show Off)", "R. 832.1.c"
    GEAR_PLAYED = "gear_played", "équipement joué", "R. 349"
    BANISHED = "banished", "bannie", "R. 829.1.b"
    BURNED = "burned", "brûlée", "R. 441"
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


class OtherCost(Vocab):
    """The costs that are not resources (R. 357.2; « coûts atypiques » in the French v1.4), as a card's cost names
    them (``cards.OTHER_COSTS``): ``label`` is the payment in French, with the official verbs (Épuiser, Éliminer,
    Défausser, Recycler), ``doc`` its rule."""

    EXHAUST_THIS = "exhaust_this", "épuiser la carte elle-même", "R. 415.5"
    EXHAUST_FRIENDLY = "exhaust_friendly", "épuiser une unité alliée", "R. 415.4"
    KILL_FRIENDLY = "kill_friendly", "éliminer une unité alliée", "R. 429.1.a.1"
    DISCARD = "discard", "défausser des cartes", "R. 423.3"
    DISCARD_SPELL = "discard_spell", "défausser un sort", "R. 423.3"
    RECYCLE_TRASH = "recycle_trash", "recycler des cartes de sa Défausse", "R. 417.3"
    SPEND_XP = "spend_xp", "dépenser de l'XP", "R. 730.2"


class CombatResult(Vocab):
    """How a combat ended (``combats[].result``, the ``combat_ended`` event's ``result``), R. 468."""

    CONQUERED = ("conquered", "l'attaque prend le champ de bataille",
                 "R. 468.3.a, 468.5 : seules les unités de l'attaquant restent ; il établit le contrôle")
    DEFENDED = ("defended", "la défense garde le champ de bataille",
                "R. 468.3.a : seules les unités du défenseur restent")
    RECALLED = ("recalled", "les unités restantes de l'attaque sont rappelées",
                "R. 468.1.a.2, 468.3.d : des défenseurs restent, les attaquants sont rappelés ; pas de résultat")
    UNCONTROLLED = ("uncontrolled", "le champ de bataille reste sans contrôleur",
                    "R. 468.3.d, 468.5.b : aucune unité ne reste ; pas de résultat")
    GAME_OVER = ("game_over", "la partie est gagnée avant la fin du combat",
                 "R. 196 : la partie s'achève dès qu'un joueur gagne, ici au nettoyage de combat")


# --- names the situation's parameters offer (labels as a form shows them) -----------------------------------------


class ObjectType(Vocab):
    """The types of game object a scenario names (``OBJECT_TYPES``); ``label`` as a form or a list shows it."""

    UNIT = "unit", "Unité", "R. 140 : les unités"
    GEAR = "gear", "Équipement", "R. 147 : les équipements"
    TOKEN = "token", "Création", "R. 179, 185 : une unité créée par un effet (jeton)"
    BATTLEFIELD = "battlefield", "Champ de bataille", "R. 169 : les champs de bataille"
    SPELL = "spell", "Sort", "R. 153 : les sorts"
    RUNE = "rune", "Rune", "R. 160 : les runes"


class AppliesTo(Vocab):
    """Which object a replacement effect watches (``replacement.applies_to``)."""

    SELF = "self", "La source elle-même", "l'objet qui porte l'effet"
    ATTACHED = "attached", "L'unité équipée", "R. 435 : l'unité que la source équipe"
    ALLIES = "allies", "Les unités alliées", "les unités du contrôleur de la source"
    OTHER_ALLIES = "other_allies", "Les autres unités alliées", "les unités du contrôleur, sauf la source"
    ANY = "any", "N'importe quel objet", "tout objet"
    PLAYER = "player", "Le joueur", "le contrôleur de la source"


class ReplacementMode(Vocab):
    """Whether a replacement effect replaces the event or adds to it (R. 367)."""

    INSTEAD = "instead", "À la place", "R. 367 : l'événement remplacé n'a pas lieu"
    ALSO = "also", "En plus", "R. 367 : l'événement a lieu, et autre chose avec lui"


class ActiveZone(Vocab):
    """Where the source of a replacement effect must be for its text to apply."""

    BOARD = "board", "Sur le plateau", "R. 107 : la base et les champs de bataille"
    DISCARD = "discard", "Dans la Défausse", "R. 108 : hors du plateau"
    HAND = "hand", "En main", "R. 108 : hors du plateau"
    ANYWHERE = "anywhere", "Partout", "dans toute zone"


class TriggerSubject(Vocab):
    """Whose event a triggered ability watches (``triggered.subject``)."""

    SELF = "self", "La source elle-même", "l'objet qui porte la compétence"
    ALLY = "ally", "Une unité alliée", "une unité du contrôleur de la source"
    ANY = "any", "N'importe quelle unité", "toute unité"
    YOU = "you", "Vous", "le contrôleur de la source"


class Ask(Vocab):
    """What a ``query`` action asks of the game state."""

    POWER = "power", "Puissance", "R. 140 : la Puissance actuelle d'une unité"
    REFERENCE_POWER = "reference_power", "Puissance de référence", "la Puissance à laquelle un effet se réfère"
    KEYWORDS = "keywords", "Mots-clés", "les mots-clés qu'un objet a"
    MIGHTY = "mighty", "Puissante ?", "R. 706 : Puissance de 5 ou plus"
    ZONE = "zone", "Zone", "R. 105–108 : où se trouve un objet"
    CONTROLLER = "controller", "Contrôleur", "R. 188 : qui contrôle un objet"
    XP = "xp", "XP d'un joueur", "R. 728"
    ACTIVE = "active", "Effet actif ?", "si le texte d'un effet s'applique"
    EXHAUSTED = "exhausted", "Épuisée ?", "R. 415"
    POINTS = "points", "Points de victoire d'un joueur", "R. 469"
    HAND = "hand", "Cartes en main d'un joueur", "R. 108"
    DECK = "deck", "Cartes dans le deck d'un joueur", "R. 108"
    DAMAGE = "damage", "Dégâts marqués", "R. 142"
    LOCATION = "location", "Emplacement (base ou champ de bataille)", "R. 197"
