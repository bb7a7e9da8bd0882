"""Scenario data: loading YAML (or a dict) and validating it with French messages.

Nothing here computes a rule; it only checks that a scenario states a situation and actions
the engine understands, and that it stays small enough to terminate quickly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from .actions import STEP_PARAMS
from .cards import expand, validate_costs
from .errors import EngineLimitError, ScenarioError, format_path, parse_path  # noqa: F401 (re-exported)
from .fields import (  # noqa: F401 (ID_RE, MAX_OBJECTS, MAX_EFFECTS re-exported: the sandbox reads them)
    ID_RE,
    MAX_EFFECTS,
    MAX_OBJECTS,
    _bool,
    _check_param,
    _dict,
    _id,
    _int,
    _is_int,
    _list,
    _no_unknown,
    _params,
    _req,
    _str,
)
from .kinds import (
    ACTIONS,
    ACTIVITY_CONDITIONS,
    BOARD_ZONES,
    CONDITIONS,
    COUNT_RANGE,
    DURATIONS,
    KINDS,
    OBJECT_TYPES,
    PRINTED_POWER_RANGE,
    TOPICS,
    VICTORY_SCORES,
    XP_RANGE,
    ZONES,
    Mode,
    Param,
)
from .live_state import EffectSpec, ObjectSpec, PlayerSpec

MAX_TEXT = 64 * 1024
MAX_ACTIONS = 50
MAX_PLAYERS = 8
MAX_STEPS_IN_RESOLVE = 20
# Actions a player takes; none may slip between two instructions of a resolving spell (R. 340).
ORDINARY_ACTIONS = (
    "activate",
    "finish",
    "play_card",
    "attach",
    "detach",
    "defend",
    "end_combat",
    "end_turn",
    "standard_move",
    "play_unit", "play_gear", "equip", "empower",
    "cast",
    "pass",
    "start_turn",
)


@dataclass
class Scenario:
    title: str
    description: str
    topic: str
    players: list[PlayerSpec]
    objects: list[ObjectSpec]
    effects: list[EffectSpec]
    actions: list[dict]
    choices: list[dict]
    expect: dict | None
    turn_player: str
    data: dict
    victory_score: int = 8  # R. 487: 8 points in a duel
    mode: str = "duel"


# --------------------------------------------------------------------------- YAML


class _NoAliasLoader(yaml.SafeLoader):
    """Safe loader refusing aliases, so an alias bomb cannot expand."""

    def compose_node(self, parent, index):  # noqa: D102
        if self.check_event(yaml.AliasEvent):
            ev = self.peek_event()
            raise ScenarioError(
                f"ligne {ev.start_mark.line + 1} : les alias YAML (*nom) ne sont pas acceptés dans un scénario"
            )
        return super().compose_node(parent, index)


def parse_yaml(text: str) -> Any:
    """Parse YAML text safely: size cap, no aliases, every error as a French ScenarioError."""
    if not isinstance(text, str):
        raise ScenarioError("scénario : un texte YAML ou un dictionnaire est attendu")
    if len(text.encode("utf-8", "replace")) > MAX_TEXT:
        raise ScenarioError(f"scénario : le texte dépasse {MAX_TEXT // 1024} Ko")
    try:
        return yaml.load(text, Loader=_NoAliasLoader)  # noqa: S506 - safe loader subclass
    except ScenarioError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"ligne {mark.line + 1}, colonne {mark.column + 1}" if mark else "texte"
        raise ScenarioError(f"{where} : erreur de syntaxe YAML ({exc.problem or 'texte illisible'})") from None
    except (yaml.YAMLError, ValueError, TypeError, RecursionError) as exc:
        raise ScenarioError(f"scénario : YAML illisible ({type(exc).__name__})") from None


# --------------------------------------------------------------------------- sections


def _player(d: Any, path: str) -> PlayerSpec:
    d = _dict(d, path)
    _no_unknown(
        d,
        {"id", "name", "xp", "team", "cards_played", "hand", "points", "deck", "runes", "trash", "energy", "essence",
         "rune_deck"},
        path,
    )
    # The Rune Pool (R. 166): Energy, and Power as one domain per unit of Power (« essence: [Chaos, Chaos] »).
    essence: dict[str, int] = {}
    for i, x in enumerate(_list(d.get("essence", []) or [], f"{path}.essence", 20)):
        domain = _str(x, f"{path}.essence[{i}]", 40)
        essence[domain] = essence.get(domain, 0) + 1
    rune_deck = _list(d.get("rune_deck", []) or [], f"{path}.rune_deck", 12)
    return PlayerSpec(
        energy=_int(d.get("energy", 0), f"{path}.energy", *COUNT_RANGE),
        essence=essence,
        rune_deck=tuple(_str(x, f"{path}.rune_deck[{i}]", 40) for i, x in enumerate(rune_deck)),
        pays=any(k in d for k in ("energy", "essence", "rune_deck")),
        id=_id(_req(d, "id", path), f"{path}.id"),
        name=_str(_req(d, "name", path), f"{path}.name", 60),
        xp=_int(d.get("xp", 0), f"{path}.xp", *XP_RANGE),
        team=_id(d["team"], f"{path}.team") if d.get("team") is not None else None,
        cards_played=_int(d.get("cards_played", 0), f"{path}.cards_played", *COUNT_RANGE),
        points=_int(d.get("points", 0), f"{path}.points", *COUNT_RANGE),
        hand=_int(d.get("hand", 0), f"{path}.hand", *COUNT_RANGE),
        deck=_int(d.get("deck", 20), f"{path}.deck", *COUNT_RANGE),
        runes=_int(d.get("runes", len(rune_deck) or 12), f"{path}.runes", *COUNT_RANGE),
        trash=_int(d.get("trash", 0), f"{path}.trash", *COUNT_RANGE),
    )


def _object(d: Any, path: str, players: set[str]) -> ObjectSpec:
    d = _dict(d, path)
    _no_unknown(
        d,
        {
            "id",
            "name",
            "type",
            "printed_power",
            "keywords",
            "tags",
            "zone",
            "controller",
            "defending",
            "exhausted",
            "attached_to",
            "since",
            "cost",
            "domains",
            "power_cost",
            "at",
            "stunned",
            "damage",
            "attacking", "card", "keyword_costs", "empowered",
        },
        path,
    )
    typ = d.get("type", "unit")
    if typ not in OBJECT_TYPES:
        raise ScenarioError(f"type inconnu « {typ} » (attendu : {', '.join(OBJECT_TYPES)})", path=f"{path}.type")
    zone = d.get("zone", "battlefield" if typ == "battlefield" else "base")
    if zone not in ZONES:
        raise ScenarioError(f"zone inconnue « {zone} » (attendu : {', '.join(ZONES)})", path=f"{path}.zone")
    ctrl = d.get("controller")
    if ctrl is not None:
        ctrl = _id(ctrl, f"{path}.controller")
        if ctrl not in players:
            raise ScenarioError(f"joueur inconnu « {ctrl} »", path=f"{path}.controller")
    kws = _list(d.get("keywords", []) or [], f"{path}.keywords", 10)
    tags = _list(d.get("tags", []) or [], f"{path}.tags", 10)
    return ObjectSpec(
        id=_id(_req(d, "id", path), f"{path}.id"),
        name=_str(_req(d, "name", path), f"{path}.name", 80),
        type=typ,
        printed_power=_int(d.get("printed_power", 0), f"{path}.printed_power", *PRINTED_POWER_RANGE),
        keywords=tuple(_str(k, f"{path}.keywords[{i}]", 40) for i, k in enumerate(kws)),
        tags=tuple(_str(k, f"{path}.tags[{i}]", 40) for i, k in enumerate(tags)),
        zone=zone,
        controller=ctrl,
        defending=_bool(d.get("defending", False), f"{path}.defending"),
        exhausted=_bool(d.get("exhausted", False), f"{path}.exhausted"),
        attached_to=_id(d["attached_to"], f"{path}.attached_to") if d.get("attached_to") is not None else None,
        since=_int(d.get("since", 0), f"{path}.since", 0, 10_000),
        cost=_int(d.get("cost", 0), f"{path}.cost", *COUNT_RANGE),
        domains=tuple(
            _str(k, f"{path}.domains[{i}]", 40)
            for i, k in enumerate(_list(d.get("domains", []) or [], f"{path}.domains", 6))
        ),
        power_cost=tuple(
            _str(k, f"{path}.power_cost[{i}]", 40)
            for i, k in enumerate(_list(d.get("power_cost", []) or [], f"{path}.power_cost", 6))
        ),
        at=_id(d["at"], f"{path}.at") if d.get("at") is not None else None,
        stunned=_bool(d.get("stunned", False), f"{path}.stunned"),
        damage=_int(d.get("damage", 0), f"{path}.damage", *COUNT_RANGE),
        attacking=_bool(d.get("attacking", False), f"{path}.attacking"),
        card=d.get("card"),
        keyword_costs=validate_costs(d.get("keyword_costs"), f"{path}.keyword_costs"),
        empowered=_bool(d.get("empowered", False), f"{path}.empowered"),
    )



_EFFECT_FIELDS = {
    "id",
    "label",
    "kind",
    "source",
    "target",
    "targets",
    "since",
    "starts",
    "duration",
    "condition",
}


def _effect_targets(d: dict, kind, source: str | None, path: str, ids: dict[str, set[str]]) -> tuple:
    """An effect's ``target`` (an object, or « source », « attached », « allies » with a source) and ``targets``."""
    target = d.get("target")
    if target is not None:
        if target in ("source", "attached", "allies"):
            if source is None:
                raise ScenarioError(f"« {target} » exige une source (champ source)", path=f"{path}.target")
        else:
            target = _check_param(Param("target", "object", "cible"), target, f"{path}.target", ids)
    targets: tuple[str, ...] = ()
    if d.get("targets") is not None:
        targets = _check_param(Param("targets", "objects", "cibles"), d["targets"], f"{path}.targets", ids)
    if kind.category == "continuous" and target is None and not targets:
        raise ScenarioError("une cible est attendue pour cette sorte d'effet", path=f"{path}.target")
    if target == "allies" and kind.category != "continuous":
        raise ScenarioError("« allies » n'est possible que pour un effet continu", path=f"{path}.target")
    return target, targets


