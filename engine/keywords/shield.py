"""Shield X (R. 814): « While I am a defender, I have +X Might »; granted instances are summed (R. 814.2)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.BOUCLIER, "Shield", "R. 814", "passive",
                     "Bouclier : +X puissance tant qu'elle défend (R. 814.1.c)", numbered=True, summed=True)

might_while = "defending"  # an implicit numeric increase of X in the layers, while the unit is a defender
