"""Empowered (R. 828): a dependent keyword — its text is active while its object is Empowered; written as the
condition ``empowered: true`` of the text (``layers.text_active``)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.AMPLIFIE, "Empowered", "R. 828", "dependent",
                     "Amplifié : son texte compte tant que l'objet est amplifié (R. 828.1.b.1)")
