"""« Et si ? » switches a learner may flip on a scenario (sandbox of the web player).

Each type of switch is one entry of ``SWITCHES``: the function that lists its switches for a scenario and the one
that applies a value to a copy of it. A real card's printed values (``card:`` objects) are Riot's, so no switch
changes them; the switches that change the situation around a card (what its player has, whether an optional cost
is paid, whether it is already Empowered) are offered for it as for any object, and only where the other choice
is legal: a switch never leads to a situation the engine refuses.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .keywords.base import split
from .kinds import ACTIONS, XP_RANGE, Do, Keyword, Param
from .kinds import PRINTED_POWER_RANGE as POWER_RANGE
from .narration import de
from .scenario import COUNT_RANGE, ScenarioError, load_scenario, with_lists
from .sim import explore

# The keywords whose number a learner may change on an object that is not a real card (R. 807, 809, 814, 823, 824,
# 831); 0 removes the keyword. Tank, Backline and the others without a number are switched on the player's side.
NUMBERED = (Keyword.BOUCLIER, Keyword.ASSAUT, Keyword.CHASSE, Keyword.PROTECTION, Keyword.NIVEAU, Keyword.DISARM)
NUMBER_RANGE = (0, 12)
# Optional choices of a played card, on the action that plays it: each « paid or not », « done or not ».
# Each is offered only when the played card has the keyword that allows it.
ACTION_OPTIONS = {
    Do.PLAY_UNIT: {"accelerate": (Keyword.ACCELERATION, "payer Accélération"),
                   "recycle": (Keyword.VISION, "recycler la carte vue (Vision)")},
    Do.CAST: {"repeat": (Keyword.REPETITION, "payer Répétition")},
}
# Actions a player may do or not do without changing anything else of the situation.
OPTIONAL_ACTIONS = {Do.EQUIP: "Payer Équiper", Do.EMPOWER: "Payer Amplification"}


def _valid(data: Any) -> dict:
    load_scenario(data)  # raises ScenarioError in French if the base scenario is invalid
    return data


def _units(data: dict) -> list[dict]:
    return [o for o in data.get("objects") or [] if o.get("type", "unit") in ("unit", "token")]


def _actions(data: dict) -> list[tuple[int, dict]]:
    """Top-level actions, with their index, when no player's choice names an action by its index (removing or
    changing one would shift what a choice points at)."""
    if any("action" in c for c in data.get("choices") or []):
        return []
    return list(enumerate(data.get("actions") or []))


# --------------------------------------------------------------------------- the switches of a scenario


def _effect_switches(data: dict) -> list[Param]:
    return [Param(f"effect:{e['id']}", "bool", f"Effet « {e['label']} » présent", default=True)
            for e in data.get("effects") or []]


def _defending_switches(data: dict) -> list[Param]:
    return [Param(f"defending:{o['id']}", "bool", f"{o['name']} défend", default=bool(o.get("defending", False)))
            for o in _units(data) if o.get("zone", "base") in ("base", "battlefield")]


def _xp_switches(data: dict) -> list[Param]:
    return [Param(f"xp:{p['id']}", "int", f"XP {de(p['name'])}", default=p.get("xp", 0), min=XP_RANGE[0],
                  max=XP_RANGE[1]) for p in data.get("players") or []]


def _deck_switches(data: dict) -> list[Param]:
    """The cards left in a player's Main Deck, where the scenario counts them (drawing, Burn, Burn Out)."""
    return [Param(f"deck:{p['id']}", "int", f"Cartes dans le deck {de(p['name'])}", default=p["deck"],
                  min=COUNT_RANGE[0], max=COUNT_RANGE[1]) for p in data.get("players") or [] if "deck" in p]


def _power_switches(data: dict) -> list[Param]:
    # A real card's printed Might is the card's: changing it would be another card, which the engine refuses.
    return [Param(f"power:{o['id']}", "int", f"Puissance imprimée {de(o['name'])}", default=o.get("printed_power", 0),
                  min=POWER_RANGE[0], max=POWER_RANGE[1]) for o in _units(data) if "card" not in o]


def _number_switches(data: dict) -> list[Param]:
    """The number of a printed keyword (« Bouclier 5 » → 3), on objects that are not real cards; 0 removes it."""
    out = []
    for o in data.get("objects") or []:
        if "card" in o:
            continue
        for keyword in o.get("keywords") or []:
            base, number = split(keyword)
            if base in NUMBERED and number is not None:
                # More Protection makes the opponent pay more, which the scenario's Rune Pool may not cover.
                high = number if base == Keyword.PROTECTION else NUMBER_RANGE[1]
                out.append(Param(f"number:{o['id']}:{base}", "int", f"{base} {de(o['name'])} (0 : sans {base})",
                                 default=number, min=NUMBER_RANGE[0], max=high))
    return out


