"""Equip [Cost] (R. 818): « [Cost]: Attach this gear to a unit you control » — the action ``equip {object, to}``.

An activated ability (R. 818.1, 377): its cost is paid as it is activated, then it waits on the chain, where it can
be answered, and attaches the gear only when it resolves — if the chosen unit is still a unit its player controls
on the board (its choice is a target, R. 818.1.b.1, 359.3.e.2)."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.EQUIPER, "Equip", "R. 818", "activated",
                     "Équiper : en payant son coût, l'équipement est équipé à une unité de son joueur (R. 818.1.c.2)",
                     cost=True)


def _can_carry(sim, unit: str, player: str) -> bool:
    """R. 818.1.c.2: a unit that ``player`` controls, on the board."""
    u = sim.world.objects[unit]
    return u.is_unit and u.on_board and sim.board.ctrl(unit) == player


def _pay(sim, gear: str, unit: str, player: str, label: str, reduce_any: int = 0, chosen: dict | None = None) -> bool:
    """Pay an Equip cost (less ``reduce_any`` [A], Weaponmaster, R. 821.1.c) for attaching ``gear`` to ``unit``;
    False when the gear has no Equip cost (R. 821.1.c.4)."""
    g = sim.world.objects[gear]
    cost = g.keyword_costs.get("equip")
    if cost is None:  # R. 821.1.c.4: no Equip cost, it can't be paid
        sim.board.emit(Event.NOTHING_HAPPENS, object=gear, why="no_equip_cost")
        return False
    if not _can_carry(sim, unit, player):
        sim.board.refuse(f"{g.name} ne peut être équipé qu'à une unité de son joueur sur le plateau (R. 818.1.c.2)")
    sim.costs.pay_keyword_cost(player, label, cost, object=gear, reduce_any=reduce_any, chosen=chosen)
    return True


def attach_paid(sim, gear: str, unit: str, player: str, label: str, reduce_any: int = 0,
                chosen: dict | None = None) -> bool:
    """Pay an Equip cost and attach at once (Weaponmaster's trigger, resolving, R. 821.1.c), ``chosen`` naming what
    the cost takes (R. 357.2).  A cost that cannot be paid, or a unit that cannot carry it — before or after paying
    (killed as the cost) — leaves the gear where it was, attached to what it was (R. 821.1.c.5); False then."""
    g = sim.world.objects[gear]
    cost = g.keyword_costs.get("equip")
    stays = cost is not None and (not _can_carry(sim, unit, player)
                                  or not sim.costs.keyword_cost_payable(player, cost, gear, reduce_any, chosen))
    if stays:
        sim.board.emit(Event.NOTHING_HAPPENS, object=gear, why="equip_unpaid")
        return False
    if not _pay(sim, gear, unit, player, label, reduce_any, chosen):
        return False
    if not _can_carry(sim, unit, player):
        sim.board.emit(Event.NOTHING_HAPPENS, object=gear, why="cannot_attach")
        return False
    sim.movement._do_attach({"object": gear, "to": unit})
    return True


def run(sim, a: dict) -> None:
    """The ``equip`` action (R. 818.1.b, 377.3): its player pays the Equip cost, the ability goes on the chain,
    and the gear attaches to the chosen unit when it resolves."""
    g = sim.world.objects[a["object"]]
    player = sim.board.ctrl(g.id)
    if g.type != "gear" or not g.on_board or "equip" not in g.keyword_costs:
        sim.board.refuse(f"{g.name} n'est pas un équipement sur le plateau avec Équiper (R. 818.1.a)")
    label = f"Équiper {g.name}"
    problem = sim.chain.cast_timing(player, "normal", label, False)
    if problem:
        sim.board.refuse(problem)
    unit = a["to"]
    _pay(sim, g.id, unit, player, label, chosen=a)

    def resolve(sim) -> None:  # R. 818.2: the Attach completes, the unit is Equipped
        sim.movement._do_attach({"object": g.id, "to": unit})
        sim.board.emit(Event.EQUIPPED, object=g.id, to=unit)

    sim.chain.activate(player, label, resolve, target=unit, legal=lambda sim: _can_carry(sim, unit, player))
