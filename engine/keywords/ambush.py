"""Ambush (R. 822): the card can be played to a battlefield where its player already has units, and at Reaction
speed while it is played there."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.EMBUSCADE, "Ambush", "R. 822", "permissive",
                     "Embuscade : peut être jouée en Réaction sur un champ de bataille où son joueur a des unités "
                     "(R. 822.1.b)")


def _own_units_at(sim, dest, player: str) -> bool:
    """R. 822.3: units of the player must be there (before finalization completes)."""
    return dest not in (None, "base") and bool(sim.board.units_at(dest, player))


def play_to(sim, oid: str, dest, player: str) -> bool:
    return _own_units_at(sim, dest, player)


def play_speed(sim, oid: str, dest) -> str | None:
    return "reaction" if _own_units_at(sim, dest, sim.world.objects[oid].controller) else None