def _effect_timing(d: dict, kind, path: str) -> tuple:
    """When an effect starts (« now » with its timestamp, or « later ») and how long it lasts."""
    starts = d.get("starts", "now")
    if starts not in ("now", "later"):
        raise ScenarioError("« now » ou « later » est attendu", path=f"{path}.starts")
    since = d.get("since")
    if since is not None:
        since = _int(since, f"{path}.since", 0, 10_000)
    if kind.category == "continuous" and starts == "now" and since is None:
        raise ScenarioError("un horodatage (nombre entier) est attendu pour un effet déjà en cours (ou starts: later)",
                            path=f"{path}.since")
    duration = d.get("duration", "permanent")
    if duration not in DURATIONS:
        raise ScenarioError(f"durée inconnue « {duration} » (attendu : {', '.join(DURATIONS)})",
                            path=f"{path}.duration")
    return (None if starts == "later" else since), starts == "later", duration


def _effect_condition(d: dict, source: str | None, path: str, ids: dict[str, set[str]]) -> dict:
    cond = {}
    for k, v in _dict(d.get("condition", {}) or {}, f"{path}.condition").items():
        if k not in CONDITIONS:
            raise ScenarioError(f"condition inconnue (attendu : {', '.join(CONDITIONS)})", path=f"{path}.condition.{k}")
        cond[k] = _check_param(CONDITIONS[k], v, f"{path}.condition.{k}", ids)
    if any(k in cond for k in ACTIVITY_CONDITIONS) and source is None:
        raise ScenarioError("Niveau, Légion ou « équipé » exigent une source (champ source)", path=f"{path}.condition")
    return cond


