"""The sandbox: the learner's situation as submitted form data ⇄ the engine's scenario dict.

Three representations meet here:

* the **form data**: what the learner typed (a ``QueryDict`` keyed like the formsets of ``forms.py``),
  never lost, even when invalid;
* the **scenario dict**: the engine's format (``engine/README.md``), built from valid forms;
* the **share code** (``share.py``).

A shared or shipped scenario is turned into form data and *bound*, so a value the form refuses is shown
next to its field exactly as for a typed one. Timestamps are never typed: an effect's ``since`` comes
from its position in the list of effects.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from django import forms as django_forms
from django.http import QueryDict
from django.utils.text import capfirst

import engine
from engine import scenario as engine_scenario
from engine.kinds import ACTIONS, CONDITIONS, KINDS
from worked_examples import fields as ef

from . import forms as sf
from .share import ShareCodeError, canonical_json, decode, encode, scenario_hash  # noqa: F401 (re-exported)

logger = logging.getLogger(__name__)

RESULT_CACHE_SECONDS = 60 * 60
RAW_MAX = 2000  # characters kept of one raw value
DEFAULT_DESCRIPTION = "Situation construite dans le bac à sable de RiftPal."
# The players as the worked examples name them: a name is the subject of « … conquiert », « … gagne », so never
# « Vous », which the generated French would conjugate in the third person.
PLAYER_NAMES = ("Joueuse A", "Joueur B")
SECTION_ORDER = tuple(sf.SECTIONS)
TOP_FIELDS = ("title", "description", "topic", "turn_player")
ROW_KEY_RE = re.compile(r"^([pboeac])-(\d{1,4})-(.+)$")
MANAGEMENT = ("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS")

Row = dict[str, list[str]]  # one row's submitted fields, by name without the « e-3- » prefix


# --------------------------------------------------------------------------- form data


@dataclass
class FormData:
    """Submitted fields, split into the situation's fields and the rows of each section."""

    top: dict[str, list[str]]
    rows: dict[str, list[Row]]
    notices: list[str] = field(default_factory=list)
    section_errors: dict[str, list[str]] = field(default_factory=dict)

    def to_querydict(self) -> QueryDict:
        q = QueryDict(mutable=True)
        for key, values in self.top.items():
            q.setlist(key, values)
        for prefix, rows in self.rows.items():
            section = sf.SECTIONS[prefix]
            q[f"{prefix}-TOTAL_FORMS"] = str(len(rows))
            q[f"{prefix}-INITIAL_FORMS"] = "0"
            q[f"{prefix}-MIN_NUM_FORMS"] = "0"
            q[f"{prefix}-MAX_NUM_FORMS"] = str(section.limit)
            for i, row in enumerate(rows):
                for key, values in row.items():
                    q.setlist(f"{prefix}-{i}-{key}", values)
        q._mutable = False
        return q


def _clip(value: Any) -> str:
    return str(value)[:RAW_MAX]


def _next_id(rows: list[Row], id_prefix: str, others: list[Row] = ()) -> str:
    """A free id for a new row of ``rows``; ``others`` are rows sharing the same ids (units and battlefields)."""
    taken = {r.get("id", [""])[0] for r in [*rows, *others]}
    n = len(rows) + 1
    while f"{id_prefix}{n}" in taken:
        n += 1
    return f"{id_prefix}{n}"


def split(post) -> FormData:
    """Read submitted fields (a QueryDict) into rows; bound what a hostile post could make huge.

    Rows of an unknown kind are dropped with a notice; a missing, invalid or duplicate hidden id is
    replaced (ids are never typed by the learner).
    """
    data = FormData(top={}, rows={p: [] for p in SECTION_ORDER})
    for key in (*TOP_FIELDS, "lance"):
        if key in post:
            data.top[key] = [_clip(v) for v in post.getlist(key)[:1]]
    buckets: dict[str, dict[int, Row]] = {p: {} for p in SECTION_ORDER}
    for key in list(post.keys())[:5000]:
        m = ROW_KEY_RE.match(key)
        if m:
            values = post.getlist(key)[: sf.MAX_OBJECTS + sf.MAX_EFFECTS]
            buckets[m.group(1)].setdefault(int(m.group(2)), {})[m.group(3)] = [_clip(v) for v in values]
    for prefix, section in sf.SECTIONS.items():
        try:
            total = int(str(post.get(f"{prefix}-TOTAL_FORMS", "0")).strip())
        except ValueError:
            total = 0
        total = max(0, total)
        keep = section.limit + sf.ROW_SLACK
        if total > keep:
            data.notices.append(f"Des lignes au-delà de la limite ({section.limit} {section.plural}) ont été ignorées.")
        rows = data.rows[prefix]
        for i in range(min(total, keep)):
            row = buckets[prefix].get(i, {})
            if section.kind_key:
                kind = (row.get(section.kind_key) or [""])[0]
                if kind not in section.kinds:
                    data.notices.append(f"Un élément de sorte inconnue « {kind[:40]} » ({section.noun}) a été ignoré.")
                    continue
            rows.append(row)
        seen: set[str] = set()
        for row in rows:
            row_id = (row.get("id") or [""])[0]
            if not ef.ID_RE.match(row_id) or row_id in seen:
                row["id"] = [""]
            seen.add(row["id"][0] if row.get("id") else "")
        for row in rows:
            if not (row.get("id") or [""])[0]:
                row["id"] = [_next_id(rows, section.id_prefix)]
    _battlefields_apart(data)
    return data


