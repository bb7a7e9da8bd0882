"""Hidden (R. 811, 422): the Hide action and playing from facedown live in ``engine/hidden.py``."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.CACHE, "Hidden", "R. 811", "permissive",
                     "Caché : se cache pour [A] ; au tour suivant, se joue en Réaction sans son coût de base "
                     "(R. 811.1.b)")
