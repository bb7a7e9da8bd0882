"""« Et si… ? »: the switches a learner may flip on a worked example, and the Django form that reads them.

A switch is a parameter of the engine's vocabulary (``engine.kinds.Param``): its ``name`` is its key in the
address (« effect:buff », « power:fiora »), its ``default`` the scenario's value. The engine's ``variants`` lists
the effects, defenders, XP and deck sizes, printed Might and keyword numbers, Empowered, a played card's options;
this module adds a unit's combat keywords (not a real card's: they are printed) and whether it is stunned.
``WhatIfForm`` builds one field per switch with ``worked_examples.fields.field_for``, the factory the sandbox's forms
use, so both say the same bounds and the same French messages.
"""

from __future__ import annotations

import copy
from urllib.parse import urlencode

from django import forms
from django.forms.boundfield import BoundField

from engine import kinds, variants
from engine.kinds import Param
from engine.stored import StoredResult
from engine.vocab import Event, ObjectType, StepKind, Zone

from .fields import field_for

VARIANT_MARKER = "si"  # present in the address when the form was sent: an absent checkbox then means « off »
MAX_CHANGES = 80
# Keywords a learner may switch on or off when the situation has a battlefield.
SWITCHABLE_KEYWORDS = (kinds.Keyword.TANK, kinds.Keyword.BOUCLIER, kinds.Keyword.ASSAUT, kinds.Keyword.ARRIERE_LIGNE)
LOCKED_NOTE = "le combat en décide"


def has_board(data: dict) -> bool:
    """Does the situation have a battlefield object (so combat, control and scoring can happen)?"""
    return any(o.get("type") == ObjectType.BATTLEFIELD for o in data.get("objects") or [])


def player_switches(data: dict) -> list[Param]:
    """Switches the engine's ``variants`` does not offer: a unit's combat keywords and whether it is stunned."""
    if not has_board(data):
        return []
    out = []
    numbered = {switch.name.removeprefix("number:") for switch in variants.available_changes(data)
                if switch.name.startswith("number:")}
    for obj in data.get("objects") or []:
        if (obj.get("type", ObjectType.UNIT) not in (ObjectType.UNIT, ObjectType.TOKEN)
                or obj.get("zone", Zone.BASE) not in (Zone.BASE, Zone.BATTLEFIELD)):
            continue
        bases = {kinds.keyword_base(k) for k in obj.get("keywords") or []}
        for keyword in SWITCHABLE_KEYWORDS:
            # A real card's keywords are printed (the engine refuses others); a number has its own switch.
            if "card" in obj or f"{obj['id']}:{keyword}" in numbered:
                continue
            rule = kinds.KEYWORDS[keyword].rule
            out.append(Param(f"keyword:{obj['id']}:{keyword}", "bool", f"{obj['name']} a {keyword} ({rule})",
                             default=keyword in bases))
        # « Étourdir » names the action, so the label needs no agreement with the unit's gender.
        out.append(Param(f"stunned:{obj['id']}", "bool", f"Étourdir {obj['name']} ({kinds.Event.STUNNED.doc})",
                         default=bool(obj.get("stunned"))))
    return out


def available_switches(data: dict) -> list[Param]:
    """Every « Et si… ? » switch of a scenario: the engine's (already French, with elision: « XP d'Ezreal »),
    then the player's own."""
    return variants.available_changes(data) + player_switches(data)


def decided_by_play(result: StoredResult) -> dict[str, bool]:
    """Units whose defending the game itself decides (a combat makes them defend, or stop): unit id → whether
    it defends at some step. For them « Et si… ? » shows the actual state and offers no switch."""
    decided: dict[str, bool] = {}
    for branch in result.branches:
        for step in branch.trace:
            reason = step.reason
            defends = (Event.DEFENDING, Event.STOPPED_DEFENDING)
            if step.kind == StepKind.EVENT and reason.code in defends and reason.object:
                decided[reason.object] = decided.get(reason.object, False) or reason.code == Event.DEFENDING
    return decided


