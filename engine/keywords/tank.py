"""Tank (R. 815): « I must be assigned lethal damage before any other unit of my controller without Tank »."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.TANK, None, "R. 815", "passive",
                     "Tank : reçoit des dégâts mortels avant les autres unités de son camp (R. 815.1.b)")


def assign_rank(sim, oid: str) -> int:
    """R. 815.1.c.2: units with Tank first; between them, any order (R. 467.2.c.7)."""
    return 0
