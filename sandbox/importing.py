"""A shared or shipped scenario turned into form data, so each of its values is bound to its field and a value the
form refuses shows next to that field exactly as a typed one would."""

from __future__ import annotations

from typing import Any

import engine
from engine import cards as engine_cards
from engine import scenario as engine_scenario
from engine.kinds import ACTIONS, CONDITIONS, KINDS, Zone
from engine.vocab import ObjectType
from worked_examples import fields as ef
from worked_examples.computing import card_data

from . import forms as sf
from .formdata import (
    DEFAULT_DESCRIPTION,
    PLAYER_NAMES,
    SECTION_ORDER,
    FormData,
    Row,
    numbered,
    put_row,
    raw_value,
    raw_values,
    row_form,
    split,
)

# A single player and nothing else: where an unreadable link starts again (and the tests' blank page).
EMPTY_SCENARIO: dict = {
    "title": "Ma situation",
    "description": "",
    "topic": "couches",
    "players": [{"id": "p1", "name": PLAYER_NAMES[0]}],
}


def _dicts(value: Any, limit: int) -> list[dict]:
    if not isinstance(value, list):
        return []
    return [x for x in value[: limit + sf.ROW_SLACK] if isinstance(x, dict)]


def _unrepresented(notices: list[str], d: dict, known: set[str], what: str) -> None:
    """Report the keys of a scenario the form cannot show, so nothing disappears silently."""
    for key in d:
        if key not in known:
            notices.append(f"{what} : le champ « {raw_value(key)[:30]} » n'est pas repris par le bac à sable.")


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
    scenario = _cards_completed(scenario, notices)
    top = _top(scenario, notices)
    players = _dicts(scenario.get("players"), sf.MAX_PLAYERS)
    objects = _dicts(scenario.get("objects"), sf.MAX_OBJECTS)
    effects = _effects_in_order(_dicts(scenario.get("effects"), sf.MAX_EFFECTS), notices)
    actions = _flatten_actions(_dicts(scenario.get("actions"), sf.MAX_ACTIONS), notices)
    pools = ef.Pools(
        players=[(raw_value(p.get("id")), raw_value(p.get("name"))) for p in players],
        objects=numbered([(raw_value(o.get("id")), raw_value(o.get("name"))) for o in objects]),
        effects=[(raw_value(e.get("id")), raw_value(e.get("label"))) for e, _t, _s in effects],
        actions=[(a_id, ACTIONS[a["do"]][0]) for a, a_id, _top in actions],
        battlefields=[
            (raw_value(o.get("id")), raw_value(o.get("name")))
            for o in objects if o.get("type") == ObjectType.BATTLEFIELD
        ],
    )
    rows: dict[str, list[Row]] = {p: [] for p in SECTION_ORDER}
    rows["p"] = [_player_row(p, pools, notices) for p in players]
    first_player = raw_value(players[0].get("id")) if players else None
    for o in objects:
        prefix, row = _object_row(o, pools, notices, first_player)
        rows[prefix].append(row)
    rows["e"] = [_effect_row(e, same_time, pools, notices) for e, _timestamped, same_time in effects]
    rows["a"] = [_action_row(a, a_id, top_level, pools, notices) for a, a_id, top_level in actions]
    top_ids: list[str] = [a_id for _a, a_id, top_level in actions if top_level]
    for c in _dicts(scenario.get("choices"), sf.MAX_CHOICES):
        row = _choice_row(c, top_ids, pools, notices)
        if row is not None:
            rows["c"].append(row)
    if not rows["p"]:
        rows["p"].append(put_row("p", "", {"name": PLAYER_NAMES[0]}, pools, "p1"))
    post = FormData(top=top, rows=rows).to_querydict()
    data = split(post)  # repairs ids exactly as for a submitted form
    data.notices = notices + data.notices
    return data


