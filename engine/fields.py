"""The value checks of a scenario's fields, each with its French message naming the field: texts, numbers,
identifiers, lists, and one check per parameter type of an effect kind or action (``Param.type``).  Used by
``scenario.py``; no rule is applied here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .errors import ScenarioError
from .kinds import PRODUCE, Param

MAX_OBJECTS = 20
MAX_EFFECTS = 200
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


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


def _known(kind: str, what: str) -> Callable:
    """An identifier of something the scenario declares (an object, a player, an effect)."""

    def check(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> str:
        v = _id(v, path)
        if v not in ids[kind]:
            raise ScenarioError(f"{what} inconnu « {v} »", path=path)
        return v

    return check


def _effects(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> tuple:
    items = _list(v, path, MAX_EFFECTS)
    if not items:
        raise ScenarioError("au moins un effet est attendu", path=path)
    return tuple(_check_param(Param(p.name, "effect", p.label), x, f"{path}[{i}]", ids) for i, x in enumerate(items))


def _objects(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> tuple:
    items = _list(v, path, MAX_OBJECTS)
    if not items:
        raise ScenarioError("au moins un objet est attendu", path=path)
    return tuple(_check_param(Param(p.name, "object", p.label), x, f"{path}[{i}]", ids) for i, x in enumerate(items))


def _enum(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> str:
    if v not in p.choices:
        raise ScenarioError(f"valeur inconnue « {v} » (attendu : {', '.join(p.choices)})", path=path)
    return v


def _location(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> str:
    if v == "base":
        return v
    v = _id(v, path)
    if v not in ids.get("battlefields", ()):
        raise ScenarioError(f"« base » ou l'identifiant d'un champ de bataille est attendu (reçu « {v} »)", path=path)
    return v


def _produce(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> tuple:
    items = _list(v, path, 8)
    for i, x in enumerate(items):
        if x not in PRODUCE:
            raise ScenarioError(f"action inconnue « {x} » (attendu : {', '.join(PRODUCE)})", path=f"{path}[{i}]")
    return tuple(items)


# each parameter type -> its check (p, value, path, declared ids) -> the value as loaded
PARAM_CHECKS: dict[str, Callable] = {
    "int": lambda p, v, path, ids: _int(v, path, p.min, p.max),
    "bool": lambda p, v, path, ids: _bool(v, path),
    "str": lambda p, v, path, ids: _str(v, path, 200),
    "object": _known("objects", "objet"),
    "player": _known("players", "joueur"),
    "effect": _known("effects", "effet"),
    "effects": _effects,
    "objects": _objects,
    "keywords": lambda p, v, path, ids: tuple(_str(x, f"{path}[{i}]", 40) for i, x in enumerate(_list(v, path, 10))),
    # ranks in a list the card prints (0 = the first): its Repeat costs
    "indices": lambda p, v, path, ids: tuple(_int(x, f"{path}[{i}]", 0, p.max)
                                             for i, x in enumerate(_list(v, path, 10))),
    "enum": _enum,
    "location": _location,
    "produce": _produce,
}


def _check_param(p: Param, v: Any, path: str, ids: dict[str, set[str]]) -> Any:
    check = PARAM_CHECKS.get(p.type)
    if check is None:  # pragma: no cover
        raise ScenarioError("type de paramètre inconnu", path=path)
    return check(p, v, path, ids)


def _params(params, d: dict, path: str, ids: dict[str, set[str]]) -> dict:
    """The parameters of an effect kind, each checked, its default when absent and optional."""
    out = {}
    for p in params:
        if p.name in d and d[p.name] is not None:
            out[p.name] = _check_param(p, d[p.name], f"{path}.{p.name}", ids)
        elif p.required:
            raise ScenarioError(f"champ obligatoire manquant ({p.label})", path=f"{path}.{p.name}")
        else:
            out[p.name] = p.default
    return out
