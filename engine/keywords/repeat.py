"""Repeat [Cost] (R. 820): an optional additional cost; paid, the chain item's instructions are executed one more
time on resolution (820.1.d) — the spell is still played only once (820.3.a).  A card may print several Repeat costs
(Curtain Call: « [1] / [A] / [1][A] »): each is its own instance, paid or not, at most once, and each paid adds one
execution (820.1.c.2, 820.1.c.3, 820.3).  Paid in ``costs.pay_spell``; the executions built by ``playing``."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.REPETITION, "Repeat", "R. 820", "additional_cost",
                     "Répétition : en payant ce coût en plus, les instructions sont exécutées une fois de plus "
                     "(R. 820.1.d)", cost=True)


def costs(card) -> list[dict]:
    """The card's Repeat costs in printed order: the first, then those of ``more`` (R. 820.1.c.2)."""
    first = card.keyword_costs.get("repeat") if card is not None else None
    if first is None:
        return []
    return [{k: v for k, v in first.items() if k != "more"}, *first.get("more", ())]


def chosen(sim, card, a: dict) -> list[dict]:
    """The Repeat costs the ``cast`` action pays: ``repeat_costs`` (their ranks on the card) or ``repeat: true`` (the
    first one).  Each is paid at most once (R. 820.1.c.3) and must be printed on the card (R. 820.1.c)."""
    ranks = list(a.get("repeat_costs") or ([0] if a.get("repeat") else []))
    if not ranks:
        return []
    printed = costs(card)
    name = card.name if card is not None else f"« {a['label']} »"
    if card is None and a.get("repeat_costs"):
        sim.board.refuse(f"{name} : les coûts de Répétition se lisent sur la carte jouée (« card », R. 820.1.c)")
    if len(set(ranks)) != len(ranks):
        sim.board.refuse(f"{name} : chaque coût de Répétition se paie une seule fois (R. 820.1.c.3)")
    if card is not None and any(r >= len(printed) for r in ranks):
        sim.board.refuse(f"{name} n'a que {len(printed)} coût(s) de Répétition (R. 820.1.c, 820.1.c.2)")
    return [printed[r] for r in ranks] if card is not None else [{}]


def steps(item_steps: list, repeats: int) -> list:
    """R. 820.1.d.1, 820.3: « as though the card said it » once more for each Repeat cost paid.  An instruction marked
    ``execution: n`` belongs to that execution only (0 = the first): its choices may differ (R. 820.2.a); one whose
    execution does not happen is not carried out."""
    out = []
    for n in range(1 + repeats):
        out += [s for s in item_steps if s.get("execution", n) == n]
    return out
