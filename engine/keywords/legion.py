"""Legion (R. 812): a dependent keyword — its text is active once another card was played this turn (812.1.c);
written as the condition ``legion: true`` of the text (``layers.text_active``)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.LEGION, "Legion", "R. 812", "dependent",
                     "Légion : son texte compte si son joueur a joué une autre carte ce tour (R. 812.1.b.1)")
