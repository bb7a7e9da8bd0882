"""Vision (R. 817): « When this is played, Predict » (look at the top card, may recycle it); each instance triggers
separately (817.2)."""

from ..vocab import Keyword
from . import predict
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.VISION, None, "R. 817", "triggered",
                     "Vision : quand elle est jouée, son joueur regarde la carte du dessus de son deck et peut la "
                     "recycler (R. 817.1.b)")


def on_play(sim, oid: str, a: dict) -> None:
    """``recycle: true`` on the play action: the player recycles the card seen (R. 817.2.a)."""
    predict.predict(sim, sim.board.ctrl(oid), 1, 1 if a.get("recycle") else 0, source=oid)
