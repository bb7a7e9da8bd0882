"""The bound forms of one sandbox state and the engine scenario they build (timestamps come from the order of
the effects, never typed)."""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst

import engine
from engine.actions import STEP_PARAMS
from engine.kinds import ACTIONS, CONDITIONS, KINDS
from engine.vocab import ObjectType
from worked_examples import fields as ef

from . import forms as sf
from .formdata import DEFAULT_DESCRIPTION, SECTION_ORDER, FormData, pools_of, row_id
from .importing import field_default


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
            if key not in ("id", "name") and not _empty(value) and value != field_default(sf.PLAYER_FIELDS, key):
                p[key] = value
        return p

    def _object(self, n: int, prefix: str, i: int, v: dict) -> dict:
        self.paths.append((("objects", n), prefix, i))
        o: dict[str, Any] = {"id": v["id"], "name": v["name"]}
        if prefix == "b":
            o |= {"type": "battlefield", **({"controller": v["controller"]} if v["controller"] else {})}
            return o | ({"card": v["card"]} if v.get("card") else {})
        for key, value in v.items():
            if key in ("id", "name") or (key == "type" and value == ObjectType.UNIT):
                continue
            if key in ("zone", "controller") and value is not None:
                o[key] = value
            elif key == "printed_power" and v["type"] in (ObjectType.UNIT, ObjectType.TOKEN):
                o[key] = value
            elif not _empty(value) and value != field_default(sf.OBJECT_FIELDS, key):
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
            # Show Off and Repeat links only on a played spell's instructions (``ActionForm`` refuses them elsewhere).
            for p in (*ACTIONS[name][1], *(STEP_PARAMS if form.spell == sf.PLAYED_SPELL else ())):
                value = v.get(p.name)
                if p.name not in form.fields or value is None or value == "":
                    continue
                if not p.required and value == p.default:
                    continue
                if p.singular and isinstance(value, list) and len(value) == 1:
                    a[p.singular] = value[0]  # written as the shipped scenarios write it: « effect: buff »
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
            form.add_error(key if key in form.fields else None, f"Le moteur refuse : {error.reason}")
            return True
        return False


def _empty(value: Any) -> bool:
    return value is None or value is False or value == "" or value == [] or value == {}
