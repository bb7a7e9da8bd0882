"""The sandbox: a learner builds a situation in a form; this module turns it into a scenario and back.

Three representations meet here:

* the **form rows**: what the learner typed, as raw strings (never lost, even when invalid);
* the **scenario dict**: the engine's format (``rules/engine/README.md``), built from valid rows;
* the **share code**: ``1.`` + base64url(deflate(compact JSON of the scenario dict)).

The fields of effects and actions are generated from the engine's vocabulary (``kinds.KINDS`` and
``kinds.ACTIONS``), so a new kind of effect or action shows up in the sandbox by itself. Timestamps are
never typed: an effect's ``since`` is derived from its position in the list of effects.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import json
import logging
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

import yaml

from rules import engine
from rules.engine import scenario as engine_scenario
from rules.engine.kinds import (
    ACTIONS,
    CONDITIONS,
    DURATIONS,
    EVENT_LABELS,
    KINDS,
    OBJECT_TYPES,
    PRODUCE_LABELS,
    ZONES,
    Param,
)

logger = logging.getLogger(__name__)

# --------------------------------------------------------------------------- limits (stated on the page)

MAX_PLAYERS = engine_scenario.MAX_PLAYERS
MAX_OBJECTS = engine_scenario.MAX_OBJECTS
MAX_EFFECTS = min(40, engine_scenario.MAX_EFFECTS)
MAX_ACTIONS = engine_scenario.MAX_ACTIONS
MAX_CHOICES = 10
MAX_NAME = 60
MAX_LABEL = 120
MAX_NOTE = 200
MAX_TITLE = 200
MAX_DESCRIPTION = 1000
MAX_KEYWORDS = 10
MAX_KEYWORD = 40
PRODUCE_SLOTS = 5
# Rows beyond the limit are kept (with an error) up to this slack, then dropped: a real form never
# gets there because « Ajouter » refuses at the limit.
ROW_SLACK = 5
RAW_MAX = 2000  # characters kept of one raw value

SHARE_VERSION = "1"
MAX_CODE_LENGTH = 12_000
MAX_JSON_BYTES = 64 * 1024
RESULT_CACHE_SECONDS = 60 * 60

TOPICS = (
    ("couches", "Couches, dépendances et horodatages"),
    ("puissance", "Calculs de puissance"),
    ("remplacement", "Effets de remplacement"),
    ("niveau-xp", "Niveau, XP et résolution"),
)

# --------------------------------------------------------------------------- French labels of values

OBJECT_TYPE_LABELS = {
    "unit": "Unité",
    "gear": "Équipement",
    "token": "Création",
    "battlefield": "Champ de bataille",
    "spell": "Sort",
}
ZONE_CHOICE_LABELS = {
    "base": "Base",
    "battlefield": "Champ de bataille",
    "hand": "Main",
    "deck": "Deck",
    "discard": "Défausse",
    "banished": "Bannie",
}
DURATION_CHOICE_LABELS = {
    "permanent": "Permanente (tant que sa source est active)",
    "turn": "Ce tour",
    "combat": "Ce combat",
}
ENUM_LABELS: dict[str, dict[str, str]] = {
    "event": {k: v.capitalize() for k, v in EVENT_LABELS.items()},
    "applies_to": {
        "self": "La source elle-même",
        "attached": "L'unité équipée",
        "allies": "Les unités alliées",
        "other_allies": "Les autres unités alliées",
        "any": "N'importe quel objet",
        "player": "Le joueur",
    },
    "mode": {"instead": "À la place", "also": "En plus"},
    "active_zone": {
        "board": "Sur le plateau",
        "discard": "Dans la défausse",
        "hand": "En main",
        "anywhere": "Partout",
    },
    "when": {
        "became_mighty": "Devient puissante",
        "buffed": "Reçoit un buff",
        "xp_gained": "Gain d'XP",
        "died": "Meurt",
    },
    "subject": {
        "self": "La source elle-même",
        "ally": "Une unité alliée",
        "any": "N'importe quelle unité",
        "you": "Vous (le contrôleur)",
    },
    "duration": DURATION_CHOICE_LABELS,
    "zone": ZONE_CHOICE_LABELS,
    "ask": {
        "power": "Puissance",
        "reference_power": "Puissance de référence",
        "keywords": "Mots-clés",
        "mighty": "Puissante ?",
        "zone": "Zone",
        "controller": "Contrôleur",
        "xp": "XP d'un joueur",
        "active": "Effet actif ?",
        "exhausted": "Épuisée ?",
    },
}
TARGET_SPECIALS = (
    ("source", "La source elle-même"),
    ("attached", "L'unité équipée par la source"),
    ("allies", "Les unités alliées de la source"),
)
PLAYER_NAMES = (
    "Joueuse A",
    "Joueur B",
    "Joueuse C",
    "Joueur D",
    "Joueuse E",
    "Joueur F",
    "Joueuse G",
    "Joueur H",
)
ID_RE = engine_scenario.ID_RE
SECTION_NAMES = {"p": "joueur", "o": "unité", "e": "effet", "a": "action", "c": "choix"}


# --------------------------------------------------------------------------- field specifications


@dataclass(frozen=True)
class Spec:
    """One control of a row: how it is shown and how its raw text becomes a scenario value."""

    key: str
    label: str
    type: str  # text | int | bool | tristate | keywords | id | enum | ref | refs | slots
    required: bool = False
    min: int | None = None
    max: int | None = None
    maxlength: int | None = None
    choices: tuple[tuple[str, str], ...] = ()  # for enum
    ref: str = ""  # objects | players | effects | targets | actions (for ref / refs / slots)
    default: Any = None
    help: str = ""
    slots: int = 0


def _int_default(p: Param) -> str:
    if p.default is not None and not isinstance(p.default, bool):
        return str(p.default)
    lo = p.min if p.min is not None else -99
    hi = p.max if p.max is not None else 99
    return str(1 if lo <= 1 <= hi else lo)


def param_spec(p: Param, *, enum_key: str | None = None) -> Spec | None:
    """The control for a parameter of the engine's vocabulary (``kinds.Param``)."""
    label = p.label[:1].upper() + p.label[1:]
    t = p.type
    if t == "int":
        return Spec(
            p.name,
            label,
            "int",
            required=p.required,
            min=p.min,
            max=p.max,
            default=_int_default(p) if p.required else ("" if p.default is None else str(p.default)),
        )
    if t == "bool":
        return Spec(p.name, label, "bool", default=bool(p.default))
    if t == "str":
        return Spec(
            p.name,
            label,
            "text",
            required=p.required,
            maxlength=200 if p.name != "tag" else MAX_KEYWORD,
            default=p.default or "",
        )
    if t in ("object", "player", "effect"):
        return Spec(p.name, label, "ref", required=p.required, ref=t + "s")
    if t in ("objects", "effects"):
        return Spec(p.name, label, "refs", required=p.required, ref=t)
    if t == "keywords":
        return Spec(p.name, label + " (séparés par des virgules)", "keywords", required=p.required)
    if t == "enum":
        labels = ENUM_LABELS.get(enum_key or p.name, {})
        return Spec(
            p.name,
            label,
            "enum",
            required=p.required,
            choices=tuple((c, labels.get(c, c)) for c in p.choices),
            default=p.default if p.default is not None else p.choices[0],
        )
    if t == "produce":
        return Spec(
            p.name,
            label,
            "slots",
            slots=PRODUCE_SLOTS,
            choices=tuple((c, PRODUCE_LABELS.get(c, c).capitalize()) for c in PRODUCE_LABELS),
        )
    if t == "steps":
        return None  # resolve's instructions are the rows marked « instruction du sort »
    # A parameter type the sandbox does not know yet: plain text, the engine checks it.
    return Spec(
        p.name,
        label,
        "text",
        required=p.required,
        maxlength=200,
        default="" if p.default is None else str(p.default),
    )


