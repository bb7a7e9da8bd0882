"""« Et si ? » switches a learner may flip on a scenario (sandbox of the web player)."""

from __future__ import annotations

import copy
from typing import Any

from .kinds import PRINTED_POWER_RANGE as POWER_RANGE
from .kinds import XP_RANGE, Do, Param
from .narration import de
from .scenario import ScenarioError, load_scenario


def _valid(data: Any) -> dict:
    load_scenario(data)  # raises ScenarioError in French if the base scenario is invalid
    return data


def available_changes(data: dict) -> list[Param]:
    """List the switches as parameters of the vocabulary: each effect on/off, each unit defending, each player's
    XP, each printed power. A switch's ``name`` is its key (« effect:buff »), its ``default`` the scenario's value.
    """
    _valid(data)
    out = []
    for e in data.get("effects") or []:
        out.append(Param(f"effect:{e['id']}", "bool", f"Effet « {e['label']} » présent", default=True))
    for o in data.get("objects") or []:
        if o.get("type", "unit") in ("unit", "token") and o.get("zone", "base") in ("base", "battlefield"):
            out.append(Param(f"defending:{o['id']}", "bool", f"{o['name']} défend",
                             default=bool(o.get("defending", False))))
    for p in data.get("players") or []:
        out.append(Param(f"xp:{p['id']}", "int", f"XP {de(p['name'])}", default=p.get("xp", 0),
                         min=XP_RANGE[0], max=XP_RANGE[1]))
    for o in data.get("objects") or []:
        # A real card's printed Might is the card's: changing it would be another card, which the engine refuses.
        if o.get("type", "unit") in ("unit", "token") and "card" not in o:
            out.append(Param(f"power:{o['id']}", "int", f"Puissance imprimée {de(o['name'])}",
                             default=o.get("printed_power", 0), min=POWER_RANGE[0], max=POWER_RANGE[1]))
    return out


def _drop_effect_refs(action: dict, eid: str) -> dict | None:
    if action.get("effect") == eid:
        if action.get("do") == Do.QUERY:
            return None
        if action.get("do") == Do.START and action.get("effects"):
            action = dict(action)
            action.pop("effect")
        else:
            return None
    if action.get("effects"):
        action = dict(action, effects=[x for x in action["effects"] if x != eid])
        if not action["effects"] and not action.get("effect"):
            return None
    if action.get("steps"):
        steps = [s for s in (_drop_effect_refs(s, eid) for s in action["steps"]) if s is not None]
        action = dict(action, steps=steps)
    return action


def apply_changes(data: dict, changes: dict) -> dict:
    """Return a NEW scenario dict with the switches applied (expectations dropped)."""
    _valid(data)
    if not isinstance(changes, dict):
        raise ScenarioError("un dictionnaire est attendu", path="changements")
    allowed = {c.name: c for c in available_changes(data)}
    new = copy.deepcopy(data)
    new.pop("expect", None)
    for key, value in changes.items():
        if key not in allowed:
            raise ScenarioError("interrupteur inconnu", path=("changements", key))
        spec = allowed[key]
        if spec.type == "bool":
            if not isinstance(value, bool):
                raise ScenarioError("vrai ou faux est attendu", path=("changements", key))
        else:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ScenarioError("un nombre entier est attendu", path=("changements", key))
            if not spec.min <= value <= spec.max:
                raise ScenarioError(f"la valeur doit être comprise entre {spec.min} et {spec.max}",
                                    path=("changements", key))
        what, ident = key.split(":", 1)
        if what == "effect" and value is False:
            new["effects"] = [e for e in new.get("effects") or [] if e["id"] != ident]
            for e in new["effects"]:
                if e.get("then") == ident:
                    e.pop("then")
            new["actions"] = [
                a for a in (_drop_effect_refs(a, ident) for a in new.get("actions") or []) if a is not None
            ]
            chs = []
            for c in new.get("choices") or []:
                if c.get("effect") == ident:
                    continue
                if "order" in c:
                    c = dict(c, order=[x for x in c["order"] if x != ident])
                    if not c["order"]:
                        continue
                chs.append(c)
            new["choices"] = chs
        elif what == "defending":
            for o in new["objects"]:
                if o["id"] == ident:
                    o["defending"] = value
                    if value and o.get("zone", "base") not in ("base", "battlefield"):
                        raise ScenarioError("seule une unité sur le plateau peut défendre", path=("changements", key))
        elif what == "xp":
            for p in new["players"]:
                if p["id"] == ident:
                    p["xp"] = value
        elif what == "power":
            for o in new["objects"]:
                if o["id"] == ident:
                    o["printed_power"] = value
    load_scenario(new)
    return new