def _top(scenario: dict, notices: list[str]) -> dict[str, list[str]]:
    """The situation's own fields: title, description, topic and whose turn it is."""
    description = raw_value(scenario.get("description", ""))
    top = {
        "title": [raw_value(scenario.get("title", "Ma situation"))],
        "description": ["" if description == DEFAULT_DESCRIPTION else description],
        "topic": [raw_value(scenario.get("topic", "couches"))],
        "turn_player": [raw_value(scenario.get("turn_player", ""))],
    }
    if not top["turn_player"][0] and isinstance(scenario.get("players"), list) and scenario["players"]:
        first = scenario["players"][0]
        top["turn_player"] = [raw_value(first.get("id", "")) if isinstance(first, dict) else ""]
    _unrepresented(notices, scenario, set(engine_scenario.TOP_LEVEL_KEYS) - {"mode", "victory_score"}, "Situation")
    if scenario.get("mode") not in (None, "duel") or "victory_score" in scenario:
        notices.append("Le mode de jeu et le score de la victoire ne sont pas repris : le bac à sable joue un duel.")
    return top


def _player_row(p: dict, pools: ef.Pools, notices: list[str]) -> Row:
    what = f"Joueur « {raw_value(p.get('name'))[:40]} »"
    fields = row_form("p", "", pools).fields
    _unrepresented(notices, p, set(fields), what)
    values = {k: p.get(k, field_default(sf.PLAYER_FIELDS, k)) for k in fields}
    return put_row("p", "", values, pools, raw_value(p.get("id", "")))


def _object_row(o: dict, pools: ef.Pools, notices: list[str], first_player: str | None) -> tuple[str, Row]:
    """A battlefield's row on the board (``b``) or a unit's or object's row (``o``)."""
    typ = o.get("type", "unit")
    if typ == ObjectType.BATTLEFIELD:
        what = f"Champ de bataille « {raw_value(o.get('name'))[:40]} »"
        fields = row_form("b", "", pools).fields
        printed = set(sf.CARD_FIELDS) if "card" in o else set()  # the card's own values, read again from the card
        _unrepresented(notices, o, set(fields) | {"type", "zone"} | printed, what)
        if o.get("zone", Zone.BATTLEFIELD) != Zone.BATTLEFIELD:
            notices.append(f"{what} : un champ de bataille est toujours dans la zone des champs de bataille.")
        values = {"name": o.get("name"), "card": o.get("card"), "controller": o.get("controller")}
        return "b", put_row("b", "", values, pools, raw_value(o.get("id", "")))
    fields = row_form("o", "", pools).fields
    _unrepresented(notices, o, set(fields) | {"since"}, f"Unité « {raw_value(o.get('name'))[:40]} »")
    values = {k: o.get(k, field_default(sf.OBJECT_FIELDS, k)) for k in fields}
    values.update(
        type=typ,
        zone=o.get("zone", "base"),
        printed_power=o.get("printed_power", 0),
        controller=o.get("controller") or first_player,
    )
    if o.get("since") not in (None, 0):
        notices.append(f"L'horodatage d'arrivée de « {raw_value(o.get('name'))} » n'est pas repris.")
    return "o", put_row("o", "", values, pools, raw_value(o.get("id", "")))


def _effect_row(e: dict, same_time: bool, pools: ef.Pools, notices: list[str]) -> Row:
    kind = e["kind"]
    cond = e.get("condition") if isinstance(e.get("condition"), dict) else {}
    what = f"Effet « {raw_value(e.get('label'))[:40]} »"
    fields = row_form("e", kind, pools).fields
    params = {p.name: p for p in KINDS[kind].params}
    _unrepresented(notices, e, {"id", "kind", "since", "starts", "targets", "condition"} | set(fields), what)
    _unrepresented(notices, cond, set(CONDITIONS), what + " (condition)")
    values: dict[str, Any] = {}
    for name in fields:
        if name.startswith("cond_"):
            values[name] = cond.get(name[5:])
        else:
            values[name] = e.get(name, params[name].default if name in params else None)
    values["starts_later"] = e.get("starts") == "later"
    values["same_time"] = same_time
    values["duration"] = e.get("duration", "permanent")
    if e.get("targets"):
        notices.append(
            f"L'effet « {raw_value(e.get('label'))} » vise plusieurs cibles (targets) : "
            "le bac à sable n'en garde que la première."
        )
        values["target"] = values.get("target") or (raw_values(e["targets"]) or [""])[0]
    try:
        return put_row("e", kind, values, pools, raw_value(e.get("id", "")))
    except ValueError:
        notices.append(f"{what} : sa liste de conséquences est réduite aux {ef.PRODUCE_SLOTS} premières.")
        values["produce"] = list(values.get("produce") or [])[: ef.PRODUCE_SLOTS]
        return put_row("e", kind, values, pools, raw_value(e.get("id", "")))