PLAYER_SPECS = (
    Spec("name", "Nom", "text", required=True, maxlength=MAX_NAME),
    Spec("xp", "XP", "int", required=True, min=0, max=99, default="0"),
    Spec(
        "team",
        "Équipe (facultatif)",
        "id",
        maxlength=30,
        help="Lettres sans accent, chiffres, « - », « _ » ou « . » ; même équipe = coéquipiers.",
    ),
    Spec("cards_played", "Cartes jouées ce tour", "int", required=True, min=0, max=99, default="0"),
    Spec("hand", "Cartes en main", "int", required=True, min=0, max=99, default="0"),
)
OBJECT_SPECS = (
    Spec("name", "Nom", "text", required=True, maxlength=MAX_NAME),
    Spec(
        "type",
        "Type",
        "enum",
        required=True,
        choices=tuple((t, OBJECT_TYPE_LABELS.get(t, t)) for t in OBJECT_TYPES),
        default="unit",
    ),
    Spec("printed_power", "Puissance imprimée", "int", required=True, min=-99, max=99, default="0"),
    Spec(
        "zone",
        "Zone",
        "enum",
        required=True,
        choices=tuple((z, ZONE_CHOICE_LABELS.get(z, z)) for z in ZONES),
        default="battlefield",
    ),
    Spec("controller", "Contrôleur", "ref", required=True, ref="players"),
    Spec(
        "keywords",
        "Mots-clés imprimés (séparés par des virgules)",
        "keywords",
        help="Par exemple : Bouclier 2, Chasse 2, Gank",
    ),
    Spec("tags", "Tags (séparés par des virgules)", "keywords"),
    Spec("attached_to", "Équipé à (pour un équipement)", "ref", ref="objects"),
    Spec("defending", "En défense", "bool"),
    Spec("exhausted", "Épuisée", "bool"),
)
# Fields the engine added to players and objects after the sandbox was written appear when present.
_PLAYER_FIELDS = {f.name for f in dataclasses.fields(engine_scenario.PlayerSpec)}
_OBJECT_FIELDS = {f.name for f in dataclasses.fields(engine_scenario.ObjectSpec)}
if "points" in _PLAYER_FIELDS:
    PLAYER_SPECS += (Spec("points", "Points de victoire", "int", min=0, max=99, default="0"),)
if "cost" in _OBJECT_FIELDS:
    OBJECT_SPECS = (
        OBJECT_SPECS[:3] + (Spec("cost", "Coût", "int", min=0, max=99, default="0"),) + OBJECT_SPECS[3:]
    )
if "domains" in _OBJECT_FIELDS:
    OBJECT_SPECS = (
        OBJECT_SPECS[:-4]
        + (Spec("domains", "Domaines (séparés par des virgules)", "keywords"),)
        + OBJECT_SPECS[-4:]
    )
CONDITION_HELP = "Laisser vide : pas de condition."


def condition_specs() -> tuple[Spec, ...]:
    out = []
    for name, p in CONDITIONS.items():
        label = "Condition : " + p.label
        if p.type == "bool":
            out.append(Spec("cond_" + name, label, "tristate"))
        elif p.type == "int":
            out.append(Spec("cond_" + name, label, "int", min=p.min, max=p.max, default=""))
        else:
            out.append(Spec("cond_" + name, label, "text", maxlength=MAX_KEYWORD, default=""))
    return tuple(out)


def effect_specs(kind_name: str) -> tuple[Spec, ...]:
    kind = KINDS[kind_name]
    continuous = kind.category == "continuous"
    specs = [
        Spec("label", "Nom de l'effet", "text", required=True, maxlength=MAX_LABEL),
        Spec(
            "source", "Source (l'objet qui porte le texte)", "ref", ref="objects", help="Vide pour un sort."
        ),
        Spec("target", "Cible", "ref", required=continuous, ref="targets"),
    ]
    specs += [s for p in kind.params if (s := param_spec(p)) is not None]
    specs.append(
        Spec(
            "duration",
            "Durée",
            "enum",
            required=True,
            choices=tuple((d, DURATION_CHOICE_LABELS[d]) for d in DURATIONS),
            default="permanent",
        )
    )
    specs.append(
        Spec("starts_later", "Commence plus tard (par l'action « Un effet commence à s'appliquer »)", "bool")
    )
    if continuous:
        specs.append(Spec("same_time", "A commencé au même instant que l'effet au-dessus", "bool"))
    specs += condition_specs()
    return tuple(specs)


def action_specs(name: str) -> tuple[Spec, ...]:
    _label, params = ACTIONS[name]
    specs = []
    for p in params:
        if name == "start" and p.name == "effect":
            continue  # « effects » (one or several) covers both
        s = param_spec(p, enum_key=p.name)
        if s is not None:
            if name == "start" and p.name == "effects":
                s = Spec("effects", "Effets qui commencent", "refs", required=True, ref="effects")
            specs.append(s)
    if name != "resolve" and name not in engine_scenario.ORDINARY_ACTIONS:
        specs.append(
            Spec(
                "in_spell",
                "Instruction du sort au-dessus",
                "bool",
                help="Cochée : cette action est une instruction du dernier sort placé au-dessus.",
            )
        )
    specs.append(Spec("note", "Note (facultatif)", "text", maxlength=MAX_NOTE))
    return tuple(specs)


