"""The names a narrated sentence reads from a trace step: an object's, an effect's or a player's name, a place, a
« pourquoi ? », and the French elisions they need.  Shared by the narration of every step kind (``narration``)
and the sentences of the events (``event_sentences``); reads only the step's ``state``."""

from __future__ import annotations

from .vocab import WHY_LABELS, WHY_RULES, ZONE_LABELS, Zone

_VOWELS = "aeiouyéèêëàâîïôûùh"


def de(name: str) -> str:
    """« de » before a name used as a proper noun, with elision: « de Vi », « d'Ahri », « d'Unité A »."""
    return f"d'{name}" if name[:1].lower() in _VOWELS else f"de {name}"


def a_(name: str) -> str:
    """« à » before a proper noun: « à Vi », « à Ahri »."""
    return f"à {name}"


def obj(step: dict, oid) -> str:
    """An object's name, as the step's state holds it (its id when the state does not know it)."""
    if oid is None:
        return "?"
    o = step.get("state", {}).get("objects", {}).get(oid)
    return o["name"] if o else str(oid)


def eff(step: dict, eid) -> str:
    """An effect's label between French quotes."""
    if eid is None:
        return "?"
    e = step.get("state", {}).get("effects", {}).get(eid)
    return f"« {e['label']} »" if e else f"« {eid} »"


def player(step: dict, pid) -> str:
    """A player's name (« le joueur » when the step names none)."""
    if pid is None:
        return "le joueur"
    p = step.get("state", {}).get("players", {}).get(pid)
    return p["name"] if p else str(pid)


def names(step: dict, ids) -> str:
    """Several objects' names, or « aucune »."""
    return ", ".join(obj(step, x) for x in ids or []) or "aucune"


def where(step: dict, dest) -> str:
    """Where something goes: a zone's French label, or a battlefield's name; the base when none is said."""
    if dest in (None, Zone.BASE):
        return Zone.BASE.label
    if dest in ZONE_LABELS:
        return ZONE_LABELS[dest]
    return obj(step, dest)


def why(w: dict | None) -> str:
    """A structured « pourquoi ? » (code, rule) as a French clause with its rule number."""
    if not w:
        return ""
    code = w.get("code")
    return f"{WHY_LABELS.get(code, code)} ({WHY_RULES.get(code, w.get('rule', ''))})"