def _battlefields_apart(data: FormData) -> None:
    """Battlefields are the board's rows (``b``), units the ``o`` rows, and they share one set of ids.

    A page served before the board existed posts its battlefields as units of type « battlefield »:
    they are moved to the board, with their controller (an old form's posts still open the same situation).
    """
    units = data.rows["o"]
    moved = [r for r in units if (r.get("type") or [""])[0] == "battlefield"]
    if moved:
        data.rows["o"] = [r for r in units if r not in moved]
        for r in moved:
            data.rows["b"].append({k: r[k] for k in ("id", "name", "controller") if k in r})
    taken = {(r.get("id") or [""])[0] for r in data.rows["b"]}
    for row in data.rows["o"]:
        if row["id"][0] in taken:
            row["id"] = [_next_id(data.rows["o"], sf.SECTIONS["o"].id_prefix, data.rows["b"])]
        taken.add(row["id"][0])


def pools_of(data: FormData) -> ef.Pools:
    """The rows other rows may name, with the names the learner typed."""

    def first(row: Row, key: str) -> str:
        return (row.get(key) or [""])[0]

    battlefields = [(first(r, "id"), first(r, "name").strip() or first(r, "id")) for r in data.rows["b"]]
    units = [(first(r, "id"), first(r, "name").strip() or first(r, "id")) for r in data.rows["o"]]
    objects = units + battlefields
    return ef.Pools(
        players=[(first(r, "id"), first(r, "name").strip() or first(r, "id")) for r in data.rows["p"]],
        objects=objects,
        effects=[(first(r, "id"), first(r, "label").strip() or first(r, "id")) for r in data.rows["e"]],
        actions=[
            (first(r, "id"), f"Action {i + 1} : {ACTIONS[first(r, 'do')][0]}") for i, r in enumerate(data.rows["a"])
        ],
        battlefields=battlefields,
    )


def row_form(prefix: str, kind: str, pools: ef.Pools) -> sf.RowForm:
    """An unbound form of a section, for its list of fields."""
    return sf.SECTIONS[prefix].form(pools=pools, kind=kind)


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
        return [_raw(x) for x in value[: sf.MAX_OBJECTS + sf.MAX_EFFECTS]]
    return [] if value is None else [_raw(value)]


def raw_fields(name: str, f: django_forms.Field, value: Any) -> dict[str, list[str]]:
    """What a browser would submit for ``value`` in field ``f`` (the inverse of the widget's reading)."""
    if isinstance(f, ef.SlotsField):
        items = _raw_list(value)
        if len(items) > len(f.fields):
            raise ValueError("too many")
        items += [""] * (len(f.fields) - len(items))
        return {f"{name}_{n}": [x] for n, x in enumerate(items)}
    if isinstance(f, ef.TriStateField):
        return {name: ["" if value is None else "1" if value is True else "0" if value is False else _raw(value)]}
    if isinstance(f, django_forms.BooleanField):
        return {name: ["1"]} if value is True else {}
    if isinstance(f, django_forms.MultipleChoiceField):
        return {name: _raw_list(value)}
    if isinstance(f, ef.KeywordsField):
        return {name: [", ".join(_raw_list(value)) if isinstance(value, (list, tuple)) else _raw(value)]}
    return {name: [_raw(value)]}


def put_row(prefix: str, kind: str, values: dict[str, Any], pools: ef.Pools, row_id: str) -> Row:
    row: Row = {"id": [row_id]}
    section = sf.SECTIONS[prefix]
    if section.kind_key:
        row[section.kind_key] = [kind]
    for name, f in row_form(prefix, kind, pools).fields.items():
        if name != "id":
            row.update(raw_fields(name, f, values.get(name)))
    return row


# --------------------------------------------------------------------------- scenario -> form data (import)


def _dicts(value: Any, limit: int) -> list[dict]:
    if not isinstance(value, list):
        return []
    return [x for x in value[: limit + sf.ROW_SLACK] if isinstance(x, dict)]


def _unrepresented(notices: list[str], d: dict, known: set[str], what: str) -> None:
    """Report the keys of a scenario the form cannot show, so nothing disappears silently."""
    for key in d:
        if key not in known:
            notices.append(f"{what} : le champ « {_raw(key)[:30]} » n'est pas repris par le bac à sable.")