CHOICE_SPECS = {
    "order": (
        Spec("first", "Remplacement choisi en premier", "ref", required=True, ref="effects"),
        Spec("then", "Puis (facultatif)", "ref", ref="effects"),
        Spec("action", "Pendant l'action", "ref", ref="actions", help="Vide : à chaque fois."),
    ),
    "accept": (
        Spec("effect", "Remplacement facultatif", "ref", required=True, ref="effects"),
        Spec("accept", "Accepté", "bool"),
        Spec("action", "Pendant l'action", "ref", ref="actions", help="Vide : à chaque fois."),
    ),
}
CHOICE_LABELS = {"order": "Ordre des remplacements", "accept": "Remplacement facultatif accepté ou refusé"}
META_SPECS = (
    Spec("title", "Titre de la situation", "text", required=True, maxlength=MAX_TITLE),
    Spec("description", "Description (facultatif)", "text", maxlength=MAX_DESCRIPTION),
    Spec("topic", "Thème", "enum", required=True, choices=TOPICS, default="couches"),
)


def row_specs(section: str, row: dict) -> tuple[Spec, ...]:
    if section == "p":
        return PLAYER_SPECS
    if section == "o":
        return OBJECT_SPECS
    if section == "e":
        return effect_specs(row["kind"])
    if section == "a":
        return action_specs(row["do"])
    return CHOICE_SPECS[row["type"]]


# --------------------------------------------------------------------------- the form state


@dataclass
class Row:
    """One player, object, effect, action or choice as typed: raw values and their errors."""

    id: str
    values: dict[str, Any]
    kind: str = ""  # effect kind, action name or choice type
    errors: dict[str, str] = field(default_factory=dict)
    row_error: str | None = None


@dataclass
class Form:
    meta: dict[str, Any]
    rows: dict[str, list[Row]]
    section_errors: dict[str, str] = field(default_factory=dict)
    meta_errors: dict[str, str] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    focus: str | None = None  # html id to focus after an operation

    def has_errors(self) -> bool:
        return bool(
            self.section_errors
            or self.meta_errors
            or any(r.errors or r.row_error for rows in self.rows.values() for r in rows)
        )


def empty_form() -> Form:
    form = Form(
        meta={"title": "Ma situation", "description": "", "topic": "couches", "turn_player": "p1"},
        rows={"p": [], "o": [], "e": [], "a": [], "c": []},
    )
    form.rows["p"].append(new_row(form, "p"))
    return form


def _next_id(rows: list[Row], prefix: str) -> str:
    taken = {r.id for r in rows}
    n = len(rows) + 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def _default_value(spec: Spec, form: Form) -> Any:
    if spec.type == "bool":
        return bool(spec.default)
    if spec.type in ("refs",):
        return []
    if spec.type == "slots":
        return [""] * spec.slots
    if spec.type == "ref" and spec.required:
        pool = {
            "objects": form.rows["o"],
            "players": form.rows["p"],
            "effects": form.rows["e"],
            "targets": form.rows["o"],
            "actions": form.rows["a"],
        }[spec.ref]
        return pool[0].id if pool else ""
    return "" if spec.default is None else spec.default


def new_row(form: Form, section: str, kind: str = "") -> Row:
    prefix = {"p": "p", "o": "u", "e": "e", "a": "a", "c": "c"}[section]
    row = Row(id=_next_id(form.rows[section], prefix), values={}, kind=kind)
    info = {"kind": kind, "do": kind, "type": kind}
    for spec in row_specs(section, info):
        row.values[spec.key] = _default_value(spec, form)
    n = len(form.rows[section])
    if section == "p":
        used = {r.values.get("name") for r in form.rows["p"]}
        row.values["name"] = next((name for name in PLAYER_NAMES if name not in used), f"Joueur {n + 1}")
    elif section == "o":
        used = {str(r.values.get("name")) for r in form.rows["o"]}
        letters = [f"Unité {chr(ord('A') + k)}" for k in range(26)] + [f"Unité {k}" for k in range(27, 60)]
        row.values["name"] = next((name for name in letters if name not in used), f"Unité {n + 1}")
    elif section == "e":
        used = {str(r.values.get("label")) for r in form.rows["e"]}
        label, k = KINDS[kind].label, 2
        while label in used:
            label, k = f"{KINDS[kind].label} {k}", k + 1
        row.values["label"] = label
    elif section == "a" and kind == "resolve":
        row.values["label"] = "Sort"
    return row


# --------------------------------------------------------------------------- raw values from a POST


def _clip(value: Any) -> str:
    return str(value)[:RAW_MAX]


def _read_spec(post, name: str, spec: Spec) -> Any:
    if spec.type == "bool":
        return name in post
    if spec.type == "refs":
        return [_clip(v) for v in post.getlist(name)[: MAX_OBJECTS + MAX_EFFECTS]]
    if spec.type == "slots":
        return [_clip(post.get(f"{name}-{i}", "")) for i in range(spec.slots)]
    return _clip(post.get(name, ""))


def form_from_post(post) -> Form:
    """Rebuild the form state from submitted fields; whatever was typed is kept as typed."""
    form = Form(meta={}, rows={"p": [], "o": [], "e": [], "a": [], "c": []})
    for spec in META_SPECS:
        form.meta[spec.key] = _read_spec(post, spec.key, spec)
    form.meta["turn_player"] = _clip(post.get("turn_player", ""))
    limits = {"p": MAX_PLAYERS, "o": MAX_OBJECTS, "e": MAX_EFFECTS, "a": MAX_ACTIONS, "c": MAX_CHOICES}
    for section, limit in limits.items():
        rows = form.rows[section]
        indexes = sorted(
            {int(m.group(1)) for key in post.keys() if (m := re.fullmatch(section + r"(\d{1,4})-id", key))}
        )
        for i in indexes[: limit + ROW_SLACK]:
            prefix = f"{section}{i}"
            kind_key = {"e": "kind", "a": "do", "c": "type"}.get(section)
            kind = _clip(post.get(f"{prefix}-{kind_key}", "")) if kind_key else ""
            if section == "e" and kind not in KINDS:
                form.notices.append(f"Un effet de sorte inconnue « {kind[:40]} » a été ignoré.")
                continue
            if section == "a" and kind not in ACTIONS:
                form.notices.append(f"Une action inconnue « {kind[:40]} » a été ignorée.")
                continue
            if section == "c" and kind not in CHOICE_SPECS:
                form.notices.append("Un choix de type inconnu a été ignoré.")
                continue
            row_id = _clip(post.get(f"{prefix}-id", ""))
            row = Row(id=row_id, values={}, kind=kind)
            for spec in row_specs(section, {"kind": kind, "do": kind, "type": kind}):
                row.values[spec.key] = _read_spec(post, f"{prefix}-{spec.key}", spec)
            rows.append(row)
        if len(indexes) > limit + ROW_SLACK:
            form.notices.append(f"Des lignes au-delà de la limite ({limit}) ont été ignorées.")
    _repair_ids(form)
    return form


