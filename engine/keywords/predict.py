"""Predict N (R. 437): look at the top N cards of one's Main Deck, recycle any of them, put the rest back in any order —
an instruction (action ``predict``), and what Vision does when its permanent is played (R. 817.1.b)."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.PREDICTION, "Predict", "R. 437", "action",
                     "Prédiction : regarder les N cartes du dessus de son deck et recycler celles qu'on veut (R. 437)",
                     numbered=True, on_object=False)


def predict(sim, player: str, amount: int, recycle: int, source: str | None = None) -> None:
    """R. 437: the deck keeps its size — recycled cards go under it (R. 417); the cards are not described, so only
    how many were looked at and recycled is told.  An empty deck shows nothing (no Burn Out: nothing is moved)."""
    p = sim.world.players[player]
    looked = min(amount, p.deck)
    sim.board.emit(Event.PREDICTED, player=player, looked=looked, recycled=min(recycle, looked), object=source)


def run(sim, a: dict) -> None:
    """The ``predict`` action: ``{player, amount, recycle}``."""
    predict(sim, a["player"], a["amount"], a.get("recycle", 0))