def data_from_scenario(scenario: Any) -> FormData:
    """The form data of a scenario dict (a worked example, a share code, a preset). Never raises.

    Whatever cannot be represented is reported in ``notices``; invalid values are kept as raw text so
    that validation shows them next to their field.
    """
    notices: list[str] = []
    if not isinstance(scenario, dict):
        data = data_from_scenario(EMPTY_SCENARIO)
        data.notices.insert(0, "Le contenu n'est pas une situation : le bac à sable repart de zéro.")
        return data
    description = _raw(scenario.get("description", ""))
    top = {
        "title": [_raw(scenario.get("title", "Ma situation"))],
        "description": ["" if description == DEFAULT_DESCRIPTION else description],
        "topic": [_raw(scenario.get("topic", "couches"))],
        "turn_player": [_raw(scenario.get("turn_player", ""))],
    }
    if not top["turn_player"][0] and isinstance(scenario.get("players"), list) and scenario["players"]:
        first = scenario["players"][0]
        top["turn_player"] = [_raw(first.get("id", "")) if isinstance(first, dict) else ""]
    _unrepresented(notices, scenario, set(engine_scenario.TOP_LEVEL_KEYS) - {"mode", "victory_score"}, "Situation")
    if scenario.get("mode") not in (None, "duel") or "victory_score" in scenario:
        notices.append("Le mode de jeu et le score de victoire ne sont pas repris : le bac à sable joue un duel.")
    players = _dicts(scenario.get("players"), sf.MAX_PLAYERS)
    objects = _dicts(scenario.get("objects"), sf.MAX_OBJECTS)
    effects = _effects_in_order(_dicts(scenario.get("effects"), sf.MAX_EFFECTS), notices)
    actions = _flatten_actions(_dicts(scenario.get("actions"), sf.MAX_ACTIONS), notices)
    pools = ef.Pools(
        players=[(_raw(p.get("id")), _raw(p.get("name"))) for p in players],
        objects=[(_raw(o.get("id")), _raw(o.get("name"))) for o in objects],
        effects=[(_raw(e.get("id")), _raw(e.get("label"))) for e, _t, _s in effects],
        actions=[(a_id, ACTIONS[a["do"]][0]) for a, a_id, _top in actions],
        battlefields=[(_raw(o.get("id")), _raw(o.get("name"))) for o in objects if o.get("type") == "battlefield"],
    )
    rows: dict[str, list[Row]] = {p: [] for p in SECTION_ORDER}
    for p in players:
        what = f"Joueur « {_raw(p.get('name'))[:40]} »"
        fields = row_form("p", "", pools).fields
        _unrepresented(notices, p, set(fields), what)
        values = {k: p.get(k, _default(sf.PLAYER_FIELDS, k)) for k in fields}
        rows["p"].append(put_row("p", "", values, pools, _raw(p.get("id", ""))))
    for o in objects:
        typ = o.get("type", "unit")
        if typ == "battlefield":
            what = f"Champ de bataille « {_raw(o.get('name'))[:40]} »"
            fields = row_form("b", "", pools).fields
            _unrepresented(notices, o, set(fields) | {"type", "zone"}, what)
            if o.get("zone", "battlefield") != "battlefield":
                notices.append(f"{what} : un champ de bataille est toujours dans la zone des champs de bataille.")
            values = {"name": o.get("name"), "controller": o.get("controller")}
            rows["b"].append(put_row("b", "", values, pools, _raw(o.get("id", ""))))
            continue
        fields = row_form("o", "", pools).fields
        _unrepresented(notices, o, set(fields) | {"since"}, f"Unité « {_raw(o.get('name'))[:40]} »")
        values = {k: o.get(k, _default(sf.OBJECT_FIELDS, k)) for k in fields}
        values.update(
            type=typ,
            zone=o.get("zone", "base"),
            printed_power=o.get("printed_power", 0),
            controller=o.get("controller") or (_raw(players[0].get("id")) if players else None),
        )
        if o.get("since") not in (None, 0):
            notices.append(f"L'horodatage d'arrivée de « {_raw(o.get('name'))} » n'est pas repris.")
        rows["o"].append(put_row("o", "", values, pools, _raw(o.get("id", ""))))
    for e, _timestamped, same_time in effects:
        kind = e["kind"]
        cond = e.get("condition") if isinstance(e.get("condition"), dict) else {}
        what = f"Effet « {_raw(e.get('label'))[:40]} »"
        fields = row_form("e", kind, pools).fields
        params = {p.name: p for p in KINDS[kind].params}
        _unrepresented(notices, e, {"id", "kind", "since", "starts", "targets", "condition"} | set(fields), what)
        _unrepresented(notices, cond, set(CONDITIONS), what + " (condition)")
        values: dict[str, Any] = {}
        for name in fields:
            if name.startswith("cond_"):
                values[name] = cond.get(name[5:])
            elif name in params:
                param = params[name]
                values[name] = e.get(name, param.default)
            else:
                values[name] = e.get(name)
        values["starts_later"] = e.get("starts") == "later"
        values["same_time"] = same_time
        values["duration"] = e.get("duration", "permanent")
        if e.get("targets"):
            notices.append(
                f"L'effet « {_raw(e.get('label'))} » vise plusieurs cibles (targets) : "
                "le bac à sable n'en garde que la première."
            )
            values["target"] = values.get("target") or (_raw_list(e["targets"]) or [""])[0]
        try:
            rows["e"].append(put_row("e", kind, values, pools, _raw(e.get("id", ""))))
        except ValueError:
            notices.append(f"{what} : sa liste de conséquences est réduite aux {ef.PRODUCE_SLOTS} premières.")
            values["produce"] = list(values.get("produce") or [])[: ef.PRODUCE_SLOTS]
            rows["e"].append(put_row("e", kind, values, pools, _raw(e.get("id", ""))))
    top_ids: list[str] = [a_id for _a, a_id, top_level in actions if top_level]
    for a, a_id, top_level in actions:
        name = a["do"]
        fields = row_form("a", name, pools).fields
        params = {p.name: p for p in ACTIONS[name][1]}
        _unrepresented(notices, a, {"do", "steps", "effect"} | set(fields), f"Action « {ACTIONS[name][0]} »")
        values = {}
        for key in fields:
            if name == "start" and key == "effects":
                values[key] = a.get("effects") or ([a["effect"]] if a.get("effect") is not None else [])
            elif key in params:
                values[key] = a.get(key, params[key].default)
            else:
                values[key] = a.get(key)
        values["in_spell"] = not top_level
        rows["a"].append(put_row("a", name, values, pools, a_id))
    for c in _dicts(scenario.get("choices"), sf.MAX_CHOICES):
        action = c.get("action")
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < len(top_ids):
            action = top_ids[action]
        kind = next((k for k in ("assign", "combat_first", "play", "order", "effect") if k in c), "")
        kind = {"effect": "accept"}.get(kind, kind)
        if kind not in sf.CHOICE_TYPES:
            notices.append("Un choix que le bac à sable ne sait pas encore montrer a été ignoré.")
            continue
        fields = set(row_form("c", kind, pools).fields) | {"note"}
        _unrepresented(notices, c, fields | ({"order", "effect"} if kind in ("order", "accept") else set()), "Choix")
        if kind in ("assign", "combat_first", "play"):
            values = {**c, "action": action}
            try:
                rows["c"].append(put_row("c", kind, values, pools, ""))
            except ValueError:
                notices.append(f"Une répartition de plus de {ef.PRODUCE_SLOTS} unités a été ignorée.")
        elif kind == "order":
            order = _raw_list(c.get("order"))
            if len(order) > 2:
                notices.append("Un ordre de plus de deux remplacements est réduit aux deux premiers.")
            values = {"first": order[0] if order else "", "then": order[1] if len(order) > 1 else "", "action": action}
            rows["c"].append(put_row("c", "order", values, pools, ""))
        else:
            values = {"effect": c.get("effect"), "accept": c.get("accept", True) is True, "action": action}
            rows["c"].append(put_row("c", "accept", values, pools, ""))
    if not rows["p"]:
        rows["p"].append(put_row("p", "", {"name": PLAYER_NAMES[0]}, pools, "p1"))
    post = FormData(top=top, rows=rows).to_querydict()
    data = split(post)  # repairs ids exactly as for a submitted form
    data.notices = notices + data.notices
    return data


