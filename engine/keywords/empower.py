"""Empower [Cost] (R. 827, 442): « [Cost]: Empower this.  Play only if not Empowered » — the action ``empower``."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.AMPLIFICATION, "Empower", "R. 827", "activated",
                     "Amplification : en payant ce coût, l'objet devient amplifié, une seule fois (R. 827.1.c.1)",
                     cost=True)


def run(sim, a: dict) -> None:
    o = sim.world.objects[a["object"]]
    player = sim.ctrl(o.id)
    cost = o.keyword_costs.get("empower")
    if cost is None or not o.on_board:
        sim.refuse(f"{o.name} n'a pas de coût d'Amplification sur le plateau (R. 827.1.c)")
    if o.empowered:
        sim.refuse(f"{o.name} est déjà amplifiée : « seulement si ce n'est pas amplifié » (R. 827.1.c.1)")
    problem = sim.cast_timing(player, "normal", f"Amplification de {o.name}", False)
    if problem:
        sim.refuse(problem)
    power = list(cost.get("power", ()))
    if sim.pays(player):
        sim.pay(player, f"Amplification de {o.name}", cost.get("energy", 0), tuple(d for d in power if d != "A"),
                any_power=power.count("A"))
    o.empowered = True  # R. 827.2: the source becomes Empowered
    sim.emit(Event.EMPOWERED, object=o.id, player=player)