def _repair_ids(form: Form) -> None:
    """Hidden row ids are not typed by the learner: a missing, invalid or duplicate one is replaced."""
    for section, rows in form.rows.items():
        prefix = {"p": "p", "o": "u", "e": "e", "a": "a", "c": "c"}[section]
        seen: set[str] = set()
        for row in rows:
            if not isinstance(row.id, str) or not ID_RE.match(row.id) or row.id in seen:
                row.id = ""
            seen.add(row.id)
        for row in rows:
            if not row.id:
                row.id = _next_id(rows, prefix)


# --------------------------------------------------------------------------- operations (buttons)


def apply_op(form: Form, op: str, post=None) -> None:
    """Apply one button of the form: add, delete, move up or down. Unknown operations do nothing."""
    op = (op or "")[:40]
    limits = {"p": MAX_PLAYERS, "o": MAX_OBJECTS, "e": MAX_EFFECTS, "a": MAX_ACTIONS, "c": MAX_CHOICES}
    adds = {
        "add-player": ("p", ""),
        "add-object": ("o", ""),
        "add-choice-order": ("c", "order"),
        "add-choice-accept": ("c", "accept"),
    }
    section = kind = None
    if op in adds:
        section, kind = adds[op]
    elif op == "add-effect":
        kind = post.get("new_kind", "") if post is not None else ""
        if kind not in KINDS:
            form.section_errors["e"] = "Choisissez une sorte d'effet dans la liste."
            form.focus = "sb-new-kind"
            return
        section = "e"
    elif op == "add-action":
        kind = post.get("new_action", "") if post is not None else ""
        if kind not in ACTIONS:
            form.section_errors["a"] = "Choisissez une action dans la liste."
            form.focus = "sb-new-action"
            return
        section = "a"
    if section:
        rows = form.rows[section]
        if len(rows) >= limits[section]:
            form.section_errors[section] = (
                f"Limite atteinte : {limits[section]} {SECTION_NAMES[section]}s au maximum."
            ).replace("choixs", "choix")
            form.focus = f"sb-add-{section}"
            return
        row = new_row(form, section, kind)
        rows.append(row)
        first = next(iter(row.values))
        form.focus = field_id(f"{section}{len(rows) - 1}", first)
        return
    m = re.fullmatch(r"(del|up|down):([poeac])(\d{1,4})", op)
    if not m:
        return
    verb, section, index = m.group(1), m.group(2), int(m.group(3))
    rows = form.rows[section]
    if index >= len(rows):
        return
    if verb == "del":
        if section == "p" and len(rows) == 1:
            form.section_errors["p"] = "Il faut au moins un joueur."
            form.focus = f"sb-add-{section}"
            return
        del rows[index]
        form.focus = f"sb-add-{section}"
        return
    if section not in ("e", "a"):
        return
    new = index - 1 if verb == "up" else index + 1
    if 0 <= new < len(rows):
        rows[index], rows[new] = rows[new], rows[index]
    else:
        new = index
    form.focus = f"sb-{section}{new}-{verb}"


def field_id(prefix: str, key: str) -> str:
    return f"sb-{prefix}-{key}"


# --------------------------------------------------------------------------- validation: rows -> scenario


def _parse_int(raw: str, spec: Spec) -> tuple[Any, str | None]:
    text = str(raw).strip().replace("\u2212", "-").replace(" ", "")
    if text == "":
        if spec.required:
            return None, "Ce champ est obligatoire : indiquez un nombre entier."
        return None, None
    if not re.fullmatch(r"[+-]?\d{1,6}", text):
        return None, "Un nombre entier est attendu (par exemple 4 ou -2)."
    value = int(text)
    if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
        return None, f"La valeur doit être comprise entre {spec.min} et {spec.max}."
    return value, None


def _parse_text(raw: str, spec: Spec) -> tuple[Any, str | None]:
    text = str(raw).strip()
    if any(ord(c) < 32 and c not in "\t\n\r" for c in text):
        return None, "Ce texte contient des caractères de contrôle."
    if not text:
        return None, ("Ce champ est obligatoire." if spec.required else None)
    if spec.maxlength and len(text) > spec.maxlength:
        return None, f"Texte trop long : {spec.maxlength} caractères au maximum (ici {len(text)})."
    return text, None


def _parse_keywords(raw: str, spec: Spec) -> tuple[Any, str | None]:
    text = str(raw)
    items = [k.strip() for k in text.split(",") if k.strip()]
    if len(items) > MAX_KEYWORDS:
        return None, f"Trop de mots-clés : {MAX_KEYWORDS} au maximum."
    for k in items:
        if len(k) > MAX_KEYWORD:
            return None, f"Mot-clé trop long : {MAX_KEYWORD} caractères au maximum."
        if any(ord(c) < 32 for c in k):
            return None, "Ce texte contient des caractères de contrôle."
    if spec.required and not items:
        return None, "Indiquez au moins un mot-clé."
    return items, None


REF_NOUNS = {
    "objects": ("Unité", "une unité"),
    "targets": ("Unité", "une cible"),
    "players": ("Joueur", "un joueur"),
    "effects": ("Effet", "un effet"),
    "actions": ("Action", "une action"),
}


def ref_options(form: Form, ref: str) -> list[tuple[str, str]]:
    """The choices of a select that names another row, as (id, French label)."""
    if ref in ("objects", "targets"):
        opts = [(r.id, str(r.values.get("name") or r.id)) for r in form.rows["o"]]
        if ref == "targets":
            opts = list(TARGET_SPECIALS) + opts
        return opts
    if ref == "players":
        return [(r.id, str(r.values.get("name") or r.id)) for r in form.rows["p"]]
    if ref == "effects":
        return [(r.id, f"t{i + 1} · {r.values.get('label') or r.id}") for i, r in enumerate(form.rows["e"])]
    if ref == "actions":
        return [(r.id, f"Action {i + 1} : {ACTIONS[r.kind][0]}") for i, r in enumerate(form.rows["a"])]
    return []


