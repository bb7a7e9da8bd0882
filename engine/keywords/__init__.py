"""The keywords (R. 801–832): one module per keyword a card carries, each declaring what it adds through the hooks
of ``base.HOOKS``; the rules areas ask this registry, never a keyword by its module.

Adding a keyword is a new module here (its ``KEYWORD``, its hooks, its rule numbers and narration) and its tests.
"""

from __future__ import annotations

from ..vocab import Keyword
from . import (
    accelerate,
    action,
    ambush,
    assault,
    backline,
    burn,
    deathknell,
    deflect,
    deploy,
    disarm,
    empower,
    empowered,
    equip,
    flow,
    ganking,
    hidden,
    hunt,
    legion,
    level,
    predict,
    quick_draw,
    reaction,
    repeat,
    shield,
    show_off,
    stun,
    tank,
    temporary,
    unique,
    vision,
    weaponmaster,
)
from .base import HOOKS, KeywordDef, split, value

MODULES = (accelerate, action, ambush, assault, backline, burn, deathknell, deflect, deploy, disarm, empower,
           empowered, equip, flow, ganking, hidden, hunt, legion, level, predict, quick_draw, reaction, repeat, shield,
           show_off, stun, tank, temporary, unique, vision, weaponmaster)
BY_MEMBER: dict[str, object] = {m.KEYWORD.name: m for m in MODULES}
BY_ENGLISH: dict[str, object] = {m.KEYWORD.card_name: m for m in MODULES}
# Bracketed words of the card texts that are not keywords of R. 801–832 nor game actions written as one.
NOT_KEYWORDS = frozenset({"Buff", "Add", "ADD", "Mighty", "Rune"})


def module(name: str):
    """The module of a keyword by its engine name, with or without its number (« Assaut 2 »)."""
    return BY_MEMBER.get(split(name)[0])


def of(keywords, hook: str) -> list[tuple[object, object]]:
    """(module, hook) for each distinct keyword in ``keywords`` whose module declares ``hook``."""
    assert hook in HOOKS, hook
    out, seen = [], set()
    for k in keywords:
        m = module(k)
        if m is not None and m not in seen and hasattr(m, hook):
            seen.add(m)
            out.append((m, getattr(m, hook)))
    return out


def might_while(name: str) -> str | None:
    """The designation while which a keyword adds its value to Might (Assault, Shield), else None."""
    m = module(name)
    return getattr(m, "might_while", None) if m is not None else None


def from_card(english: str) -> str | None:
    """A keyword of the card data (« Assault 2 ») as the engine writes it (« Assaut 2 »); None if not a keyword of an
    object (an instruction such as Stun, or not a keyword)."""
    base, n = split(english)
    m = BY_ENGLISH.get(base)
    if m is None or not m.KEYWORD.on_object:
        return None
    return m.KEYWORD.name + (f" {n}" if n is not None and m.KEYWORD.numbered else "")


def stays_at_battlefield(sim, oid: str) -> bool:
    """R. 323.6 « unless an effect would indicate otherwise »: a keyword that keeps a lone gear at its battlefield."""
    return any(fn(sim, oid) for _, fn in of(sim.board.keywords_of(oid), "stays_at_battlefield"))


__all__ = ["BY_ENGLISH", "BY_MEMBER", "HOOKS", "MODULES", "NOT_KEYWORDS", "Keyword", "KeywordDef", "from_card",
           "might_while", "module", "of", "split", "stays_at_battlefield", "value"]
