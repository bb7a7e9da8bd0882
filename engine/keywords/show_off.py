"""Show Off [Object] (R. 832): while the card is played — a unit (``play_unit``) or a spell (``cast``) — its player may
reveal a matching card from hand or pick a matching friendly object on the board; the texts linked to it (832.1.c.1)
read the condition ``showed_off: true`` (a triggered ability, a static text) or, inside a spell, the instruction's
own ``showed_off: true|false``; what they read of the object shown is taken as it was shown (832.1.d.1)."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.SHOW_OFF, None, "R. 832", "passive",
                     "Show Off : en la jouant, son joueur peut montrer un objet de sa main ou en désigner un allié sur "
                     "le plateau ; d'autres textes de la carte s'y réfèrent (R. 832.1.c)")


def on_finalize(sim, oid: str, a: dict) -> None:
    """``show_off: id`` on the play action: a card in its player's hand or a friendly object on the board, other
    than the card played (R. 832.1.c), decided as the card is finalized (832.1.c.2).  What it must be (« a unit »…)
    is the card's text: checked by the scenario.  Its values are read now, once (R. 832.1.d.1)."""
    o = sim.world.objects[oid]
    o.showed_off, o.shown_values = None, {}
    shown = a.get("show_off")
    if shown is None:
        return
    s = sim.world.objects[shown]
    ok = shown != oid and s.controller == o.controller and (s.zone == "hand" or s.on_board)
    if not ok:
        sim.board.refuse(f"{s.name} ne peut pas être montrée : une carte de sa main ou un objet allié sur le plateau "
                         "(R. 832.1.c)")
    o.showed_off = shown
    o.shown_values = {"might": sim.board.power(shown), "cost": s.cost, "power_cost": len(s.power_cost)}
    sim.board.emit(Event.SHOWED_OFF, object=oid, shown=shown, player=o.controller)


def linked_steps(sim, card, steps: list) -> list:
    """A spell's instructions linked to its Show Off (R. 832.1.c.1): one marked ``showed_off: true`` is carried out
    only if the spell showed off, ``false`` only if it did not; ``might_of_shown`` (« damage equal to that unit's
    Might ») deals the Might the object had when it was shown (R. 832.1.d.1), and needs an object shown."""
    if not any("showed_off" in s or s.get("might_of_shown") for s in steps):
        return steps
    if card is None or not any(k == KEYWORD.name for k in card.keywords):
        sim.board.refuse(
            "une instruction liée à Show Off demande un sort qui a Show Off, joué avec « card » (R. 832.1)")
    did = card.showed_off is not None
    out = []
    for s in steps:
        if s.get("showed_off", did if not s.get("might_of_shown") else True) != did:
            continue
        if s.get("might_of_shown"):
            s = {**s, "amount": card.shown_values["might"]}
        out.append(s)
    return out

