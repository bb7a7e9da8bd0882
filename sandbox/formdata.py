"""The sandbox's form data: what the learner typed, kept as submitted (never lost, even when invalid), split
into the situation's fields and the rows of each section, and turned back into bound row forms."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from django import forms as django_forms
from django.http import QueryDict

from engine.kinds import ACTIONS
from engine.vocab import ObjectType
from worked_examples import fields as ef

from . import forms as sf

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


def next_id(rows: list[Row], id_prefix: str, others: list[Row] = ()) -> str:
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
                row["id"] = [next_id(rows, section.id_prefix)]
    _battlefields_apart(data)
    return data


def _battlefields_apart(data: FormData) -> None:
    """Battlefields are the board's rows (``b``), units the ``o`` rows, and they share one set of ids.

    A page served before the board existed posts its battlefields as units of type « battlefield »:
    they are moved to the board, with their controller (an old form's posts still open the same situation).
    """
    units = data.rows["o"]
    moved = [r for r in units if (r.get("type") or [""])[0] == ObjectType.BATTLEFIELD]
    if moved:
        data.rows["o"] = [r for r in units if r not in moved]
        for r in moved:
            data.rows["b"].append({k: r[k] for k in ("id", "name", "controller") if k in r})
    taken = {(r.get("id") or [""])[0] for r in data.rows["b"]}
    for row in data.rows["o"]:
        if row["id"][0] in taken:
            row["id"] = [next_id(data.rows["o"], sf.SECTIONS["o"].id_prefix, data.rows["b"])]
        taken.add(row["id"][0])


def pools_of(data: FormData) -> ef.Pools:
    """The rows other rows may name, with the names the learner typed."""

    def first(row: Row, key: str) -> str:
        return (row.get(key) or [""])[0]

    def unit_name(row: Row) -> str:
        card = sf.card_values(first(row, "card"))
        return card["name"] if card else first(row, "name").strip() or first(row, "id")

    battlefields = [(first(r, "id"), unit_name(r)) for r in data.rows["b"]]
    units = numbered([(first(r, "id"), unit_name(r)) for r in data.rows["o"]])
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


def numbered(options: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Options whose names repeat (two copies of a card) told apart in the lists: « Noxus Hopeful (2) »."""
    counts: dict[str, int] = {}
    for _id, name in options:
        counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for option_id, name in options:
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} ({seen[name]})"
        out.append((option_id, name))
    return out


def row_form(prefix: str, kind: str, pools: ef.Pools) -> sf.RowForm:
    """An unbound form of a section, for its list of fields."""
    return sf.SECTIONS[prefix].form(pools=pools, kind=kind)


def raw_value(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, str)):
        return _clip(value)
    if isinstance(value, float) and value.is_integer():
        return _clip(int(value))
    return _clip(json.dumps(value, ensure_ascii=False)) if value is not None else ""


def raw_values(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [raw_value(x) for x in value[: sf.MAX_OBJECTS + sf.MAX_EFFECTS]]
    return [] if value is None else [raw_value(value)]


def raw_fields(name: str, f: django_forms.Field, value: Any) -> dict[str, list[str]]:
    """What a browser would submit for ``value`` in field ``f`` (the inverse of the widget's reading)."""
    if isinstance(f, ef.SlotsField):
        items = raw_values(value)
        if len(items) > len(f.fields):
            raise ValueError("too many")
        items += [""] * (len(f.fields) - len(items))
        return {f"{name}_{n}": [x] for n, x in enumerate(items)}
    if isinstance(f, ef.TriStateField):
        return {name: ["" if value is None else "1" if value is True else "0" if value is False else raw_value(value)]}
    if isinstance(f, django_forms.BooleanField):
        return {name: ["1"]} if value is True else {}
    if isinstance(f, django_forms.MultipleChoiceField):
        return {name: raw_values(value)}
    if isinstance(f, sf.KeywordCostsField):
        return {name: [raw_value(sf.costs_text(value))]}
    if isinstance(f, ef.IndicesField):
        return {name: [", ".join(raw_values(value))]}
    if isinstance(f, ef.KeywordsField):
        return {name: [", ".join(raw_values(value)) if isinstance(value, (list, tuple)) else raw_value(value)]}
    return {name: [raw_value(value)]}


def put_row(prefix: str, kind: str, values: dict[str, Any], pools: ef.Pools, row_id: str) -> Row:
    row: Row = {"id": [row_id]}
    section = sf.SECTIONS[prefix]
    if section.kind_key:
        row[section.kind_key] = [kind]
    for name, f in row_form(prefix, kind, pools).fields.items():
        if name != "id":
            row.update(raw_fields(name, f, values.get(name)))
    return row


def field_id(prefix: str, index: int, name: str) -> str:
    return f"sb-{prefix}-{index}-{name}"


def row_id(prefix: str, index: int) -> str:
    return f"sb-{prefix}-{index}"