def _effect(d: Any, path: str, ids: dict[str, set[str]]) -> EffectSpec:
    d = _dict(d, path)
    kind_name = _req(d, "kind", path)
    if kind_name not in KINDS:
        raise ScenarioError(
            f"sorte d'effet inconnue « {kind_name} » (attendu : {', '.join(KINDS)})",
            path=f"{path}.kind",
        )
    kind = KINDS[kind_name]
    _no_unknown(d, _EFFECT_FIELDS | {p.name for p in kind.params}, path)
    eid = _id(_req(d, "id", path), f"{path}.id")
    label = _str(_req(d, "label", path), f"{path}.label", 120)
    source = d.get("source")
    if source is not None:
        source = _check_param(Param("source", "object", "source"), source, f"{path}.source", ids)
    target, targets = _effect_targets(d, kind, source, path, ids)
    since, later, duration = _effect_timing(d, kind, path)
    cond = _effect_condition(d, source, path, ids)
    params = _params(kind.params, d, path, ids)
    return EffectSpec(eid, label, kind_name, source, target, targets, since, later, duration, cond, params)


def with_lists(action: dict, params: tuple[Param, ...]) -> dict:
    """``action`` with each list parameter written under its singular name (``effect: buff``) moved into the list
    (``effects: [buff]``): a scenario may write either, the engine and its readers see only the list."""
    for p in params:
        if p.singular and p.singular in action:
            action = dict(action)
            one = action.pop(p.singular)
            if one is not None:
                action[p.name] = [one, *(action.get(p.name) or [])]
    return action