def _parse(spec: Spec, raw: Any, form: Form, options_cache: dict) -> tuple[Any, str | None]:
    t = spec.type
    if t == "int":
        return _parse_int(raw, spec)
    if t == "text":
        return _parse_text(raw, spec)
    if t == "id":
        value, error = _parse_text(raw, spec)
        if value is not None and not ID_RE.match(value):
            return None, "Lettres sans accent, chiffres, « - », « _ » ou « . » seulement (sans espace)."
        return value, error
    if t == "bool":
        return bool(raw), None
    if t == "tristate":
        raw = str(raw)
        if raw in ("", "any"):
            return None, None
        if raw in ("1", "0"):
            return raw == "1", None
        return None, "Choisissez « oui », « non » ou rien dans la liste."
    if t == "keywords":
        return _parse_keywords(raw, spec)
    if t == "enum":
        values = [c for c, _ in spec.choices]
        if str(raw) in values:
            return str(raw), None
        if raw == "" and not spec.required:
            return None, None
        return None, "Choisissez une valeur dans la liste."
    if t == "slots":
        items = [str(x) for x in (raw or []) if str(x)]
        allowed = {c for c, _ in spec.choices}
        if any(x not in allowed for x in items):
            return None, "Choisissez chaque conséquence dans la liste."
        return items, None
    if t in ("ref", "refs"):
        if spec.ref not in options_cache:
            options_cache[spec.ref] = {v for v, _ in ref_options(form, spec.ref)}
        allowed = options_cache[spec.ref]
        noun, article = REF_NOUNS[spec.ref]
        if t == "ref":
            raw = str(raw)
            if raw == "":
                return None, (f"Choisissez {article} dans la liste." if spec.required else None)
            if raw not in allowed:
                return None, f"{noun} inconnue « {raw[:60]} » : choisissez {article} dans la liste.".replace(
                    "Joueur inconnue", "Joueur inconnu"
                ).replace("Effet inconnue", "Effet inconnu")
            return raw, None
        items = [str(x) for x in raw or []]
        unknown = [x for x in items if x not in allowed]
        if unknown:
            return None, f"Élément inconnu « {unknown[0][:60]} » : cochez seulement des éléments de la liste."
        if spec.required and not items:
            return None, "Cochez au moins un élément."
        return list(dict.fromkeys(items)), None
    return None, "Type de champ inconnu."  # pragma: no cover


def _validate_rows(form: Form) -> dict[str, list[dict[str, Any]]] | None:
    """Parse every field; errors go next to their field. Returns parsed values per row."""
    cache: dict = {}
    parsed: dict[str, list[dict[str, Any]]] = {}
    for spec in META_SPECS:
        value, error = _parse(spec, form.meta.get(spec.key, ""), form, cache)
        if error:
            form.meta_errors[spec.key] = error
        form.meta[spec.key + "__value"] = value
    players = {r.id for r in form.rows["p"]}
    if form.meta.get("turn_player") not in players:
        if form.meta.get("turn_player"):
            form.meta_errors["turn_player"] = "Joueur inconnu : choisissez un joueur dans la liste."
        elif players:
            form.meta["turn_player"] = form.rows["p"][0].id
    limits = {"p": MAX_PLAYERS, "o": MAX_OBJECTS, "e": MAX_EFFECTS, "a": MAX_ACTIONS, "c": MAX_CHOICES}
    for section, rows in form.rows.items():
        if len(rows) > limits[section]:
            form.section_errors[section] = (
                f"Trop de lignes : {limits[section]} au maximum (ici {len(rows)}). Supprimez-en."
            )
        out = []
        for row in rows:
            values: dict[str, Any] = {}
            for spec in row_specs(section, {"kind": row.kind, "do": row.kind, "type": row.kind}):
                value, error = _parse(spec, row.values.get(spec.key), form, cache)
                if error:
                    row.errors[spec.key] = error
                values[spec.key] = value
            out.append(values)
        parsed[section] = out
    if not form.rows["p"]:
        form.section_errors["p"] = "Il faut au moins un joueur."
    return parsed


def _names_unique(form: Form) -> None:
    seen: dict[str, int] = {}
    for row in form.rows["o"]:
        name = str(row.values.get("name", "")).strip().casefold()
        if name and name in seen and "name" not in row.errors:
            row.errors["name"] = "Deux unités portent ce nom : donnez-leur des noms différents."
        seen.setdefault(name, 1)


