"""Quick-Draw (R. 819): the card has Reaction, and playing it triggers its equipping to a unit of its player."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.DEGAINER, "Quick-Draw", "R. 819", "triggered",
                     "Dégainer : a Réaction ; quand on le joue, il est équipé à une unité de son joueur (R. 819.1.d)")


def play_speed(sim, oid: str, dest) -> str:
    return "reaction"  # R. 819.1.b


def on_play(sim, oid: str, a: dict) -> None:
    """R. 819.1.d: attach to the unit given by ``attach_to`` (a unit its player controls); none: nothing happens."""
    unit = a.get("attach_to")
    player = sim.board.ctrl(oid)
    if unit is None or sim.board.ctrl(unit) != player or not sim.world.objects[unit].on_board:
        sim.board.emit(Event.NOTHING_HAPPENS, object=oid, why="no_unit_to_attach")
        return
    sim.movement._do_attach({"object": oid, "to": unit})
