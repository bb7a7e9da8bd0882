"""Weaponmaster (R. 821): a play effect that picks one of its player's Equipment and equips it to this unit for the
Equip cost less [A] (R. 821.1.c, 821.1.c.3)."""

from ..vocab import Keyword
from . import equip
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.EXPERT_EN_ARMES, "Weaponmaster", "R. 821", "triggered",
                     "Expert en armes : quand on la joue, son joueur peut lui équiper un de ses objets en payant "
                     "son coût d'Équiper moins [A] (R. 821.1.c)")


def on_play(sim, oid: str, a: dict) -> None:
    """``weaponmaster: gear id`` on the play action chooses the Equipment (R. 821.1.c); not given, none is chosen.
    What its Equip cost takes (``kill``, ``exhaust``, ``discard``) and the cost chosen (``cost_option``) are named on
    the same action (R. 357.2)."""
    gear = a.get("weaponmaster")
    if gear is None:
        return
    g = sim.world.objects[gear]
    if "Equipment" not in g.tags or sim.board.ctrl(gear) != sim.board.ctrl(oid):
        sim.board.refuse(f"{g.name} n'est pas un équipement (tag Equipment) de ce joueur (R. 821.1.c)")
    equip.attach_paid(sim, gear, oid, sim.board.ctrl(oid), f"Expert en armes : {g.name}", reduce_any=1, chosen=a)
