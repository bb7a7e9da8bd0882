"""Repeat [Cost] (R. 820): an optional additional cost; paid, the chain item's instructions are executed one more
time on resolution (820.1.d) — the spell is still played only once (820.3.a).  Paid in ``chain._do_cast``."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.REPETITION, "Repeat", "R. 820", "additional_cost",
                     "Répétition : en payant ce coût en plus, les instructions sont exécutées une fois de plus "
                     "(R. 820.1.d)", cost=True)


def steps(item_steps: list, repeated: bool) -> list:
    """R. 820.1.d.1: « as though the card said it twice »."""
    return list(item_steps) * 2 if repeated else list(item_steps)
