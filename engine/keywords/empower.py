"""Empower [Cost] (R. 827, 442): « [Cost]: Empower this.  Play only if not Empowered » — the action ``empower``.

An activated ability (R. 827.1, 377): its cost is paid as it is activated, then it waits on the chain, where it can
be answered; its source becomes Empowered when it resolves, if it is still on the board (R. 359.3.e.12).  The source
is not a target (R. 827.1.b.1)."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.AMPLIFICATION, "Empower", "R. 827", "activated",
                     "Amplification : en payant ce coût, l'objet devient amplifié, une seule fois (R. 827.1.c.1)",
                     cost=True)


def run(sim, a: dict) -> None:
    """The ``empower`` action (R. 827.1.c.1, 377.3): checked and paid now, Empowered when it resolves."""
    o = sim.world.objects[a["object"]]
    player = sim.board.ctrl(o.id)
    cost = o.keyword_costs.get("empower")
    if cost is None or not o.on_board:
        sim.board.refuse(f"{o.name} n'a pas de coût d'Amplification sur le plateau (R. 827.1.c)")
    if o.empowered:
        sim.board.refuse(f"{o.name} est déjà amplifiée : « seulement si ce n'est pas amplifié » (R. 827.1.c.1)")
    label = f"Amplification de {o.name}"
    problem = sim.chain.cast_timing(player, "normal", label, False)
    if problem:
        sim.board.refuse(problem)
    sim.costs.pay_keyword_cost(player, label, cost, object=o.id, chosen=a)

    def resolve(sim) -> None:
        if not o.on_board:  # R. 359.3.e.12: its source is gone, « Empower this » is ignored
            sim.board.emit(Event.NOTHING_HAPPENS, object=o.id, why="source_gone")
            return
        o.empowered = True  # R. 827.2: the source becomes Empowered
        sim.board.emit(Event.EMPOWERED, object=o.id, player=player)

    sim.chain.activate(player, label, resolve)