def _action(d: Any, path: str, ids: dict[str, set[str]], depth: int = 0, parent: str | None = None) -> dict:
    d = _dict(d, path)
    name = _req(d, "do", path)
    if name not in ACTIONS:
        raise ScenarioError(f"action inconnue « {name} » (attendu : {', '.join(ACTIONS)})", path=f"{path}.do")
    _label, params = ACTIONS[name]
    d = with_lists(d, params)
    # an instruction of a played spell may name the keyword text it belongs to (Show Off, Repeat)
    steps_only = {p.name for p in STEP_PARAMS} if parent == "cast" else set()
    _no_unknown(d, {"do", "note"} | {p.name for p in params} | steps_only, path)
    if d.get("might_of_shown") and parent != "cast":
        # the Might shown is known only to a spell played with Show Off (R. 832.1.d.1)
        raise ScenarioError("« might_of_shown » vaut seulement pour une instruction d'un sort joué (« cast ») avec "
                            "Show Off (R. 832.1.d)", path=f"{path}.might_of_shown")
    filled = {"amount"} if d.get("might_of_shown") else set()  # Show Off: the Might shown (R. 832.1.d.1)
    if depth > 0 and name in ORDINARY_ACTIONS:
        raise ScenarioError(
            f"« {name} » est une action ordinaire ; elle ne peut pas s'intercaler entre deux instructions d'un sort",
            path=f"{path}.do",
        )
    out: dict[str, Any] = {"do": name}
    if d.get("note") is not None:
        out["note"] = _str(d["note"], f"{path}.note", 200)
    for p in params:
        if p.name in d and d[p.name] is not None:
            if p.type == "steps":
                if depth > 0:
                    raise ScenarioError("un sort ne peut pas contenir un autre sort", path=f"{path}.steps")
                steps = _list(d[p.name], f"{path}.steps", MAX_STEPS_IN_RESOLVE)
                out["steps"] = [_action(s, f"{path}.steps[{i}]", ids, depth + 1, name) for i, s in enumerate(steps)]
            else:
                out[p.name] = _check_param(p, d[p.name], f"{path}.{p.name}", ids)
        elif p.required and p.name not in filled:
            raise ScenarioError(f"champ obligatoire manquant ({p.label})", path=f"{path}.{p.name}")
        elif not p.quiet and p.name not in filled:
            out[p.name] = p.default
    for p in STEP_PARAMS:
        if p.name in steps_only and d.get(p.name) is not None:
            out[p.name] = _check_param(p, d[p.name], f"{path}.{p.name}", ids)
    _action_needs(name, out, path, ids)
    return out


