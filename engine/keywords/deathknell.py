"""Deathknell (R. 808): « When I die, [Effect] » — the effect is written in the scenario as a ``triggered`` text
(``when: died, subject: self``), read as it was just before the death (R. 808.1.d.3)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.AGONIE, "Deathknell", "R. 808", "triggered",
                     "Agonie : sa compétence se déclenche quand elle meurt (R. 808.1.c)")
