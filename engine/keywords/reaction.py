"""Reaction (R. 813): permission to be played in closed states too — a spell's ``speed: reaction`` (``chain``)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.REACTION, "Reaction", "R. 813", "permissive",
                     "Réaction : peut être jouée à tout moment avec la priorité, même chaîne ouverte (R. 813.1.c)")


def play_speed(sim, oid: str, dest) -> str:
    return "reaction"
