"""Ganking (R. 810): the unit's standard move may also take it from one battlefield to another."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.GANK, "Ganking", "R. 810", "passive",
                     "Gank : son déplacement standard peut aller d'un champ de bataille à un autre (R. 810.1.b)")


def moves_between_battlefields(sim, oid: str) -> bool:
    return True