def _empowered_switches(data: dict) -> list[Param]:
    """Whether an object with Empower (or an « Empowered » text) is already Empowered when the situation starts."""
    paid = {a.get("object") for a in data.get("actions") or [] if a.get("do") == Do.EMPOWER}
    empowering = (Keyword.AMPLIFICATION, Keyword.AMPLIFIE)
    return [Param(f"empowered:{o['id']}", "bool", f"{o['name']} est déjà amplifié (R. 828)",
                  default=bool(o.get("empowered", False)))
            for o in data.get("objects") or []
            if o["id"] not in paid and any(split(k)[0] in empowering for k in o.get("keywords") or [])]


def _action_switches(data: dict) -> list[Param]:
    """A played card's optional costs and choices (Accelerate, Repeat, Vision's recycling, Show Off), and the
    optional actions (paying Equip, paying Empower)."""
    objects = {o["id"]: o for o in data.get("objects") or []}
    names = {ident: o["name"] for ident, o in objects.items()}
    out = []
    actions = _actions(data)
    for i, a in actions:
        answered = i + 1 < len(actions) and actions[i + 1][1].get("do") == Do.PASS  # its chain item is passed on
        played = objects.get(a.get("object") or a.get("card"), {})
        subject = played.get("name") or a.get("label", "")
        bases = {split(k)[0] for k in played.get("keywords") or []}
        if a.get("do") in OPTIONAL_ACTIONS and not answered:
            out.append(Param(f"action:{i}", "bool", f"{OPTIONAL_ACTIONS[a['do']]} de {subject}", default=True))
        several = ((played.get("keyword_costs") or {}).get("repeat") or {}).get("more")
        if a.get("do") == Do.CAST and several:  # one switch per Repeat cost the card prints (R. 820.1.c.2)
            paid = set(a.get("repeat_costs") or ([0] if a.get("repeat") else []))
            out += [Param(f"repeat_cost:{i}:{rank}", "bool", f"{subject} : payer son coût de Répétition n° {rank + 1}",
                          default=rank in paid) for rank in range(1 + len(several))]
        for option, (keyword, label) in ACTION_OPTIONS.get(a.get("do"), {}).items():
            if option == "repeat" and several:
                continue
            if keyword in bases:
                out.append(Param(f"option:{i}:{option}", "bool", f"{subject} : {label}", default=bool(a.get(option))))
        if a.get("do") in (Do.PLAY_UNIT, Do.CAST) and a.get("show_off"):  # a unit or a spell (R. 832.1.a)
            shown = names.get(a["show_off"], a["show_off"])
            out.append(Param(f"show_off:{i}", "bool", f"{subject} : montrer {shown} (Show Off)", default=True))
    return out


# --------------------------------------------------------------------------- applying one switch


def _drop_effect_refs(action: dict, eid: str) -> dict | None:
    """The action without the effect ``eid``; None when nothing is left for it to do."""
    if action.get("do") in ACTIONS:
        action = with_lists(action, ACTIONS[action["do"]].params)
    if action.get("effect") == eid:
        return None
    if action.get("effects"):
        action = dict(action, effects=[x for x in action["effects"] if x != eid])
        if not action["effects"]:
            return None
    if action.get("steps"):
        steps = [s for s in (_drop_effect_refs(s, eid) for s in action["steps"]) if s is not None]
        action = dict(action, steps=steps)
    return action


def _set_effect(new: dict, ident: str, value: bool) -> None:
    if value:
        return
    new["effects"] = [e for e in new.get("effects") or [] if e["id"] != ident]
    for e in new["effects"]:
        if e.get("then") == ident:
            e.pop("then")
    new["actions"] = [a for a in (_drop_effect_refs(a, ident) for a in new.get("actions") or []) if a is not None]
    choices = []
    for c in new.get("choices") or []:
        if c.get("effect") == ident:
            continue
        if "order" in c:
            c = dict(c, order=[x for x in c["order"] if x != ident])
            if not c["order"]:
                continue
        choices.append(c)
    new["choices"] = choices


def _object(new: dict, ident: str) -> dict:
    return next(o for o in new["objects"] if o["id"] == ident)


def _player(new: dict, ident: str) -> dict:
    return next(p for p in new["players"] if p["id"] == ident)


def _set_defending(new: dict, ident: str, value: bool) -> None:
    o = _object(new, ident)
    o["defending"] = value
    if value and o.get("zone", "base") not in ("base", "battlefield"):
        raise ScenarioError("seule une unité sur le plateau peut défendre", path=("changements", f"defending:{ident}"))


