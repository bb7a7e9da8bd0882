"""Show Off [Object] (R. 832): while the card is played, its player may reveal a matching card from hand or pick a
matching friendly object on the board; the texts linked to it (832.1.c.1) read the condition ``showed_off: true``."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.SHOW_OFF, None, "R. 832", "passive",
                     "Show Off : en la jouant, son joueur peut montrer un objet de sa main ou en désigner un allié sur "
                     "le plateau ; d'autres textes de la carte s'y réfèrent (R. 832.1.c)")


def on_finalize(sim, oid: str, a: dict) -> None:
    """``show_off: id`` on the play action: a card in its player's hand or a friendly object on the board, other
    than the card played (R. 832.1.c).  What it must be (« a unit »…) is the card's text: checked by the scenario."""
    shown = a.get("show_off")
    if shown is None:
        return
    o, s = sim.world.objects[oid], sim.world.objects[shown]
    ok = shown != oid and s.controller == o.controller and (s.zone == "hand" or s.on_board)
    if not ok:
        sim.refuse(f"{s.name} ne peut pas être montrée : une carte de sa main ou un objet allié sur le plateau "
                   "(R. 832.1.c)")
    o.showed_off = shown
    sim.emit(Event.SHOWED_OFF, object=oid, shown=shown, player=o.controller)
