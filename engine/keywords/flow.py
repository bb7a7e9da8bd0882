"""Flow [Cost] (R. 829): the card may be played from the trash by paying its Flow cost instead (an alternate cost,
829.1.c.1), and is banished when it leaves the chain (829.1.b.1).  Played by ``cast {card, flow: true}``."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.FLUX, "Flow", "R. 829", "passive",
                     "Flux : se joue aussi depuis la Défausse pour son coût de Flux, puis est banni (R. 829.1.b)",
                     cost=True)