def build(form: Form) -> tuple[dict | None, list[tuple[str, str]]]:
    """Validate the form; return the scenario dict (engine format) or None, and a path map for engine errors.

    The path map lists (scenario path prefix, html id of the row) so an engine message like
    « actions[2].objects : … » can be shown next to the right row.
    """
    parsed = _validate_rows(form)
    _names_unique(form)
    paths: list[tuple[str, str]] = []
    if form.has_errors():
        return None, paths
    meta = form.meta
    data: dict[str, Any] = {
        "title": meta["title__value"],
        "description": meta["description__value"] or "Situation construite dans le bac à sable de RiftPal.",
        "topic": meta["topic__value"],
    }
    players = []
    for i, (row, v) in enumerate(zip(form.rows["p"], parsed["p"], strict=True)):
        p: dict[str, Any] = {"id": row.id, "name": v["name"]}
        for spec in PLAYER_SPECS:
            if spec.key != "name" and v.get(spec.key) not in (None, 0, "", [], False):
                p[spec.key] = v[spec.key]
        players.append(p)
        paths.append((f"players[{i}]", f"p{i}"))
    data["players"] = players
    if meta.get("turn_player") and meta["turn_player"] != form.rows["p"][0].id:
        data["turn_player"] = meta["turn_player"]
    objects = []
    for i, (row, v) in enumerate(zip(form.rows["o"], parsed["o"], strict=True)):
        o: dict[str, Any] = {"id": row.id, "name": v["name"]}
        for spec in OBJECT_SPECS:
            key, value = spec.key, v.get(spec.key)
            if key == "name" or (key == "type" and value == "unit"):
                continue
            if key in ("zone", "controller") or (key == "printed_power" and v["type"] in ("unit", "token")):
                o[key] = value
            elif value not in (None, 0, "", [], False):
                o[key] = value
        objects.append(o)
        paths.append((f"objects[{i}]", f"o{i}"))
    data["objects"] = objects
    effects = []
    clock = 0
    for i, (row, v) in enumerate(zip(form.rows["e"], parsed["e"], strict=True)):
        kind = KINDS[row.kind]
        e: dict[str, Any] = {"id": row.id, "label": v["label"], "kind": row.kind}
        for p in kind.params:
            value = v.get(p.name)
            if p.type == "produce":
                if value:
                    e[p.name] = value
            elif value is None or (not p.required and value == p.default):
                continue
            else:
                e[p.name] = value
        if v["source"]:
            e["source"] = v["source"]
        if v["target"]:
            e["target"] = v["target"]
        if kind.category == "continuous" and not v["starts_later"]:
            if not (v.get("same_time") and clock):
                clock += 1
            e["since"] = clock
        if v["starts_later"]:
            e["starts"] = "later"
        if v["duration"] != "permanent":
            e["duration"] = v["duration"]
        cond = {name: v["cond_" + name] for name in CONDITIONS if v.get("cond_" + name) is not None}
        if cond:
            e["condition"] = cond
        effects.append(e)
        paths.append((f"effects[{i}]", f"e{i}"))
    data["effects"] = effects
    actions: list[dict] = []
    action_index: dict[str, int] = {}
    spell: dict | None = None
    spell_rows: list[tuple[dict, int]] = []
    for i, (row, v) in enumerate(zip(form.rows["a"], parsed["a"], strict=True)):
        a: dict[str, Any] = {"do": row.kind}
        for spec in action_specs(row.kind):
            if spec.key in ("in_spell", "note"):
                continue
            value = v.get(spec.key)
            if row.kind == "start" and spec.key == "effects":
                if value and len(value) == 1:
                    a["effect"] = value[0]
                elif value:
                    a["effects"] = value
                continue
            if value is None or value == "":
                continue
            param = next(p for p in ACTIONS[row.kind][1] if p.name == spec.key)
            if not param.required and value == param.default:
                continue
            a[spec.key] = value
        if v.get("note"):
            a["note"] = v["note"]
        if v.get("in_spell"):
            if spell is None:
                row.errors["in_spell"] = (
                    "Aucun sort au-dessus : ajoutez d'abord l'action « Résoudre un sort »."
                )
                continue
            paths.append((f"actions[{len(actions) - 1}].steps[{len(spell['steps'])}]", f"a{i}"))
            spell["steps"].append(a)
            continue
        if row.kind == "resolve":
            a["steps"] = []
            spell = a
            spell_rows.append((a, i))
        else:
            spell = None
        action_index[row.id] = len(actions)
        paths.append((f"actions[{len(actions)}]", f"a{i}"))
        actions.append(a)
    for a, row_i in spell_rows:
        if not a["steps"]:
            form.rows["a"][row_i].row_error = (
                "Ce sort n'a aucune instruction : ajoutez des actions en dessous et cochez "
                "« Instruction du sort au-dessus »."
            )
    data["actions"] = actions
    choices = []
    for i, (row, v) in enumerate(zip(form.rows["c"], parsed["c"], strict=True)):
        if row.kind == "order":
            c: dict[str, Any] = {"order": [x for x in (v["first"], v["then"]) if x]}
        else:
            c = {"effect": v["effect"], "accept": bool(v["accept"])}
        if v.get("action"):
            if v["action"] not in action_index:
                row.errors["action"] = (
                    "Cette action est une instruction de sort : choisissez le sort lui-même."
                )
                continue
            c["action"] = action_index[v["action"]]
        choices.append(c)
        paths.append((f"choices[{i}]", f"c{i}"))
    if choices:
        data["choices"] = choices
    if form.has_errors():
        return None, paths
    return data, paths


def attach_engine_error(form: Form, message: str, paths: list[tuple[str, str]]) -> bool:
    """Show an engine message next to the row (and field) it names. True if a row was found."""
    m = re.match(
        r"^((?:players|objects|effects|actions|choices)\[\d+\](?:\.steps\[\d+\])?)(?:\.(\w+))?", message
    )
    if not m:
        return False
    for path, row_ref in paths:
        if path == m.group(1):
            section, index = row_ref[0], int(row_ref[1:])
            row = form.rows[section][index]
            key = m.group(2)
            if key == "effect" and row.kind == "start":
                key = "effects"
            keys = {s.key for s in row_specs(section, {"kind": row.kind, "do": row.kind, "type": row.kind})}
            text = "Le moteur refuse : " + message.split(" : ", 1)[-1]
            if key in keys:
                row.errors[key] = text
            else:
                row.row_error = text
            return True
    return False


# --------------------------------------------------------------------------- scenario -> form (import)


def _raw(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, str)):
        return _clip(value)
    if isinstance(value, float) and value.is_integer():
        return _clip(int(value))
    return _clip(json.dumps(value, ensure_ascii=False)) if value is not None else ""