def apply_player_changes(data: dict, changes: dict) -> dict:
    """A new scenario dict with keyword and stun switches applied (the engine validates it afterwards)."""
    new = copy.deepcopy(data)
    objects = {o["id"]: o for o in new.get("objects") or []}
    for key, value in changes.items():
        what, _, rest = key.partition(":")
        if what == "keyword":
            ident, _, keyword = rest.partition(":")
            obj = objects[ident]
            kept = [k for k in obj.get("keywords") or [] if kinds.keyword_base(k) != keyword]
            obj["keywords"] = kept + ([keyword] if value else [])
        elif what == "stunned":
            objects[rest]["stunned"] = bool(value)
    return new


def variant_query(changes: dict, available: list[Param]) -> str:
    """The query string that rebuilds a set of changes (used for links to a changed situation)."""
    if not changes:
        return ""
    params = [(VARIANT_MARKER, "1")]
    for switch in available:
        value = changes.get(switch.name, switch.default)
        if switch.type == "bool":
            if value:
                params.append((switch.name, "1"))
        else:
            params.append((switch.name, str(value)))
    return urlencode(params)


class SwitchField(BoundField):
    """A switch's field: its id is made for a page holding several players (« player-x-si-power-fiora »), since a
    switch's name (« power:fiora ») is the address's parameter and holds a colon."""

    @property
    def auto_id(self) -> str:
        return self.form.field_id(self.name)


class WhatIfForm(forms.Form):
    """The « Et si… ? » form of one player, read from the address (a GET form).

    Bound only when the address says the form was sent (``si=1``). A number the address leaves out (a link made
    before that switch existed) keeps the scenario's value. ``locked`` switches (who defends, when the combat
    decides it) show their state and cannot be changed.
    """

    bound_field_class = SwitchField

    def __init__(self, query, switches: list[Param], *, locked: dict[str, bool] | None = None,
                 player_id: str = "player"):
        self.switches = {switch.name: switch for switch in switches[:MAX_CHANGES]}
        self.locked = locked or {}
        self.player_id = player_id
        data = None
        if query.get(VARIANT_MARKER) == "1":
            data = {name: switch.default for name, switch in self.switches.items() if switch.type != "bool"}
            data |= {name: query.get(name) for name in self.switches if name in query}
        initial = {name: self.locked.get(name, switch.default) for name, switch in self.switches.items()}
        super().__init__(data, initial=initial, label_suffix="")
        for name, switch in self.switches.items():
            field = field_for(switch)
            if name in self.locked:
                field.disabled = True
                field.widget.attrs["aria-describedby"] = self.note_id(name)
            self.fields[name] = field

    def field_id(self, name: str) -> str:
        return f"{self.player_id}-si-" + "".join(c if c.isalnum() else "-" for c in name)

    def note_id(self, name: str) -> str:
        return self.field_id(name) + "-note"

    def changes(self) -> dict:
        """The switches set to another value than the scenario's (none until the form is valid)."""
        if not self.is_bound or not self.is_valid():
            return {}
        return {name: value for name, value in self.cleaned_data.items()
                if name not in self.locked and value != self.switches[name].default}

    def groups(self, data: dict) -> list[dict]:
        """The fields grouped by what they change: the effects, each unit, the players."""
        names = {o["id"]: o.get("name", o["id"]) for o in data.get("objects") or []}
        groups: dict[str, dict] = {"effects": {"legend": "Effets", "fields": []}}
        for o in data.get("objects") or []:
            groups[f"object:{o['id']}"] = {"legend": names[o["id"]], "fields": []}
        groups["players"] = {"legend": "Joueurs", "fields": []}
        groups["actions"] = {"legend": "Actions", "fields": []}
        for bound in self:
            what, _, rest = bound.name.partition(":")
            if what == "effect":
                group = "effects"
            elif what in ("xp", "deck"):
                group = "players"
            elif what in ("action", "option", "show_off"):
                group = "actions"
            else:
                group = f"object:{rest.partition(':')[0]}"
            groups.setdefault(group, {"legend": rest, "fields": []})["fields"].append(bound)
        return [g for g in groups.values() if g["fields"]]

    def error_list(self, data: dict) -> list[dict]:
        """Each field's first message, named by its label, with the id it links to (the summary at the top), in
        the order the fields are shown."""
        shown = [bound.name for group in self.groups(data) for bound in group["fields"]]
        return [{"field_id": self.field_id(name), "message": f"« {self.fields[name].label} » : {self.errors[name][0]}"}
                for name in shown if name in self.errors]
