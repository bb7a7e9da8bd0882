"""The buttons of the sandbox form (add, delete, move a row up or down) and where the learner lands after one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.kinds import ACTIONS, KINDS
from worked_examples import fields as ef

from . import forms as sf
from .formdata import PLAYER_NAMES, FormData, Row, field_id, next_id, pools_of, put_row, row_form, row_id
from .importing import field_default


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
        values = {k: field_default(sf.PLAYER_FIELDS, k) for k in sf.PLAYER_FIELDS}
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
    elif prefix == "c":
        values = {
            "first": first_effect,
            "effect": first_effect,
            "combat_first": pools.battlefields[0][0] if pools.battlefields else None,
        }
    others = data.rows[{"o": "b", "b": "o"}[prefix]] if prefix in ("o", "b") else []
    return put_row(prefix, kind, values, pools, next_id(rows, sf.SECTIONS[prefix].id_prefix, others))


@dataclass
class OpResult:
    """Where the learner lands after pressing a button: the element to focus, the row to scroll to."""

    focus: str | None = None
    anchor: str | None = None
    added: tuple[str, int] | None = None  # (section prefix, row index) of the row « Ajouter » just made


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
        return _add(data, op[4:], post)
    m = re.fullmatch(r"(del|up|down):([poeac])-(\d{1,4})", op)
    if not m:
        return OpResult()
    verb, prefix, index = m.group(1), m.group(2), int(m.group(3))
    if index >= len(data.rows[prefix]):
        return OpResult()
    if verb == "del":
        return _delete(data, prefix, index)
    return _move(data, prefix, index, verb)


def _add(data: FormData, what: str, post) -> OpResult:
    """« Ajouter »: a new row at the end of its section, of the kind chosen in the section's list."""
    prefix, kind = what[:1], ""
    if what.startswith("c-"):
        kind = what[2:]
    elif what == "e":
        kind = str(post.get("new_kind", ""))
    elif what == "a":
        kind = str(post.get("new_action", ""))
    elif what not in ("p", "b", "o"):
        return OpResult()
    section = sf.SECTIONS[prefix]
    if section.kind_key and kind not in section.kinds:
        if prefix == "c":
            return OpResult()
        select = "sb-new-kind" if prefix == "e" else "sb-new-action"
        data.section_errors.setdefault(prefix, []).append(
            "Choisissez une sorte d'effet dans la liste." if prefix == "e" else "Choisissez une action dans la liste."
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


def _delete(data: FormData, prefix: str, index: int) -> OpResult:
    rows = data.rows[prefix]
    if prefix == "p" and len(rows) == 1:
        data.section_errors.setdefault("p", []).append("Il faut au moins un joueur.")
        return OpResult(focus=row_id(prefix, 0), anchor=row_id(prefix, 0))
    del rows[index]
    if not rows:
        return OpResult(focus=f"sb-add-{prefix}", anchor=f"sb-section-{prefix}")
    neighbour = min(index, len(rows) - 1)
    return OpResult(focus=row_id(prefix, neighbour), anchor=row_id(prefix, neighbour))


def _move(data: FormData, prefix: str, index: int, verb: str) -> OpResult:
    """« Monter » / « Descendre » a row of a section whose order matters (effects, actions)."""
    if not sf.SECTIONS[prefix].movable:
        return OpResult()
    rows = data.rows[prefix]
    new = index - 1 if verb == "up" else index + 1
    if 0 <= new < len(rows):
        rows[index], rows[new] = rows[new], rows[index]
    else:
        new = index
    return OpResult(focus=f"sb-{prefix}-{new}-{verb}", anchor=row_id(prefix, new))
