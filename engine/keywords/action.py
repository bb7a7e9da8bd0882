"""Action (R. 806): permission to be played in showdowns on any turn — a spell's ``speed: action`` (``chain``)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.ACTION, None, "R. 806", "permissive",
                     "Action : peut être jouée pendant les confrontations, au tour de n'importe qui (R. 806.1.c)")
