"""Stun (R. 424): an instruction of a spell's text (« [Stun] a unit »), the ``stun`` action: the unit deals no combat
damage this turn (``combat.side_might``)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.ETOURDIR, "Stun", "R. 424", "action",
                     "Étourdir : l'unité n'inflige pas de dégâts de combat jusqu'à la fin du tour (R. 424)",
                     on_object=False)
