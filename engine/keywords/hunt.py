"""Hunt X (R. 823): « When I conquer or hold, my controller gains X XP »; granted instances are summed (823.2)."""

from ..vocab import Event, Keyword, Reason, StepKind, Why
from .base import KeywordDef, value

KEYWORD = KeywordDef(Keyword.CHASSE, "Hunt", "R. 823", "triggered",
                     "Chasse : quand elle conquiert ou occupe, son contrôleur gagne X XP (R. 823.1.c.1)",
                     numbered=True, summed=True)


def on_conquer_or_hold(sim, oid: str, player: str) -> None:
    """R. 823.1.b: a Conquer and a Hold effect of each unit of the scorer there."""
    n = value(sim.board.keywords_of(oid), Keyword.CHASSE)
    sim.tr.step(StepKind.SCORE, object=oid,
                reason={"code": Reason.HUNT, "amount": n, "why": {"code": Why.HUNT.value, "rule": Why.HUNT.doc,
                                                                  "label": Why.HUNT.label}})
    sim.board.emit(Event.HUNT_RESOLVED, object=oid, amount=n)
    sim.scoring._do_gain_xp({"player": player, "amount": n})