# what each question of a ``query`` asks about
_QUERY_SUBJECT = {ask: "object" for ask in ("power", "reference_power", "keywords", "mighty", "zone", "controller",
                                            "exhausted", "damage", "location")}
_QUERY_SUBJECT.update({"xp": "player", "points": "player", "hand": "player", "deck": "player", "active": "effect"})


def _action_needs(name: str, out: dict, path: str, ids: dict[str, set[str]]) -> None:
    """What some actions need beyond their parameters (an effect to start, two objects to swap, a question's
    subject, a free token id, a destination)."""
    if name == "swap" and len(out["objects"]) != 2:
        raise ScenarioError("un échange concerne exactement deux objets", path=f"{path}.objects")
    if name == "query" and not out.get(_QUERY_SUBJECT[out["ask"]]):
        need = _QUERY_SUBJECT[out["ask"]]
        raise ScenarioError(f"champ obligatoire pour la question « {out['ask']} »", path=f"{path}.{need}")
    if name == "create_token":
        if out["token"] in ids["objects"]:
            raise ScenarioError(f"l'identifiant « {out['token']} » est déjà pris", path=f"{path}.token")
        _id(out["token"], f"{path}.token")
    if name == "move" and not out.get("zone") and not out.get("to"):
        raise ScenarioError("la destination (« to » ou « zone ») est attendue", path=f"{path}.to")


def _choice(d: Any, path: str, ids: dict[str, set[str]]) -> dict:
    d = _dict(d, path)
    _no_unknown(
        d, {"order", "effect", "accept", "action", "note", "assign", "by", "combat_first", "play", "burn_out",
            "disarm"}, path
    )
    out: dict[str, Any] = {}
    if "action" in d and d["action"] is not None:
        out["action"] = _int(d["action"], f"{path}.action", 0, MAX_ACTIONS)
    if "assign" in d:
        # the order in which the assigning player gives lethal damage (R. 467), checked when used
        out["assign"] = _check_param(Param("assign", "objects", "ordre"), d["assign"], f"{path}.assign", ids)
        if d.get("by") is not None:
            out["by"] = _check_param(Param("by", "player", "joueur"), d["by"], f"{path}.by", ids)
    elif "disarm" in d:
        # the enemy unit a Disarm gives -X Might (R. 831.1.d)
        out["disarm"] = _check_param(Param("disarm", "object", "unité"), d["disarm"], f"{path}.disarm", ids)
    elif "combat_first" in d:
        v = _id(d["combat_first"], f"{path}.combat_first")
        if v not in ids["battlefields"]:
            raise ScenarioError(f"champ de bataille inconnu « {v} »", path=f"{path}.combat_first")
        out["combat_first"] = v
    elif "burn_out" in d:
        # the opponents chosen to gain each Burn Out point, in order (R. 432.2.c)
        v = d["burn_out"] if isinstance(d["burn_out"], list) else [d["burn_out"]]
        out["burn_out"] = tuple(
            _check_param(Param("burn_out", "player", "adversaire"), x, f"{path}.burn_out[{i}]", ids)
            for i, x in enumerate(_list(v, f"{path}.burn_out", 20))
        )
    elif "play" in d:
        out["play"] = _bool(d["play"], f"{path}.play")
        if "action" not in out:
            raise ScenarioError("l'indice de l'action « cast » facultative est attendu", path=f"{path}.action")
    elif "order" in d:
        out["order"] = _check_param(Param("order", "effects", "ordre"), d["order"], f"{path}.order", ids)
    elif "effect" in d:
        out["effect"] = _check_param(Param("effect", "effect", "effet"), d["effect"], f"{path}.effect", ids)
        out["accept"] = _bool(d.get("accept", True), f"{path}.accept")
    else:
        raise ScenarioError("« order », « effect », « assign », « combat_first », « burn_out » ou « play » est attendu",
                            path=path)
    return out


