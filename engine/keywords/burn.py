"""Burn N (R. 441): put the top N cards of one's Main Deck into one's trash; with too few cards, Burn Out
(R. 432.1.b)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.BRULER, "Burn", "R. 441", "action",
                     "Brûler : les N cartes du dessus de son deck vont dans sa Défausse (R. 441)", numbered=True,
                     on_object=False)


def run(sim, a: dict) -> None:
    """The ``burn`` action: ``{player, amount}``, one card at a time (R. 432.1.b: an empty deck burns out first)."""
    for _ in range(a["amount"]):
        if sim.world.scoring.winner is not None:
            return
        sim.scoring.take_top(a["player"], "trash")