def _default(fields: dict, key: str) -> Any:
    """The engine's default for a field of a player or an object (``live_state.py``), when it has a plain one."""
    f = fields.get(key)
    default = getattr(f, "default", None) if f is not None else None
    return default if isinstance(default, (int, str)) and not isinstance(default, bool) else None


def _effects_in_order(effects: list[dict], notices: list[str]) -> list[tuple[dict, bool, bool]]:
    """Effects ordered by timestamp (an effect without one stays right after the one it followed),
    each with whether it has a timestamp and whether it shares the one of the effect above."""
    keyed = []
    last = -1
    for n, e in enumerate(effects):
        kind = e.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            notices.append(f"Un effet de sorte inconnue « {_raw(kind)[:40]} » a été ignoré.")
            continue
        since = e.get("since")
        timestamped = isinstance(since, int) and not isinstance(since, bool) and e.get("starts") != "later"
        if timestamped:
            last = since
        keyed.append(((since if timestamped else last), n, e, timestamped))
    keyed.sort(key=lambda k: (k[0], k[1]))
    out = []
    previous = None
    for _key, _n, e, timestamped in keyed:
        same = timestamped and previous is not None and e.get("since") == previous
        out.append((e, timestamped, same))
        if timestamped and KINDS[e["kind"]].category == "continuous":
            previous = e.get("since")
    return out


def _flatten_actions(actions: list[dict], notices: list[str]) -> list[tuple[dict, str, bool]]:
    """Actions as rows: a spell, then its instructions (marked « instruction du sort »)."""
    out: list[tuple[dict, str, bool]] = []

    def known(a: dict) -> bool:
        if isinstance(a.get("do"), str) and a["do"] in ACTIONS:
            return True
        notices.append(f"Une action inconnue « {_raw(a.get('do'))[:40]} » a été ignorée.")
        return False

    for a in actions:
        if not known(a):
            continue
        out.append((a, f"a{len(out) + 1}", True))
        if sf.container(a["do"]):
            for step in _dicts(a.get("steps"), engine_scenario.MAX_STEPS_IN_RESOLVE):
                if known(step):
                    out.append((step, f"a{len(out) + 1}", False))
    return out