def _expect(d: Any, path: str) -> dict:
    d = _dict(d, path)
    _no_unknown(
        d,
        {
            "objects",
            "players",
            "queries",
            "events",
            "absent_events",
            "decisions",
            "outcomes",
            "outcome_count",
            "winner",
            "scores",
            "combats",
        },
        path,
    )
    for key in ("objects", "players"):
        if key in d:
            for k, v in _dict(d[key], f"{path}.{key}").items():
                _dict(v, f"{path}.{key}.{k}")
    for key in ("queries", "events", "absent_events", "decisions", "outcomes", "scores", "combats"):
        if key in d:
            _list(d[key], f"{path}.{key}", 100)
    for key in ("events", "absent_events", "decisions"):
        for i, item in enumerate(d.get(key) or []):
            _dict(item, f"{path}.{key}[{i}]")
    if "outcomes" in d:
        for i, o in enumerate(d["outcomes"]):
            picked = _dict(o, f"{path}.outcomes[{i}]").get("picked")
            if picked is not None and (not isinstance(picked, list) or not all(isinstance(x, str) for x in picked)):
                raise ScenarioError("une liste d'identifiants est attendue", path=f"{path}.outcomes[{i}].picked")
    if "outcomes" in d:
        for i, o in enumerate(d["outcomes"]):
            _expect(
                {k: v for k, v in _dict(o, f"{path}.outcomes[{i}]").items() if k not in ("picked", "label")},
                f"{path}.outcomes[{i}]",
            )
    if "outcome_count" in d:
        _int(d["outcome_count"], f"{path}.outcome_count", 0, 100)
    return d


TOP_LEVEL_KEYS = frozenset(
    {"title", "description", "topic", "players", "objects", "effects",
     "actions", "choices", "expect", "turn_player", "mode", "victory_score"}
)


def _unique_ids(ids: list[str], section: str, where: list[int] | None = None) -> set[str]:
    """The ids of a section, each once (``where``: each id's index in the section, when some entries have none)."""
    seen: set[str] = set()
    for n, oid in enumerate(ids):
        if oid in seen:
            raise ScenarioError(f"identifiant en double « {oid} »", path=f"{section}[{where[n] if where else n}].id")
        seen.add(oid)
    return seen


def _check_attachment(o: ObjectSpec, ids: dict[str, set[str]], path: str) -> None:
    if o.attached_to is not None:
        if o.attached_to not in ids["objects"]:
            raise ScenarioError(f"objet inconnu « {o.attached_to} »", path=f"{path}.attached_to")
        if o.attached_to == o.id:
            raise ScenarioError("un objet ne peut pas s'équiper à lui-même", path=f"{path}.attached_to")


def _place(o: ObjectSpec, battlefields: set[str], path: str) -> None:
    """Where an object stands (R. 105–108, 107.3): a battlefield in its own zone, an object at a battlefield only in the
    battlefield or facedown zone; the only battlefield when there is one."""
    if o.type == "battlefield":
        if o.zone != "battlefield":
            raise ScenarioError("un champ de bataille est dans la zone « battlefield »", path=f"{path}.zone")
        if o.at is not None:
            raise ScenarioError("un champ de bataille ne se trouve pas sur un autre", path=f"{path}.at")
        return
    if o.at is not None:
        if o.at not in battlefields:
            raise ScenarioError(f"champ de bataille inconnu « {o.at} »", path=f"{path}.at")
        if o.zone not in ("battlefield", "facedown"):
            raise ScenarioError(
                f"{path}.at : seul un objet dans la zone « battlefield » ou « facedown » a un champ de bataille"
            )
    elif o.zone in ("battlefield", "facedown") and len(battlefields) == 1:
        o.at = next(iter(battlefields))
    elif o.zone == "facedown":
        raise ScenarioError("une carte face cachée est sur un champ de bataille (R. 107.3)", path=f"{path}.at")
    elif o.zone == "battlefield" and battlefields:
        raise ScenarioError("précisez sur quel champ de bataille se trouve l'objet", path=f"{path}.at")


