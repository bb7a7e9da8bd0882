"""Deflect X (R. 809): an opponent's spell or ability that chooses me costs X more Power of any domain (809.1.c)."""

from ..vocab import Keyword
from .base import KeywordDef, value

KEYWORD = KeywordDef(Keyword.PROTECTION, "Deflect", "R. 809", "passive",
                     "Protection : la choisir coûte X essence runique de plus à un adversaire (R. 809.1.c)",
                     numbered=True, summed=True)


def target_cost(sim, caster: str, target: str) -> int:
    """R. 809.1.c–d: a mandatory additional cost, only for an opponent of the target's controller."""
    if sim.board.ctrl(target) == caster:
        return 0
    return value(sim.board.keywords_of(target), Keyword.PROTECTION)