def _action_row(a: dict, a_id: str, top_level: bool, pools: ef.Pools, notices: list[str]) -> Row:
    name = a["do"]
    a = engine_scenario.with_lists(a, ACTIONS[name].params)  # « effect: buff » of a start is its list of one
    fields = row_form("a", name, pools).fields
    params = {p.name: p for p in ACTIONS[name][1]}
    _unrepresented(notices, a, {"do", "steps"} | set(fields), f"Action « {ACTIONS[name][0]} »")
    values = {}
    for key in fields:
        values[key] = a.get(key, params[key].default if key in params else None)
    values["in_spell"] = not top_level
    return put_row("a", name, values, pools, a_id)


def _choice_row(c: dict, top_ids: list[str], pools: ef.Pools, notices: list[str]) -> Row | None:
    """A player's choice as a row (None, with a notice, when the sandbox cannot show it)."""
    action = c.get("action")
    if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < len(top_ids):
        action = top_ids[action]
    kind = next((k for k in ("assign", "combat_first", "play", "order", "effect") if k in c), "")
    kind = {"effect": "accept"}.get(kind, kind)
    if kind not in sf.CHOICE_TYPES:
        notices.append("Un choix que le bac à sable ne sait pas encore montrer a été ignoré.")
        return None
    fields = set(row_form("c", kind, pools).fields) | {"note"}
    _unrepresented(notices, c, fields | ({"order", "effect"} if kind in ("order", "accept") else set()), "Choix")
    if kind in ("assign", "combat_first", "play"):
        try:
            return put_row("c", kind, {**c, "action": action}, pools, "")
        except ValueError:
            notices.append(f"Une répartition de plus de {ef.PRODUCE_SLOTS} unités a été ignorée.")
            return None
    if kind == "order":
        order = raw_values(c.get("order"))
        if len(order) > 2:
            notices.append("Un ordre de plus de deux remplacements est réduit aux deux premiers.")
        values = {"first": order[0] if order else "", "then": order[1] if len(order) > 1 else "", "action": action}
        return put_row("c", "order", values, pools, "")
    values = {"effect": c.get("effect"), "accept": c.get("accept", True) is True, "action": action}
    return put_row("c", "accept", values, pools, "")


def field_default(fields: dict, key: str) -> Any:
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
            notices.append(f"Un effet de sorte inconnue « {raw_value(kind)[:40]} » a été ignoré.")
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
        notices.append(f"Une action inconnue « {raw_value(a.get('do'))[:40]} » a été ignorée.")
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


def _cards_completed(scenario: dict, notices: list[str]) -> dict:
    """A scenario naming real cards (``card: OGN-001``) with each card's printed values filled in its row, the row
    keeping the card. A card the engine cannot read keeps its row as written: the form says what is wrong."""
    objects = scenario.get("objects")
    if not isinstance(objects, list) or not any(isinstance(o, dict) and "card" in o for o in objects):
        return scenario
    cards = card_data()
    completed = []
    for o in objects:
        if isinstance(o, dict) and "card" in o:
            try:
                o = engine_cards.expand({"objects": [o]}, cards)["objects"][0]
            except engine.ScenarioError as exc:
                notices.append(f"« {raw_value(o.get('name') or o.get('card'))[:40]} » : {exc.reason}.")
        completed.append(o)
    return {**scenario, "objects": completed}