def validate(data: Any) -> Scenario:
    """Validate a parsed scenario dict and build a Scenario (no rule is applied here)."""
    data = _dict(data, "scénario")
    _no_unknown(
        data,
        TOP_LEVEL_KEYS,
        "scénario",
    )
    title = _str(_req(data, "title", "scénario"), "title", 200)
    description = _str(_req(data, "description", "scénario"), "description", 1000)
    topic = _req(data, "topic", "scénario")
    if topic not in TOPICS:
        raise ScenarioError(f"thème inconnu « {topic} » (attendu : {', '.join(TOPICS)})", path="topic")
    players = [
        _player(p, f"players[{i}]")
        for i, p in enumerate(_list(_req(data, "players", "scénario"), "players", MAX_PLAYERS))
    ]
    if not players:
        raise ScenarioError("au moins un joueur est attendu", path="players")
    ids: dict[str, set[str]] = {"players": _unique_ids([p.id for p in players], "players"), "effects": set()}
    objects = [_object(o, f"objects[{i}]", ids["players"])
               for i, o in enumerate(_list(data.get("objects", []) or [], "objects", MAX_OBJECTS))]
    ids["objects"] = _unique_ids([o.id for o in objects], "objects")
    ids["battlefields"] = {o.id for o in objects if o.type == "battlefield"}
    for i, o in enumerate(objects):
        _check_attachment(o, ids, f"objects[{i}]")
        _place(o, ids["battlefields"], f"objects[{i}]")
    raw_effects = _list(data.get("effects", []) or [], "effects", MAX_EFFECTS)
    keyed = [(i, e["id"]) for i, e in enumerate(raw_effects) if isinstance(e, dict) and isinstance(e.get("id"), str)]
    ids["effects"] = _unique_ids([eid for _, eid in keyed], "effects", [i for i, _ in keyed])
    effects = [_effect(e, f"effects[{i}]", ids) for i, e in enumerate(raw_effects)]
    actions = [
        _action(a, f"actions[{i}]", ids)
        for i, a in enumerate(_list(data.get("actions", []) or [], "actions", MAX_ACTIONS))
    ]
    total = sum(1 + len(a.get("steps", ())) for a in actions)
    if total > MAX_ACTIONS * 4:
        raise ScenarioError("trop d'instructions au total", path="actions")
    choices = [
        _choice(c, f"choices[{i}]", ids) for i, c in enumerate(_list(data.get("choices", []) or [], "choices", 20))
    ]
    expect = _expect(data["expect"], "expect") if data.get("expect") is not None else None
    turn_player = data.get("turn_player", players[0].id)
    if turn_player not in ids["players"]:
        raise ScenarioError(f"joueur inconnu « {turn_player} »", path="turn_player")
    for i, o in enumerate(objects):
        if o.controller is None and o.type != "battlefield":
            o.controller = players[0].id
        if o.zone not in BOARD_ZONES and o.defending:
            raise ScenarioError("seule une unité sur le plateau peut défendre", path=f"objects[{i}].defending")
    mode = data.get("mode", "duel")
    if mode not in Mode.values():
        raise ScenarioError(f"mode de jeu inconnu « {mode} » (attendu : {', '.join(Mode.values())})", path="mode")
    victory = _int(data.get("victory_score", VICTORY_SCORES[mode]), "victory_score", 1, 99)
    return Scenario(
        title,
        description,
        topic,
        players,
        objects,
        effects,
        actions,
        choices,
        expect,
        turn_player,
        data,
        victory_score=victory,
        mode=mode,
    )


def load_scenario(source: Any, cards: Mapping[str, dict] | None = None) -> Scenario:
    """Load a scenario from YAML text or a parsed dict; raise ScenarioError (French) if invalid.  ``cards``: the card
    records by ``id``, read for the objects that name a real card (``card: OGN-001``, see ``engine.cards``)."""
    data = parse_yaml(source) if isinstance(source, str) else source
    try:
        data = expand(data, cards)
        return validate(data)
    except ScenarioError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:  # defensive
        raise ScenarioError(f"scénario : contenu invalide ({type(exc).__name__})") from None