# --------------------------------------------------------------------------- operations (buttons)


def _player_name(rows: list[Row]) -> str:
    used = {(r.get("name") or [""])[0] for r in rows}
    names = [*PLAYER_NAMES, *(f"Joueur {letter}" for letter in "CDEFGHIJKL")]
    return next(name for name in names if name not in used)


def new_row(data: FormData, prefix: str, kind: str) -> Row:
    """A row as « Ajouter » makes it: valid at once, named so it is told apart from the others."""
    pools = pools_of(data)
    rows = data.rows[prefix]
    values: dict[str, Any] = {}
    first_player = pools.players[0][0] if pools.players else None
    first_object = pools.objects[0][0] if pools.objects else None
    first_effect = pools.effects[0][0] if pools.effects else None
    if prefix == "p":
        values = {k: _default(sf.PLAYER_FIELDS, k) for k in sf.PLAYER_FIELDS}
        values["name"] = _player_name(rows)
    elif prefix == "b":
        # Nobody controls a new battlefield until the learner says who does (R. 190.2.b).
        used = {(r.get("name") or [""])[0] for r in rows}
        values = {"name": next(f"Champ de bataille {n}" for n in range(1, 99) if f"Champ de bataille {n}" not in used)}
    elif prefix == "o":
        used = {(r.get("name") or [""])[0] for r in rows}
        letters = [f"Unité {chr(ord('A') + k)}" for k in range(26)] + [f"Unité {k}" for k in range(27, 60)]
        # A new unit waits in its player's base; with no battlefield on the board it stands on « the »
        # battlefield, the single place of situations that have none.
        values = {
            "name": next(n for n in letters if n not in used),
            "type": "unit",
            "printed_power": 0,
            "cost": 0,
            "zone": "base" if pools.battlefields else "battlefield",
            "controller": first_player,
        }
    elif prefix == "e":
        used = {(r.get("label") or [""])[0] for r in rows}
        label, n = KINDS[kind].label, 2
        while label in used:
            label, n = f"{KINDS[kind].label} {n}", n + 1
        values = {p.name: ef.default_of(p, pools) for p in KINDS[kind].params}
        values.update(label=label, duration="permanent")
        if KINDS[kind].category == "continuous":
            values["target"] = first_object
    elif prefix == "a":
        values = {p.name: ef.default_of(p, pools) for p in ACTIONS[kind][1]}
        if kind == "start":
            values["effects"] = [first_effect] if first_effect else []
    elif prefix == "c":
        values = {
            "first": first_effect,
            "effect": first_effect,
            "combat_first": pools.battlefields[0][0] if pools.battlefields else None,
        }
    others = data.rows[{"o": "b", "b": "o"}[prefix]] if prefix in ("o", "b") else []
    return put_row(prefix, kind, values, pools, _next_id(rows, sf.SECTIONS[prefix].id_prefix, others))


@dataclass
class OpResult:
    """Where the learner lands after pressing a button: the element to focus, the row to scroll to."""

    focus: str | None = None
    anchor: str | None = None
    added: tuple[str, int] | None = None  # (section prefix, row index) of the row « Ajouter » just made


def field_id(prefix: str, index: int, name: str) -> str:
    return f"sb-{prefix}-{index}-{name}"


def row_id(prefix: str, index: int) -> str:
    return f"sb-{prefix}-{index}"


def first_field(data: FormData, prefix: str, index: int) -> str:
    row = data.rows[prefix][index]
    kind_key = sf.SECTIONS[prefix].kind_key
    kind = (row.get(kind_key) or [""])[0] if kind_key else ""
    form = row_form(prefix, kind, pools_of(data))
    name = next(bf.name for bf in form.visible_fields())
    return field_id(prefix, index, name)


