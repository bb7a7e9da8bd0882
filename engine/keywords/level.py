"""Level N (R. 824): a dependent keyword — its text is active while the controller has N XP or more; written as the
condition ``level: N`` of the text (``layers.text_active``)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.NIVEAU, "Level", "R. 824", "dependent",
                     "Niveau N : son texte compte tant que son contrôleur a au moins N XP (R. 824.1.b.1)",
                     numbered=True)
