"""Equip [Cost] (R. 818): « [Cost]: Attach this gear to a unit you control » — the action ``equip {object, to}``."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.EQUIPER, "Equip", "R. 818", "activated",
                     "Équiper : en payant son coût, l'équipement est équipé à une unité de son joueur (R. 818.1.c.2)",
                     cost=True)


def attach_paid(sim, gear: str, unit: str, player: str, label: str, reduce_any: int = 0) -> bool:
    """Pay an Equip cost (less ``reduce_any`` [A], Weaponmaster, R. 821.1.c) and attach; False when it cannot."""
    g, u = sim.world.objects[gear], sim.world.objects[unit]
    cost = g.keyword_costs.get("equip")
    if cost is None:  # R. 821.1.c.4: no Equip cost, it can't be paid
        sim.emit(Event.NOTHING_HAPPENS, object=gear, why="no_equip_cost")
        return False
    if not u.is_unit or not u.on_board or sim.ctrl(unit) != player:
        sim.refuse(f"{g.name} ne peut être équipé qu'à une unité de son joueur sur le plateau (R. 818.1.c.2)")
    energy, power = cost.get("energy", 0), list(cost.get("power", ()))
    anys = power.count("A")
    named = tuple(d for d in power if d != "A")
    anys = max(0, anys - reduce_any)  # R. 821.1.c.3: only an [A] is reduced
    if sim.pays(player):
        sim.pay(player, label, energy, named, any_power=anys)
    sim._do_attach({"object": gear, "to": unit})
    return True


def run(sim, a: dict) -> None:
    """The ``equip`` action (R. 818.1.b): its player pays the Equip cost and the gear attaches to the chosen unit."""
    g = sim.world.objects[a["object"]]
    player = sim.ctrl(g.id)
    if g.type != "gear" or not g.on_board or "equip" not in g.keyword_costs:
        sim.refuse(f"{g.name} n'est pas un équipement sur le plateau avec Équiper (R. 818.1.a)")
    problem = sim.cast_timing(player, "normal", f"Équiper {g.name}", False)
    if problem:
        sim.refuse(problem)
    attach_paid(sim, g.id, a["to"], player, f"Équiper {g.name}")
    sim.emit(Event.EQUIPPED, object=g.id, to=a["to"])