def apply_op(data: FormData, op: str, post=None) -> OpResult:
    """Apply one button of the form (add, delete, move up or down) to the rows. Unknown ones do nothing.

    Ops: ``add:p``, ``add:b`` (a battlefield), ``add:o``, ``add:e`` (kind in ``new_kind``), ``add:a`` (action in
    ``new_action``), ``add:c-order``, ``add:c-accept``, ``del:e-2``, ``up:e-2``, ``down:e-2``.
    """
    op = str(op or "")[:40]
    post = post if post is not None else {}
    if op.startswith("add:"):
        what = op[4:]
        prefix, kind = what[:1], ""
        if what.startswith("c-"):
            kind = what[2:]
        elif what == "e":
            kind = str(post.get("new_kind", ""))
        elif what == "a":
            kind = str(post.get("new_action", ""))
        elif what not in ("p", "b", "o") or prefix == "c":
            return OpResult()
        section = sf.SECTIONS[prefix]
        if section.kind_key and kind not in section.kinds:
            if prefix == "c":
                return OpResult()
            select = "sb-new-kind" if prefix == "e" else "sb-new-action"
            data.section_errors.setdefault(prefix, []).append(
                "Choisissez une sorte d'effet dans la liste."
                if prefix == "e"
                else "Choisissez une action dans la liste."
            )
            return OpResult(focus=select, anchor=f"sb-section-{prefix}")
        rows = data.rows[prefix]
        if len(rows) >= section.limit:
            data.section_errors.setdefault(prefix, []).append(
                f"Limite atteinte : {section.limit} {section.plural} au maximum."
            )
            return OpResult(focus=f"sb-add-{prefix}", anchor=f"sb-section-{prefix}")
        rows.append(new_row(data, prefix, kind))
        index = len(rows) - 1
        return OpResult(focus=first_field(data, prefix, index), anchor=row_id(prefix, index), added=(prefix, index))
    m = re.fullmatch(r"(del|up|down):([poeac])-(\d{1,4})", op)
    if not m:
        return OpResult()
    verb, prefix, index = m.group(1), m.group(2), int(m.group(3))
    rows = data.rows[prefix]
    if index >= len(rows):
        return OpResult()
    if verb == "del":
        if prefix == "p" and len(rows) == 1:
            data.section_errors.setdefault("p", []).append("Il faut au moins un joueur.")
            return OpResult(focus=row_id(prefix, 0), anchor=row_id(prefix, 0))
        del rows[index]
        if not rows:
            return OpResult(focus=f"sb-add-{prefix}", anchor=f"sb-section-{prefix}")
        neighbour = min(index, len(rows) - 1)
        return OpResult(focus=row_id(prefix, neighbour), anchor=row_id(prefix, neighbour))
    if not sf.SECTIONS[prefix].movable:
        return OpResult()
    new = index - 1 if verb == "up" else index + 1
    if 0 <= new < len(rows):
        rows[index], rows[new] = rows[new], rows[index]
    else:
        new = index
    return OpResult(focus=f"sb-{prefix}-{new}-{verb}", anchor=row_id(prefix, new))


# --------------------------------------------------------------------------- the bound forms -> scenario


