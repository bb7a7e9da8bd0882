"""Disarm X (R. 831): an attack trigger, « when I attack, give an enemy unit here -X Might this turn »; summed
(831.2), it triggers once with the total (831.1.d.1)."""

from ..vocab import Keyword
from .base import KeywordDef, value

KEYWORD = KeywordDef(Keyword.DISARM, None, "R. 831", "triggered",
                     "Disarm : quand elle attaque, une unité ennemie là-bas a -X puissance pendant ce tour "
                     "(R. 831.1.d)",
                     numbered=True, summed=True)


def on_attack(sim, oid: str) -> None:
    """The attacker's player chooses the enemy unit (an open choice, or ``choices: [{disarm: id}]``)."""
    o = sim.world.objects[oid]
    player = sim.board.ctrl(oid)
    enemies = [u for p in sim.world.players if p != player for u in sim.board.units_at(o.at, p)]
    if not enemies:
        return
    scripted = [c["disarm"] for c in sim.sc.choices if c.get("disarm") in enemies]
    if scripted:
        pick = scripted[0]
    else:
        pick = enemies[sim.choices.choose("disarm", enemies, player, [sim.board.name(u) for u in enemies])] if len(
            enemies) > 1 else enemies[0]
    n = value(sim.board.keywords_of(oid), Keyword.DISARM)
    sim.board.change_power(pick, -n, f"Disarm {n} ({sim.board.name(oid)})", "turn")
