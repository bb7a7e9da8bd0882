"""Scenario data: loading YAML (or a dict) and validating it with French messages.

Nothing here computes a rule; it only checks that a scenario states a situation and actions
the engine understands, and that it stays small enough to terminate quickly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from .cards import expand, validate_costs
from .errors import EngineLimitError, ScenarioError, format_path, parse_path  # noqa: F401 (re-exported)
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
    PRODUCE,
    TOPICS,
    VICTORY_SCORES,
    XP_RANGE,
    ZONES,
    Mode,
    Param,
)
from .live_state import EffectSpec, ObjectSpec, PlayerSpec

MAX_TEXT = 64 * 1024
MAX_OBJECTS = 20
MAX_EFFECTS = 200
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
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


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


# --------------------------------------------------------------------------- validation helpers


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _req(d: dict, key: str, path: str) -> Any:
    if key not in d or d[key] is None:
        raise ScenarioError("champ obligatoire manquant", path=f"{path}.{key}")
    return d[key]


def _str(v: Any, path: str, maxlen: int = 500) -> str:
    if not isinstance(v, str) or not v.strip():
        raise ScenarioError("un texte non vide est attendu", path=path)
    if len(v) > maxlen:
        raise ScenarioError(f"texte trop long (maximum {maxlen} caractères)", path=path)
    return v


def _int(v: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if not _is_int(v):
        raise ScenarioError("un nombre entier est attendu", path=path)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise ScenarioError(f"la valeur doit être comprise entre {lo} et {hi}", path=path)
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise ScenarioError("vrai ou faux (true/false) est attendu", path=path)
    return v


def _id(v: Any, path: str) -> str:
    if not isinstance(v, str) or not ID_RE.match(v):
        raise ScenarioError("identifiant invalide (lettres, chiffres, « - », « _ » ou « . »)", path=path)
    return v


def _list(v: Any, path: str, maxlen: int) -> list:
    if not isinstance(v, list):
        raise ScenarioError("une liste est attendue", path=path)
    if len(v) > maxlen:
        raise ScenarioError(f"trop d'éléments (maximum {maxlen})", path=path)
    return v


def _dict(v: Any, path: str) -> dict:
    if not isinstance(v, dict):
        raise ScenarioError("un dictionnaire (clé: valeur) est attendu", path=path)
    for k in v:
        if not isinstance(k, str):
            raise ScenarioError("les clés doivent être des textes", path=path)
    return v


def _no_unknown(d: dict, allowed: set[str], path: str) -> None:
    for k in d:
        if k not in allowed:
            raise ScenarioError("champ inconnu", path=f"{path}.{k}")


def _check_param(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> Any:
    t = p.type
    if t == "int":
        return _int(v, path, p.min, p.max)
    if t == "bool":
        return _bool(v, path)
    if t == "str":
        return _str(v, path, 200)
    if t == "object":
        v = _id(v, path)
        if v not in ids["objects"]:
            raise ScenarioError(f"objet inconnu « {v} »", path=path)
        return v
    if t == "player":
        v = _id(v, path)
        if v not in ids["players"]:
            raise ScenarioError(f"joueur inconnu « {v} »", path=path)
        return v
    if t == "effect":
        v = _id(v, path)
        if v not in ids["effects"]:
            raise ScenarioError(f"effet inconnu « {v} »", path=path)
        return v
    if t == "effects":
        return tuple(
            _check_param(Param(p.name, "effect", p.label), x, f"{path}[{i}]", ids)
            for i, x in enumerate(_list(v, path, MAX_EFFECTS))
        )
    if t == "objects":
        items = _list(v, path, MAX_OBJECTS)
        if not items:
            raise ScenarioError("au moins un objet est attendu", path=path)
        return tuple(
            _check_param(Param(p.name, "object", p.label), x, f"{path}[{i}]", ids) for i, x in enumerate(items)
        )
    if t == "keywords":
        items = _list(v, path, 10)
        return tuple(_str(x, f"{path}[{i}]", 40) for i, x in enumerate(items))
    if t == "enum":
        if v not in p.choices:
            raise ScenarioError(f"valeur inconnue « {v} » (attendu : {', '.join(p.choices)})", path=path)
        return v
    if t == "location":
        if v == "base":
            return v
        v = _id(v, path)
        if v not in ids.get("battlefields", ()):
            raise ScenarioError(
                f"« base » ou l'identifiant d'un champ de bataille est attendu (reçu « {v} »)",
                path=path,
            )
        return v
    if t == "produce":
        items = _list(v, path, 8)
        for i, x in enumerate(items):
            if x not in PRODUCE:
                raise ScenarioError(f"action inconnue « {x} » (attendu : {', '.join(PRODUCE)})", path=f"{path}[{i}]")
        return tuple(items)
    raise ScenarioError("type de paramètre inconnu", path=path)  # pragma: no cover


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
    target = d.get("target")
    targets: tuple[str, ...] = ()
    if target is not None:
        if target in ("source", "attached", "allies"):
            if source is None:
                raise ScenarioError(f"« {target} » exige une source (champ source)", path=f"{path}.target")
        else:
            target = _check_param(Param("target", "object", "cible"), target, f"{path}.target", ids)
    if d.get("targets") is not None:
        targets = _check_param(Param("targets", "objects", "cibles"), d["targets"], f"{path}.targets", ids)
    if kind.category == "continuous" and target is None and not targets:
        raise ScenarioError("une cible est attendue pour cette sorte d'effet", path=f"{path}.target")
    starts = d.get("starts", "now")
    if starts not in ("now", "later"):
        raise ScenarioError("« now » ou « later » est attendu", path=f"{path}.starts")
    since = d.get("since")
    if since is not None:
        since = _int(since, f"{path}.since", 0, 10_000)
    if kind.category == "continuous" and starts == "now" and since is None:
        raise ScenarioError("un horodatage (nombre entier) est attendu pour un effet déjà en cours (ou starts: later)",
                            path=f"{path}.since")
    if starts == "later":
        since = None
    duration = d.get("duration", "permanent")
    if duration not in DURATIONS:
        raise ScenarioError(
            f"durée inconnue « {duration} » (attendu : {', '.join(DURATIONS)})",
            path=f"{path}.duration",
        )
    cond_in = _dict(d.get("condition", {}) or {}, f"{path}.condition")
    cond = {}
    for k, v in cond_in.items():
        if k not in CONDITIONS:
            raise ScenarioError(f"condition inconnue (attendu : {', '.join(CONDITIONS)})", path=f"{path}.condition.{k}")
        cond[k] = _check_param(CONDITIONS[k], v, f"{path}.condition.{k}", ids)
    if target == "allies" and kind.category != "continuous":
        raise ScenarioError("« allies » n'est possible que pour un effet continu", path=f"{path}.target")
    if any(k in cond for k in ACTIVITY_CONDITIONS) and source is None:
        raise ScenarioError("Niveau, Légion ou « équipé » exigent une source (champ source)", path=f"{path}.condition")
    params = {}
    for p in kind.params:
        if p.name in d and d[p.name] is not None:
            params[p.name] = _check_param(p, d[p.name], f"{path}.{p.name}", ids)
        elif p.required:
            raise ScenarioError(f"champ obligatoire manquant ({p.label})", path=f"{path}.{p.name}")
        else:
            params[p.name] = p.default
    return EffectSpec(eid, label, kind_name, source, target, targets, since, starts == "later", duration, cond, params)


def _action(d: Any, path: str, ids: dict[str, set[str]], depth: int = 0) -> dict:
    d = _dict(d, path)
    name = _req(d, "do", path)
    if name not in ACTIONS:
        raise ScenarioError(f"action inconnue « {name} » (attendu : {', '.join(ACTIONS)})", path=f"{path}.do")
    _label, params = ACTIONS[name]
    _no_unknown(d, {"do", "note"} | {p.name for p in params}, path)
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
                out["steps"] = [_action(s, f"{path}.steps[{i}]", ids, depth + 1) for i, s in enumerate(steps)]
            else:
                out[p.name] = _check_param(p, d[p.name], f"{path}.{p.name}", ids)
        elif p.required:
            raise ScenarioError(f"champ obligatoire manquant ({p.label})", path=f"{path}.{p.name}")
        elif not p.quiet:
            out[p.name] = p.default
    if name == "start" and not out.get("effect") and not out.get("effects"):
        raise ScenarioError("l'effet à lancer est attendu", path=f"{path}.effect")
    if name == "swap" and len(out["objects"]) != 2:
        raise ScenarioError("un échange concerne exactement deux objets", path=f"{path}.objects")
    if name == "query":
        need = {
            "power": "object",
            "reference_power": "object",
            "keywords": "object",
            "mighty": "object",
            "zone": "object",
            "controller": "object",
            "exhausted": "object",
            "damage": "object",
            "location": "object",
            "xp": "player",
            "points": "player",
            "hand": "player",
            "deck": "player",
            "active": "effect",
        }[out["ask"]]
        if not out.get(need):
            raise ScenarioError(f"champ obligatoire pour la question « {out['ask']} »", path=f"{path}.{need}")
    if name == "create_token":
        if out["token"] in ids["objects"]:
            raise ScenarioError(f"l'identifiant « {out['token']} » est déjà pris", path=f"{path}.token")
        _id(out["token"], f"{path}.token")
    if name == "move" and not out.get("zone") and not out.get("to"):
        raise ScenarioError("la destination (« to » ou « zone ») est attendue", path=f"{path}.to")
    return out


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
    ids: dict[str, set[str]] = {"players": set(), "objects": set(), "effects": set()}
    for i, p in enumerate(players):
        if p.id in ids["players"]:
            raise ScenarioError(f"identifiant en double « {p.id} »", path=f"players[{i}].id")
        ids["players"].add(p.id)
    raw_objects = _list(data.get("objects", []) or [], "objects", MAX_OBJECTS)
    objects = []
    for i, o in enumerate(raw_objects):
        spec = _object(o, f"objects[{i}]", ids["players"])
        if spec.id in ids["objects"]:
            raise ScenarioError(f"identifiant en double « {spec.id} »", path=f"objects[{i}].id")
        ids["objects"].add(spec.id)
        objects.append(spec)
    for i, o in enumerate(objects):
        if o.attached_to is not None:
            if o.attached_to not in ids["objects"]:
                raise ScenarioError(f"objet inconnu « {o.attached_to} »", path=f"objects[{i}].attached_to")
            if o.attached_to == o.id:
                raise ScenarioError("un objet ne peut pas s'équiper à lui-même", path=f"objects[{i}].attached_to")
    ids["battlefields"] = {o.id for o in objects if o.type == "battlefield"}
    for i, o in enumerate(objects):
        if o.type == "battlefield":
            if o.zone != "battlefield":
                raise ScenarioError("un champ de bataille est dans la zone « battlefield »", path=f"objects[{i}].zone")
            if o.at is not None:
                raise ScenarioError("un champ de bataille ne se trouve pas sur un autre", path=f"objects[{i}].at")
            continue
        if o.at is not None:
            if o.at not in ids["battlefields"]:
                raise ScenarioError(f"champ de bataille inconnu « {o.at} »", path=f"objects[{i}].at")
            if o.zone not in ("battlefield", "facedown"):
                raise ScenarioError(
                    f"objects[{i}].at : seul un objet dans la zone « battlefield » ou « facedown » a un champ "
                    "de bataille"
                )
        elif o.zone in ("battlefield", "facedown") and len(ids["battlefields"]) == 1:
            o.at = next(iter(ids["battlefields"]))
        elif o.zone == "facedown":
            raise ScenarioError(
                "une carte face cachée est sur un champ de bataille (R. 107.3)",
                path=f"objects[{i}].at",
            )
        elif o.zone == "battlefield" and ids["battlefields"]:
            raise ScenarioError("précisez sur quel champ de bataille se trouve l'objet", path=f"objects[{i}].at")
    raw_effects = _list(data.get("effects", []) or [], "effects", MAX_EFFECTS)
    for i, e in enumerate(raw_effects):
        if isinstance(e, dict) and isinstance(e.get("id"), str):
            if e["id"] in ids["effects"]:
                raise ScenarioError(f"identifiant en double « {e['id']} »", path=f"effects[{i}].id")
            ids["effects"].add(e["id"])
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