def _raw_list(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [_raw(x) for x in value[: MAX_OBJECTS + MAX_EFFECTS]]
    if value is None:
        return []
    return [_raw(value)]


def _raw_for(spec: Spec, value: Any) -> Any:
    if spec.type == "bool":
        return value is True
    if spec.type == "tristate":
        return "" if value is None else ("1" if value is True else "0" if value is False else _raw(value))
    if spec.type == "keywords":
        return ", ".join(_raw_list(value)) if isinstance(value, (list, tuple)) else _raw(value)
    if spec.type == "refs":
        return _raw_list(value)
    if spec.type == "slots":
        items = _raw_list(value)
        return (items + [""] * spec.slots)[: max(spec.slots, len(items))]
    if value is None:
        return ""
    return _raw(value)


def _dicts(value: Any, limit: int) -> list[dict]:
    if not isinstance(value, list):
        return []
    return [x for x in value[: limit + ROW_SLACK] if isinstance(x, dict)]


def _unrepresented(form: Form, d: dict, known: set[str], what: str) -> None:
    """Report the keys of a scenario the form cannot show, so nothing disappears silently."""
    for key in d:
        if key not in known:
            form.notices.append(
                f"{what} : le champ « {_raw(key)[:30]} » n'est pas repris par le bac à sable."
            )


TOP_KEYS = engine_scenario.TOP_LEVEL_KEYS


def form_from_scenario(data: Any) -> Form:
    """The form state for a scenario dict (a worked example or a share code). Never raises.

    Whatever cannot be represented is reported in ``form.notices``; invalid values are kept as raw text
    so that validation shows them next to their field.
    """
    form = Form(meta={}, rows={"p": [], "o": [], "e": [], "a": [], "c": []})
    if not isinstance(data, dict):
        form.notices.append("Le contenu n'est pas une situation : le bac à sable repart de zéro.")
        base = empty_form()
        base.notices = form.notices
        return base
    form.meta = {
        "title": _raw(data.get("title", "Ma situation")),
        "description": _raw(data.get("description", "")),
        "topic": _raw(data.get("topic", "couches")),
        "turn_player": _raw(data.get("turn_player", "")),
    }
    if form.meta["description"] == "Situation construite dans le bac à sable de RiftPal.":
        form.meta["description"] = ""
    _unrepresented(form, data, TOP_KEYS, "Situation")
    for p in _dicts(data.get("players"), MAX_PLAYERS):
        row = Row(id=_raw(p.get("id", "")), values={})
        _unrepresented(
            form, p, {"id"} | {s.key for s in PLAYER_SPECS}, f"Joueur « {_raw(p.get('name'))[:40]} »"
        )
        for spec in PLAYER_SPECS:
            row.values[spec.key] = _raw_for(spec, p.get(spec.key, spec.default))
        form.rows["p"].append(row)
    for o in _dicts(data.get("objects"), MAX_OBJECTS):
        row = Row(id=_raw(o.get("id", "")), values={})
        _unrepresented(
            form, o, {"id", "since"} | {s.key for s in OBJECT_SPECS}, f"Unité « {_raw(o.get('name'))[:40]} »"
        )
        for spec in OBJECT_SPECS:
            default = {"type": "unit", "zone": "base", "printed_power": 0}.get(spec.key, spec.default)
            row.values[spec.key] = _raw_for(spec, o.get(spec.key, default))
        if o.get("since") not in (None, 0):
            form.notices.append(f"L'horodatage d'arrivée de « {row.values['name']} » n'est pas repris.")
        form.rows["o"].append(row)
    effects = _dicts(data.get("effects"), MAX_EFFECTS)
    # Order by timestamp; an effect without one stays right after the effect it followed.
    keyed = []
    last = -1
    for n, e in enumerate(effects):
        since = e.get("since")
        timestamped = isinstance(since, int) and not isinstance(since, bool) and e.get("starts") != "later"
        if timestamped:
            last = since
        keyed.append(((since if timestamped else last), n, e, timestamped))
    keyed.sort(key=lambda k: (k[0], k[1]))
    previous_since = None
    for _key, _n, e, timestamped in keyed:
        kind = e.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            form.notices.append(f"Un effet de sorte inconnue « {_raw(kind)[:40]} » a été ignoré.")
            continue
        row = Row(id=_raw(e.get("id", "")), values={}, kind=kind)
        cond = e.get("condition") if isinstance(e.get("condition"), dict) else {}
        what = f"Effet « {_raw(e.get('label'))[:40]} »"
        _unrepresented(
            form,
            e,
            {"id", "kind", "since", "starts", "targets", "condition"} | {s.key for s in effect_specs(kind)},
            what,
        )
        _unrepresented(form, cond, set(CONDITIONS), what + " (condition)")
        for spec in effect_specs(kind):
            if spec.key.startswith("cond_"):
                value = cond.get(spec.key[5:])
            elif spec.key == "starts_later":
                value = e.get("starts") == "later"
            elif spec.key == "same_time":
                value = timestamped and previous_since is not None and e.get("since") == previous_since
            elif spec.key == "duration":
                value = e.get("duration", "permanent")
            else:
                value = e.get(spec.key, None)
                if value is None and spec.type not in ("ref",):
                    value = spec.default
            row.values[spec.key] = _raw_for(spec, value)
        if timestamped and KINDS[kind].category == "continuous":
            previous_since = e.get("since")
        if e.get("targets"):
            form.notices.append(
                f"L'effet « {row.values['label']} » vise plusieurs cibles (targets) : "
                "le bac à sable n'en garde que la première."
            )
            if not row.values.get("target"):
                row.values["target"] = _raw_list(e["targets"])[0] if _raw_list(e["targets"]) else ""
        form.rows["e"].append(row)
    top_ids: list[str] = []
    for n, a in enumerate(_dicts(data.get("actions"), MAX_ACTIONS)):
        row = _action_row(form, a, n)
        if row is None:
            top_ids.append("")
            continue
        top_ids.append(row.id)
        form.rows["a"].append(row)
        if row.kind == "resolve":
            for m, step in enumerate(_dicts(a.get("steps"), engine_scenario.MAX_STEPS_IN_RESOLVE)):
                step_row = _action_row(form, step, f"{n}-{m}")
                if step_row is not None:
                    if "in_spell" in step_row.values:
                        step_row.values["in_spell"] = True
                    form.rows["a"].append(step_row)
    for c in _dicts(data.get("choices"), MAX_CHOICES):
        _unrepresented(form, c, {"order", "effect", "accept", "action", "note"}, "Choix")
        action = c.get("action")
        action_ref = (
            top_ids[action]
            if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < len(top_ids)
            else _raw(action)
            if action is not None
            else ""
        )
        if "order" in c:
            order = _raw_list(c.get("order"))
            if len(order) > 2:
                form.notices.append("Un ordre de plus de deux remplacements est réduit aux deux premiers.")
            row = Row(
                id="",
                values={
                    "first": order[0] if order else "",
                    "then": order[1] if len(order) > 1 else "",
                    "action": action_ref,
                },
                kind="order",
            )
        else:
            row = Row(
                id="",
                values={
                    "effect": _raw(c.get("effect", "")),
                    "accept": c.get("accept", True) is True,
                    "action": action_ref,
                },
                kind="accept",
            )
        form.rows["c"].append(row)
    if not form.rows["p"]:
        form.rows["p"].append(new_row(form, "p"))
    _repair_ids(form)
    return form


def _action_row(form: Form, a: dict, n: Any) -> Row | None:
    name = a.get("do")
    if not isinstance(name, str) or name not in ACTIONS:
        form.notices.append(f"Une action inconnue « {_raw(name)[:40]} » a été ignorée.")
        return None
    row = Row(id=f"a{len(form.rows['a']) + 1}", values={}, kind=name)
    _unrepresented(
        form,
        a,
        {"do", "steps", "effect"} | {s.key for s in action_specs(name)},
        f"Action « {ACTIONS[name][0]} »",
    )
    for spec in action_specs(name):
        if name == "start" and spec.key == "effects":
            value = a.get("effects") or ([a["effect"]] if a.get("effect") is not None else [])
        elif spec.key == "in_spell":
            value = False
        else:
            value = a.get(spec.key)
            if value is None and spec.type != "ref":
                value = spec.default
        row.values[spec.key] = _raw_for(spec, value)
    return row


# --------------------------------------------------------------------------- share code


class ShareCodeError(Exception):
    """A share code that cannot be read; ``message`` is French."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def canonical_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def scenario_hash(data: dict) -> str:
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


# A preset dictionary for deflate: the words every situation repeats, so short links stay short.
# It is part of version 1 of the link format: NEVER change it; a new dictionary needs a new version.
SHARE_DICTIONARY_V1 = (
    '"kind":"replacement","event":"die","applies_to":"self","produce":["heal","exhaust","recall",'
    '"destroy_source"],"kind":"triggered","when":"became_mighty","then":"kind":"activated",'
    '"kind":"grant_keywords","keywords":["Bouclier","Chasse","Gank","Protection"],"kind":"remove_keywords",'
    '"kind":"copy","of":"kind":"set_controller","kind":"add_tag","tag":"kind":"increase_by_power_of",'
    '"kind":"decrease_floored","min":"kind":"increase_capped","max":"oneshot":true,"kind":"decrease",'
    '"condition":{"level":"mighty":true},"starts":"later","duration":"turn","duration":"combat",'
    '"type":"gear","attached_to":"defending":true,"exhausted":true,"zone":"base","team":"xp":'
    '{"do":"resolve","label":"Sort","steps":[{"do":"kill","objects":["u1","u2"]},{"do":"start","effect":"e1"},'
    '{"do":"end_turn"},{"do":"end_combat"},{"do":"gain_xp","player":"p1","amount":1},{"do":"spend_xp",'
    '{"do":"buff","object":"u1"},{"do":"swap","objects":["u1","u2"],"duration":"turn"},{"do":"double",'
    '"choices":[{"order":["e1","e2"]},{"effect":"e1","accept":false}],'
    '"title":"Ma situation","description":"Situation construite dans le bac à sable de RiftPal.",'
    '"topic":"couches","players":[{"id":"p1","name":"Joueuse A"},{"id":"p2","name":"Joueur B"}],'
    '"objects":[{"id":"u1","name":"Unité A","printed_power":4,"zone":"battlefield","controller":"p1"},'
    '{"id":"u2","name":"Unité B","printed_power":'
    '"effects":[{"id":"e1","label":"Augmentation","kind":"increase","value":2,"source":"u1","target":"u1",'
    '"since":1},{"id":"e2","label":"Fixer la puissance","kind":"set_power","value":'
    '"kind":"increase_up_to","value":5,"target":"source","since":2},{"id":"e3","label":"'
    '"actions":[{"do":"query","ask":"power","object":"u1"}]'
).encode()


def encode(data: dict) -> str:
    """« 1. » + base64url(zlib(compact JSON), with the version-1 dictionary), without padding.

    The zlib wrapper costs 6 bytes and carries a checksum, so a modified link is detected.
    """
    compressor = zlib.compressobj(9, zlib.DEFLATED, 15, zdict=SHARE_DICTIONARY_V1)
    packed = compressor.compress(canonical_json(data).encode("utf-8")) + compressor.flush()
    return SHARE_VERSION + "." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> dict:
    """The scenario dict of a share code; ShareCodeError (French) for anything unreadable.

    Decompression is bounded, so a small code cannot expand into a huge text (zlib bomb).
    """
    if not isinstance(code, str) or not code.strip():
        raise ShareCodeError("Le lien de partage est vide.")
    code = code.strip()
    if len(code) > MAX_CODE_LENGTH:
        raise ShareCodeError(
            f"Le lien de partage est trop long ({len(code)} caractères ; {MAX_CODE_LENGTH} au maximum)."
        )
    version, dot, body = code.partition(".")
    if not dot:
        raise ShareCodeError(
            "Ce lien de partage est illisible : il ne commence pas par un numéro de version."
        )
    if version != SHARE_VERSION:
        if version.isdigit() and int(version) > int(SHARE_VERSION):
            raise ShareCodeError(
                f"Ce lien vient d'une version plus récente du bac à sable (version {version[:6]}) "
                "que ce site ne sait pas encore lire."
            )
        raise ShareCodeError(
            f"Version de lien inconnue « {version[:10]} » : ce lien ne peut pas être ouvert."
        )
    if not re.fullmatch(r"[A-Za-z0-9_-]+", body):
        raise ShareCodeError(
            "Ce lien de partage contient des caractères inattendus : il a sans doute été modifié ou coupé."
        )
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError(
            "Ce lien de partage est incomplet ou modifié : il ne peut pas être décodé."
        ) from None
    decompressor = zlib.decompressobj(15, zdict=SHARE_DICTIONARY_V1)
    try:
        text = decompressor.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise ShareCodeError(
            "Ce lien de partage est incomplet ou modifié : son contenu est illisible."
        ) from None
    if len(text) > MAX_JSON_BYTES or decompressor.unconsumed_tail:
        raise ShareCodeError("Ce lien de partage décrit une situation trop grande.")
    if not decompressor.eof:
        raise ShareCodeError("Ce lien de partage est coupé : il manque la fin. Copiez-le en entier.")
    if decompressor.unused_data:
        raise ShareCodeError("Ce lien de partage est modifié : il contient des caractères en trop.")
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ShareCodeError(
            "Ce lien de partage est modifié : son contenu n'est pas une situation."
        ) from None
    if not isinstance(data, dict):
        raise ShareCodeError("Ce lien de partage est modifié : son contenu n'est pas une situation.")
    return data


# --------------------------------------------------------------------------- export and run


def to_yaml(data: dict) -> str:
    """The scenario file an editor can paste into the admin (accepted by ``engine.load_scenario``)."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


@dataclass
class Outcome:
    """Everything the page shows for one state of the form."""

    form: Form
    data: dict | None = None
    code: str | None = None
    result: dict | None = None
    engine_error: str | None = None


def run_scenario(data: dict) -> dict:
    """The engine's result for a built scenario (cached by the hash of its canonical JSON)."""
    from django.core.cache import cache

    from examples import player

    key = "sandbox:" + scenario_hash(data)
    result = cache.get(key)
    if result is None:
        result = player.compute(data)
        cache.set(key, result, RESULT_CACHE_SECONDS)
    return result


def evaluate(form: Form, *, run: bool) -> Outcome:
    """Validate the form, build the scenario, check it with the engine and (if asked) resolve it."""
    outcome = Outcome(form=form)
    data, paths = build(form)
    if data is None:
        return outcome
    try:
        engine.load_scenario(data)
    except engine.ScenarioError as exc:
        outcome.engine_error = exc.message
        attach_engine_error(form, exc.message, paths)
        return outcome
    outcome.data = data
    outcome.code = encode(data)
    if run:
        try:
            outcome.result = run_scenario(data)
        except engine.ScenarioError as exc:
            outcome.engine_error = exc.message
        except Exception:  # never a 500 for a learner's situation; the log keeps the engine bug
            logger.exception("engine failure on a sandbox scenario")
            outcome.engine_error = (
                "Le moteur n'a pas réussi à résoudre cette situation. "
                "Simplifiez-la ou signalez-nous le lien de partage."
            )
    return outcome