def _set_number(new: dict, ident: str, value: int) -> None:
    o_id, _, base = ident.partition(":")
    o = _object(new, o_id)
    kept = [k for k in o.get("keywords") or [] if split(k)[0] != base]
    o["keywords"] = kept + ([f"{base} {value}"] if value else [])


def _set_action(new: dict, ident: str, value: bool) -> None:
    if not value:
        new["actions"][int(ident)] = None


def _set_option(new: dict, ident: str, value: bool) -> None:
    index, _, option = ident.partition(":")
    action = new["actions"][int(index)]
    if value:
        action[option] = True
    else:
        action.pop(option, None)


def _set_repeat_cost(new: dict, ident: str, value: bool) -> None:
    index, _, rank = ident.partition(":")
    action = new["actions"][int(index)]
    ranks = set(action.pop("repeat_costs", None) or ([0] if action.pop("repeat", False) else []))
    ranks = ranks | {int(rank)} if value else ranks - {int(rank)}
    if ranks:
        action["repeat_costs"] = sorted(ranks)


def _set_show_off(new: dict, ident: str, value: bool) -> None:
    if not value:
        new["actions"][int(ident)].pop("show_off", None)


def _set_field(where: Callable[[dict, str], dict], field: str) -> Callable[[dict, str, Any], None]:
    def apply(new: dict, ident: str, value: Any) -> None:
        where(new, ident)[field] = value

    return apply


# Each type of switch: what lists its switches, what applies one.
SWITCHES: dict[str, tuple[Callable[[dict], list[Param]], Callable[[dict, str, Any], None]]] = {
    "effect": (_effect_switches, _set_effect),
    "defending": (_defending_switches, _set_defending),
    "xp": (_xp_switches, _set_field(_player, "xp")),
    "deck": (_deck_switches, _set_field(_player, "deck")),
    "power": (_power_switches, _set_field(_object, "printed_power")),
    "number": (_number_switches, _set_number),
    "empowered": (_empowered_switches, _set_field(_object, "empowered")),
    "action": (_action_switches, _set_action),
    "option": (lambda data: [], _set_option),  # listed with the actions
    "show_off": (lambda data: [], _set_show_off),
    "repeat_cost": (lambda data: [], _set_repeat_cost),
}


# The switches that change what a player does (not what is on the board): each is offered only if the changed
# situation plays to the end (Accelerate one cannot pay, an Equip whose unit then cannot move… are left out).
CHECKED = ("empowered", "action", "option", "show_off", "repeat_cost")


def _legal(data: dict, switch: Param) -> bool:
    what = switch.name.split(":", 1)[0]
    if what not in CHECKED:
        return True
    try:
        new = apply_changes(data, {switch.name: not switch.default}, checked=False)
        explore(load_scenario(new), tracing=False)
    except (ScenarioError, RecursionError):
        return False
    return True


def available_changes(data: dict) -> list[Param]:
    """List the switches as parameters of the vocabulary: each effect on/off, each unit defending, each player's
    XP and deck size, each printed power and keyword number (not a real card's), whether an object is already
    Empowered, a played card's optional costs and choices. A switch's ``name`` is its key (« effect:buff »), its
    ``default`` the scenario's value.
    """
    _valid(data)
    return [switch for listed, _apply in SWITCHES.values() for switch in listed(data) if _legal(data, switch)]


def _checked(spec: Param, key: str, value: Any) -> Any:
    """The value of one switch, checked against its parameter (French messages)."""
    if spec.type == "bool":
        if not isinstance(value, bool):
            raise ScenarioError("vrai ou faux est attendu", path=("changements", key))
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError("un nombre entier est attendu", path=("changements", key))
    if not spec.min <= value <= spec.max:
        raise ScenarioError(f"la valeur doit être comprise entre {spec.min} et {spec.max}", path=("changements", key))
    return value


def apply_changes(data: dict, changes: dict, *, checked: bool = True) -> dict:
    """Return a NEW scenario dict with the switches applied (expectations dropped). ``checked=False`` (inside
    ``available_changes``) allows a switch before knowing whether its other choice is legal."""
    _valid(data)
    if not isinstance(changes, dict):
        raise ScenarioError("un dictionnaire est attendu", path="changements")
    listed = available_changes(data) if checked else [s for lister, _a in SWITCHES.values() for s in lister(data)]
    allowed = {c.name: c for c in listed}
    new = copy.deepcopy(data)
    new.pop("expect", None)
    for key, value in changes.items():
        if key not in allowed:
            raise ScenarioError("interrupteur inconnu", path=("changements", key))
        what, ident = key.split(":", 1)
        SWITCHES[what][1](new, ident, _checked(allowed[key], key, value))
    if new.get("actions"):
        new["actions"] = [a for a in new["actions"] if a is not None]
    load_scenario(new)
    return new
