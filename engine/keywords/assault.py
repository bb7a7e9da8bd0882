"""Assault X (R. 807): « While I am an attacker, I have +X Might »; granted instances are summed (R. 807.2)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.ASSAUT, "Assault", "R. 807", "passive",
                     "Assaut : +X puissance tant qu'elle attaque (R. 807.1.c)", numbered=True, summed=True)

might_while = "attacking"  # an implicit numeric increase of X in the layers, while the unit is an attacker
