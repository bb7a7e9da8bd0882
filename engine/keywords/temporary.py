"""Temporary (R. 816): « At the start of my controller's Beginning Phase, before scoring, kill this » — a triggered
ability put on the chain by ``turn`` (once however many instances, R. 816.2.a)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.TEMPORAIRE, "Temporary", "R. 816", "triggered",
                     "Temporaire : meurt au début de la phase de départ de son contrôleur, avant le score (R. 816.1.b)")