class Sandbox:
    """Every form of the page, bound to the same data; ``build`` validates them and makes the scenario."""

    def __init__(self, data: FormData):
        self.data = data
        self.section_errors = {prefix: list(messages) for prefix, messages in data.section_errors.items()}
        self.pools = pools_of(data)
        query = data.to_querydict()
        self.situation = sf.SituationForm(query, pools=self.pools)
        self.formsets = {p: sf.FORMSETS[p](query, prefix=p, pools=self.pools) for p in SECTION_ORDER}
        self.paths: list[tuple[tuple, str, int]] = []  # (path in the scenario, section prefix, row index)

    def has_errors(self) -> bool:
        return bool(self.errors())

    def errors(self) -> list[dict]:
        """Every message of the page, each with the id of the field (or row) it is shown next to."""
        out = []
        for name, messages in self.situation.errors.items():
            out += [{"href": f"#sb-{name}", "text": m} for m in messages]
        for prefix, formset in self.formsets.items():
            section = sf.SECTIONS[prefix]
            for m in [*self.section_errors.get(prefix, []), *formset.non_form_errors()]:
                out.append({"href": f"#sb-section-{prefix}", "text": m})
            for i, form in enumerate(formset.forms):
                for name, messages in form.errors.items():
                    href = f"#{row_id(prefix, i)}" if name == "__all__" else f"#{form[name].auto_id}"
                    if name != "__all__" and isinstance(form.fields[name].widget, (ef.SlotsWidget,)):
                        href = f"#{form[name].auto_id}_0"
                    out += [{"href": href, "text": f"{capfirst(section.noun)} {i + 1} : {m}"} for m in messages]
        return out

    def build(self) -> dict | None:
        """Validate every form; the scenario dict (engine format), or None when a field is wrong."""
        valid = self.situation.is_valid()
        for formset in self.formsets.values():
            valid = formset.is_valid() and valid
        if not valid:
            return None
        s = self.situation.cleaned_data
        players_rows = self.formsets["p"].forms
        if not players_rows:
            self.section_errors["p"] = ["Il faut au moins un joueur."]
            return None
        data: dict[str, Any] = {
            "title": s["title"],
            "description": s["description"] or DEFAULT_DESCRIPTION,
            "topic": s["topic"],
        }
        data["players"] = [self._player(i, f.cleaned_data) for i, f in enumerate(players_rows)]
        if s["turn_player"] and s["turn_player"] != players_rows[0].cleaned_data["id"]:
            data["turn_player"] = s["turn_player"]
        # The board first: its battlefields, then the units and other objects.
        fields = [("b", i, f.cleaned_data) for i, f in enumerate(self.formsets["b"].forms)]
        fields += [("o", i, f.cleaned_data) for i, f in enumerate(self.formsets["o"].forms)]
        data["objects"] = [self._object(n, prefix, i, v) for n, (prefix, i, v) in enumerate(fields)]
        data["effects"] = self._effects()
        data["actions"], action_index = self._actions()
        choices = self._choices(action_index)
        if choices:
            data["choices"] = choices
        if any(f.errors for fs in self.formsets.values() for f in fs.forms):
            return None
        return data

    def _player(self, i: int, v: dict) -> dict:
        self.paths.append((("players", i), "p", i))
        p: dict[str, Any] = {"id": v["id"], "name": v["name"]}
        for key, value in v.items():
            if key not in ("id", "name") and not _empty(value) and value != _default(sf.PLAYER_FIELDS, key):
                p[key] = value
        return p

    def _object(self, n: int, prefix: str, i: int, v: dict) -> dict:
        self.paths.append((("objects", n), prefix, i))
        o: dict[str, Any] = {"id": v["id"], "name": v["name"]}
        if prefix == "b":
            return {**o, "type": "battlefield", **({"controller": v["controller"]} if v["controller"] else {})}
        for key, value in v.items():
            if key in ("id", "name") or (key == "type" and value == "unit"):
                continue
            if key in ("zone", "controller") and value is not None:
                o[key] = value
            elif key == "printed_power" and v["type"] in ("unit", "token"):
                o[key] = value
            elif not _empty(value) and value != _default(sf.OBJECT_FIELDS, key):
                o[key] = value
        return o

    def _effects(self) -> list[dict]:
        effects = []
        clock = 0
        for i, form in enumerate(self.formsets["e"].forms):
            v = form.cleaned_data
            kind = KINDS[form.kind]
            e: dict[str, Any] = {"id": v["id"], "label": v["label"], "kind": form.kind}
            for p in kind.params:
                value = v.get(p.name)
                if p.type == "produce":
                    if value:
                        e[p.name] = value
                elif value is None or (not p.required and value == p.default):
                    continue
                else:
                    e[p.name] = value
            for key in ("source", "target"):
                if v.get(key):
                    e[key] = v[key]
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
            self.paths.append((("effects", i), "e", i))
        return effects

    def _actions(self) -> tuple[list[dict], dict[str, int]]:
        actions: list[dict] = []
        action_index: dict[str, int] = {}
        spell: dict | None = None
        spells: list[tuple[dict, sf.RowForm]] = []
        for i, form in enumerate(self.formsets["a"].forms):
            v = form.cleaned_data
            name = form.kind
            a: dict[str, Any] = {"do": name}
            for p in ACTIONS[name][1]:
                if name == "start" and p.name == "effects":
                    value = v.get("effects") or []
                    if len(value) == 1:
                        a["effect"] = value[0]
                    elif value:
                        a["effects"] = value
                    continue
                value = v.get(p.name)
                if p.name not in form.fields or value is None or value == "":
                    continue
                if not p.required and value == p.default:
                    continue
                a[p.name] = value
            if v.get("note"):
                a["note"] = v["note"]
            if v.get("in_spell"):
                if spell is None:
                    form.add_error("in_spell", "Aucun sort au-dessus : ajoutez d'abord l'action « Résoudre un sort ».")
                    continue
                self.paths.append((("actions", len(actions) - 1, "steps", len(spell["steps"])), "a", i))
                spell["steps"].append(a)
                continue
            if sf.container(name):
                a["steps"] = []
                spell = a
                spells.append((a, form))
            else:
                spell = None
            action_index[v["id"]] = len(actions)
            self.paths.append((("actions", len(actions)), "a", i))
            actions.append(a)
        for a, form in spells:
            if not a["steps"]:
                form.add_error(
                    None,
                    "Ce sort n'a aucune instruction : ajoutez des actions en dessous et cochez "
                    "« Instruction du sort au-dessus ».",
                )
        return actions, action_index

    def _choices(self, action_index: dict[str, int]) -> list[dict]:
        choices = []
        for i, form in enumerate(self.formsets["c"].forms):
            v = form.cleaned_data
            c: dict[str, Any]
            if form.kind == "order":
                c = {"order": [x for x in (v["first"], v["then"]) if x]}
            elif form.kind == "accept":
                c = {"effect": v["effect"], "accept": bool(v["accept"])}
            elif form.kind == "assign":
                c = {"assign": v["assign"], **({"by": v["by"]} if v.get("by") else {})}
            elif form.kind == "combat_first":
                c = {"combat_first": v["combat_first"]}
            else:
                c = {"play": bool(v["play"])}
            if v.get("action"):
                if v["action"] not in action_index:
                    form.add_error("action", "Cette action est une instruction de sort : choisissez le sort lui-même.")
                    continue
                c["action"] = action_index[v["action"]]
            self.paths.append((("choices", len(choices)), "c", i))
            choices.append(c)
        return choices

    def set_aside(self, prefix: str, index: int) -> bool:
        """Forget the messages of a row the learner has not filled in yet (« Ajouter » just made it): a choice
        still to make is not an error before they could make it. True if the row had any."""
        forms = self.formsets[prefix].forms
        if index >= len(forms) or not forms[index].errors:
            return False
        forms[index].errors.clear()
        return True

    def attach_engine_error(self, error: engine.ScenarioError) -> bool:
        """Show an engine error next to the row (and field) its path names: the innermost row whose path starts
        the error's. True if a row was found."""
        for path, prefix, index in sorted(self.paths, key=lambda entry: -len(entry[0])):
            if error.path[: len(path)] != path:
                continue
            form = self.formsets[prefix].forms[index]
            rest = error.path[len(path):]
            key = rest[0] if rest and isinstance(rest[0], str) else None
            if key == "effect" and form.kind == "start":
                key = "effects"
            form.add_error(key if key in form.fields else None, f"Le moteur refuse : {error.reason}")
            return True
        return False


