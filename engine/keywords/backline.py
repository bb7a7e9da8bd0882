"""Backline (R. 826): « I must be assigned lethal damage after any other unit of my controller without Backline »."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.ARRIERE_LIGNE, "Backline", "R. 826", "passive",
                     "Arrière-ligne : reçoit des dégâts mortels après les autres unités de son camp (R. 826.3)")


def assign_rank(sim, oid: str) -> int:
    """R. 826.4.b: units with Backline last.  With Tank too, the assigning player picks one (R. 467.2.c.8, in
    ``combat``)."""
    return 2