def _empty(value: Any) -> bool:
    return value is None or value is False or value == "" or value == []


# --------------------------------------------------------------------------- starting points

EMPTY_SCENARIO: dict = {
    "title": "Ma situation",
    "description": "",
    "topic": "couches",
    "players": [{"id": "p1", "name": PLAYER_NAMES[0]}],
}
# A new sandbox opens on the board of a duel: two players (each with a base) and two battlefields that
# nobody controls yet (R. 190.2.b); the learner says who controls which, and adds units to the bases.
BOARD_SCENARIO: dict = {
    "title": "Ma situation",
    "description": "",
    "topic": "combat",
    "players": [{"id": "p1", "name": PLAYER_NAMES[0]}, {"id": "p2", "name": PLAYER_NAMES[1]}],
    "objects": [
        {"id": "bf1", "name": "Champ de bataille 1", "type": "battlefield"},
        {"id": "bf2", "name": "Champ de bataille 2", "type": "battlefield"},
    ],
}


def empty_data() -> FormData:
    """One player and nothing else: where an unreadable link starts again, and the tests' blank page."""
    return data_from_scenario(EMPTY_SCENARIO)


def board_data() -> FormData:
    """What a new sandbox opens on: the board of a duel."""
    return data_from_scenario(BOARD_SCENARIO)


# --------------------------------------------------------------------------- the board at a glance


def board_view(data: FormData) -> dict:
    """The board as typed (even half-typed): each player's base and each battlefield with its controller and
    the units there, every unit linking to its row. Read from the raw fields, so it never fails."""

    def first(row: Row, key: str) -> str:
        return (row.get(key) or [""])[0].strip()

    players = {first(r, "id"): first(r, "name") or first(r, "id") for r in data.rows["p"]}
    battlefields = [
        (first(r, "id"), first(r, "name") or first(r, "id"), first(r, "controller")) for r in data.rows["b"]
    ]
    bases: dict[str, list[dict]] = {pid: [] for pid in players}
    fields: dict[str, list[dict]] = {bid: [] for bid, _n, _c in battlefields}
    elsewhere: list[dict] = []
    for i, r in enumerate(data.rows["o"]):
        power = first(r, "printed_power")
        owner = players.get(first(r, "controller"), "")
        unit = {
            "name": first(r, "name") or f"Unité {i + 1}",
            "power": power if first(r, "type") in ("unit", "token", "") else "",
            "player": owner,
            "href": f"#{row_id('o', i)}",
        }
        zone, at = first(r, "zone"), first(r, "at")
        if zone == "base" and first(r, "controller") in bases:
            bases[first(r, "controller")].append(unit)
        elif zone == "battlefield" and (at in fields or (not at and len(fields) == 1)):
            fields[at or next(iter(fields))].append(unit)
        else:
            unit["where"] = ef.ZONE_LABELS.get(zone, zone) if zone else ""
            elsewhere.append(unit)
    return {
        "bases": [{"player": name, "units": bases[pid]} for pid, name in players.items()],
        "battlefields": [
            {
                "name": name,
                "controller": players.get(controller) if controller else None,
                "units": fields[bid],
                "href": f"#{row_id('b', i)}",
            }
            for i, (bid, name, controller) in enumerate(battlefields)
        ],
        "elsewhere": elsewhere,
    }


# --------------------------------------------------------------------------- export and run


def to_yaml(data: dict) -> str:
    """The scenario file an editor can paste into the admin (accepted by ``engine.load_scenario``)."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def run_scenario(data: dict) -> dict:
    """The engine's result for a built scenario (cached by the hash of its canonical JSON)."""
    from django.core.cache import cache

    from worked_examples import player

    key = "sandbox:" + scenario_hash(data)
    result = cache.get(key)
    if result is None:
        result = player.compute(data)
        cache.set(key, result, RESULT_CACHE_SECONDS)
    return result


@dataclass
class Outcome:
    """Everything the page shows for one state of the form."""

    sandbox: Sandbox
    data: dict | None = None
    code: str | None = None
    result: dict | None = None
    engine_error: str | None = None


def evaluate(sandbox: Sandbox, *, run: bool) -> Outcome:
    """Validate the forms, build the scenario, check it with the engine and (if asked) resolve it."""
    outcome = Outcome(sandbox=sandbox)
    data = sandbox.build()
    if data is None:
        return outcome
    try:
        engine.load_scenario(data)
    except engine.ScenarioError as exc:
        outcome.engine_error = exc.message
        sandbox.attach_engine_error(exc)
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


def scenario_of(data: FormData) -> dict | None:
    """The scenario dict the forms make of this data (None when a field is wrong)."""
    return Sandbox(data).build()
