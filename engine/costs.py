"""Costs and resources (R. 160–168, 356–358, 431, 445): runes, the Rune Pool, Energy and Power by
domain, Accelerate's additional cost (R. 805) and Deflect's (R. 809).

``Costs`` is the rules area ``sim.costs`` of the simulator (``sim.Sim``).  A player « pays » (the pool is
checked) once the scenario describes their resources: a ``pool``, a ``rune_deck`` list, or rune objects they
control.  A player
described only by counts keeps the count-only model (cards are played without a cost check).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations

from . import keywords
from .area import Area
from .kinds import Event, Keyword
from .layers import text_active
from .live_state import Obj
from .movement import put_in_trash, recycle_from_trash, take_from_hand

DEFLECT = Keyword.PROTECTION  # Deflect (R. 809)


def _exhaust(sim, oid: str, label: str) -> None:
    o = sim.world.objects[oid]
    if not o.on_board or o.exhausted:
        sim.board.refuse(
            f"« {label} » : {o.name} doit être sur le plateau et prêt pour être épuisé (R. 415.4, 415.1.b)")
    o.exhausted = True
    sim.board.emit(Event.EXHAUSTED, object=oid)


def _friendly_unit(sim, player: str, oid: str | None, what: str, label: str, rule: str) -> str:
    """The friendly unit the action names for a cost (``kill`` or ``exhaust``)."""
    o = sim.world.objects.get(oid) if oid else None
    if o is None or not o.is_unit or not o.on_board or sim.board.ctrl(oid) != player:
        sim.board.refuse(f"« {label} » : il faut {what} une unité alliée sur le plateau, nommée par l'action ({rule})")
    return oid


def _exhaust_this(sim, player, label, n, source, chosen) -> None:
    _exhaust(sim, source, label)  # the exhaust symbol (R. 415.5)


def _exhaust_friendly(sim, player, label, n, source, chosen) -> None:
    _exhaust(sim, _friendly_unit(sim, player, chosen.get("exhaust"), "épuiser", label, "R. 415.4"), label)


def _kill_friendly(sim, player, label, n, source, chosen) -> None:
    sim.board.kill_now(_friendly_unit(sim, player, chosen.get("kill"), "tuer", label, "R. 429.1.a.1"))  # R. 357.2.a


def _discard(sim, player, label, n, source, chosen) -> None:
    p = sim.world.players[player]
    if p.hand < n:
        sim.board.refuse(f"« {label} » : défausser {n} carte(s) est impossible avec {p.hand} en main (R. 423.3)")
    take_from_hand(p, n)
    put_in_trash(p, n)


def _discard_spell(sim, player, label, n, source, chosen) -> None:
    o = sim.world.objects.get(chosen.get("discard") or "")
    if o is None or o.zone != "hand" or o.type != "spell" or o.controller != player:
        sim.board.refuse(
            f"« {label} » : il faut défausser un sort de sa main, nommé par l'action (« discard », R. 423.3)")
    sim.movement.place(o, "discard")
    take_from_hand(sim.world.players[player])


def _recycle_trash(sim, player, label, n, source, chosen) -> None:
    p = sim.world.players[player]
    if p.trash < n:
        sim.board.refuse(f"« {label} » : recycler {n} carte(s) de la Défausse est impossible avec {p.trash} (R. 417.3)")
    recycle_from_trash(p, n)  # to the bottom of the main deck (R. 417.1.a)


def _spend_xp(sim, player, label, n, source, chosen) -> None:
    p = sim.world.players[player]
    if p.xp < n:
        sim.board.refuse(f"« {label} » : dépenser {n} XP est impossible avec {p.xp} XP (R. 730.2)")
    sim.scoring.spend_xp(player, n)


# each cost that is not a resource (engine.cards.OTHER_KINDS) -> how it is paid, and how it is said
OTHER_COSTS = {"exhaust_this": _exhaust_this, "exhaust_friendly": _exhaust_friendly, "kill_friendly": _kill_friendly,
               "discard": _discard, "discard_spell": _discard_spell, "recycle_trash": _recycle_trash,
               "spend_xp": _spend_xp}
def _ready(o) -> bool:
    return o.on_board and not o.exhausted


def _in_hand(sim, player: str, oid: str) -> bool:
    o = sim.world.objects[oid]
    return o.zone == "hand" and o.controller == player


def _unit_ok(sim, player: str, oid: str | None, ready: bool = False) -> bool:
    o = sim.world.objects.get(oid) if oid else None
    return oid is None or (o is not None and o.is_unit and o.on_board and sim.board.ctrl(oid) == player
                           and not (ready and o.exhausted))


# each cost that is not a resource -> whether it can be paid now (an object not named: left to its payment)
_PAYABLE = {
    "exhaust_this": lambda sim, pl, n, src, ch: _ready(sim.world.objects[src]),
    "exhaust_friendly": lambda sim, pl, n, src, ch: _unit_ok(sim, pl, ch.get("exhaust"), ready=True),
    "kill_friendly": lambda sim, pl, n, src, ch: _unit_ok(sim, pl, ch.get("kill")),
    "discard": lambda sim, pl, n, src, ch: sim.world.players[pl].hand >= n,
    "discard_spell": lambda sim, pl, n, src, ch: ch.get("discard") is None or _in_hand(sim, pl, ch["discard"]),
    "recycle_trash": lambda sim, pl, n, src, ch: sim.world.players[pl].trash >= n,
    "spend_xp": lambda sim, pl, n, src, ch: sim.world.players[pl].xp >= n,
}


class Costs(Area):
    """Rune Pool, Add abilities of runes, paying costs (the area ``sim.costs``)."""

    def init_costs(self) -> None:
        """Copy each player's Rune Pool (R. 166); a player controlling runes pays their costs (R. 357)."""
        w = self.world
        for p in w.players.values():
            p.essence = dict(p.essence)  # the scenario's situation is never changed
            p.rune_deck = tuple(p.rune_deck)
            if any(o.type == "rune" and o.controller == p.id for o in w.objects.values()):
                p.pays = True
        self.world.costs.rune_no = 0

    def pays(self, pid: str | None) -> bool:
        """Whether ``pid``'s costs are checked against their Rune Pool (R. 357)."""
        return pid is not None and self.world.players[pid].pays

    def pool_text(self, pid: str) -> str:
        """The Rune Pool in French: Energy and Power by domain (R. 163, 166)."""
        p = self.world.players[pid]
        parts = [f"{p.energy} Énergie"] + [f"{n} {d}" for d, n in sorted(p.essence.items()) if n]
        return ", ".join(parts)

    # ------------------------------------------------------------------ runes (R. 160–164, 431)
    def _do_add(self, a):
        """A rune's Add ability (R. 164.2): exhaust it for 1 Energy, or recycle it (R. 417.1.b) for 1
        Power of its domain.  An Add ability resolves at once, without the chain (R. 337.2)."""
        o = self.world.objects[a["object"]]
        pid = o.controller
        if o.type != "rune" or not o.on_board or pid is None:
            self.sim.board.refuse(
                f"{o.name} n'est pas une rune sur le plateau : seule une rune ajoute des ressources (R. 164.2)")
        p = self.world.players[pid]
        p.pays = True
        if a["how"] == "energy":
            if o.exhausted:
                self.sim.board.refuse(f"{o.name} est déjà épuisée : épuiser est le coût de son Énergie (R. 164.2.a)")
            o.exhausted = True
            self.sim.board.emit(Event.EXHAUSTED, object=o.id)
            p.energy += 1
            self.sim.board.emit(Event.RESOURCE_ADDED, player=pid, object=o.id, energy=1, pool=self.pool_text(pid))
            return
        domain = o.domains[0] if o.domains else "Universelle"
        self.sim.movement.place(o, "rune_deck")
        p.rune_deck = p.rune_deck + (domain,)
        p.runes += 1
        self.sim.board.emit(Event.RECYCLED, object=o.id, player=pid)
        p.essence[domain] = p.essence.get(domain, 0) + 1
        self.sim.board.emit(Event.RESOURCE_ADDED, player=pid, object=o.id, domain=domain, pool=self.pool_text(pid))

    def channel(self, pid: str, n: int) -> None:
        """Channel (R. 431): the top runes of the rune deck go on the board, ready (R. 431.2.a); as
        many as there are (R. 431.3).  Without a described rune deck, only the count changes."""
        p = self.world.players[pid]
        n = min(n, p.runes)
        p.runes -= n
        if p.rune_deck:
            taken, p.rune_deck = p.rune_deck[:n], p.rune_deck[n:]
            for domain in taken:
                self.world.costs.rune_no += 1
                rid = f"rune-{pid}-{self.world.costs.rune_no}"
                while rid in self.world.objects:
                    self.world.costs.rune_no += 1
                    rid = f"rune-{pid}-{self.world.costs.rune_no}"
                self.world.objects[rid] = Obj(rid, f"Rune de {domain.lower()}", "rune", zone="base",
                                              controller=pid, domains=(domain,), since=self.world.clock)
                self.sim.effects.forget_on_board(rid)
        self.sim.board.emit(Event.RUNES_CHANNELED, player=pid, amount=n)

    def empty_pools(self, why: str) -> None:
        """R. 167: every Rune Pool empties at the start of each Main Phase and at the end of each turn."""
        for pid, p in self.world.players.items():
            if p.energy or any(p.essence.values()):
                p.energy, p.essence = 0, {}
                self.sim.board.emit(Event.POOL_EMPTIED, player=pid, why=why)

    # ------------------------------------------------------------------ paying (R. 356–358, 445)
    def deflect_cost(self, caster: str, target: str | None) -> int:
        """R. 809.1.c: a spell or ability of an opponent choosing a Deflect object costs its Deflect
        Value more, in Power of any domain (R. 809.1.c.1); several Deflect add up (R. 809.2)."""
        if target is None or not self.world.objects[target].on_board:
            return 0
        if self.sim.board.ctrl(target) is None:
            return 0
        hooks = keywords.of(self.sim.board.keywords_of(target), "target_cost")
        return sum(fn(self.sim, caster, target) for _, fn in hooks)

    def pay(self, pid: str, label: str, energy: int, power: tuple[str, ...] = (),
            one_of: tuple[str, ...] | None = None, any_power: int = 0) -> None:
        """Pay a total cost from the pool (R. 357.1, 445.1): Energy, then Power of a named domain, then
        the Power that may be one of several domains (Accelerate, R. 805.1.b.1), then Power of any domain
        (Deflect).  Short of it, the card cannot be played (R. 358.2)."""
        p = self.world.players[pid]
        missing, pool = self.shortfall(pid, energy, power, one_of, any_power)
        if missing:
            self.sim.board.refuse(
                f"{self.world.players[pid].name} ne peut pas payer « {label} » : il manque "
                + ", ".join(missing) + " dans sa Réserve runique (R. 357.1, 358.2, 445)"
            )
        for _ in range(any_power):
            d = max((d for d in pool if pool[d] > 0), key=lambda d: (pool[d], d))
            pool[d] -= 1
        spent = {d: p.essence[d] - pool.get(d, 0) for d in p.essence if p.essence[d] != pool.get(d, 0)}
        p.energy -= energy
        p.essence = {d: n for d, n in pool.items() if n}
        self.sim.board.emit(
            Event.COST_PAID, player=pid, label=label, energy=energy, essence=spent, pool=self.pool_text(pid))

    def shortfall(self, pid: str, energy: int, power: tuple[str, ...] = (), one_of: tuple[str, ...] | None = None,
                  any_power: int = 0) -> tuple[list[str], dict]:
        """What the Rune Pool lacks to pay this cost (French, empty when it can be paid, R. 358.2), and the Power left
        once the named and the one-of-several domains are taken (R. 357.1)."""
        p = self.world.players[pid]
        pool = dict(p.essence)
        missing = []
        if p.energy < energy:
            missing.append(f"{energy} Énergie (réserve : {p.energy})")
        for d in power:
            if pool.get(d, 0) > 0:
                pool[d] -= 1
            else:
                missing.append(f"1 essence runique {d}")
        paid_one = None
        if one_of is not None:
            options = [d for d in (one_of or tuple(pool)) if pool.get(d, 0) > 0]
            if options:
                paid_one = max(options, key=lambda d: (pool[d], d))
                pool[paid_one] -= 1
            else:
                missing.append("1 essence runique " + (" ou ".join(one_of) if one_of else "de n'importe quel domaine"))
        if sum(pool.values()) < any_power:
            missing.append(f"{any_power} essence runique de n'importe quel domaine")
        return missing, pool

    def pay_keyword_cost(self, player: str, label: str, cost: dict, object: str | None = None,
                         reduce_any: int = 0, chosen: dict | None = None) -> None:
        """A keyword's cost (Equip, Empower: R. 818.1.c.3, 827.1.c.2), paid as the ability is activated (R. 357):
        the cost chosen among its alternatives (``chosen["cost_option"]``), its Energy and Power from the Rune Pool,
        less ``reduce_any`` [A] (Weaponmaster, R. 821.1.c.3), then its costs that are not resources (R. 357.2)."""
        chosen = chosen or {}
        options = [cost, *cost.get("or", ())]
        pick = chosen.get("cost_option") or 0
        if not 0 <= pick < len(options):
            self.sim.board.refuse(f"« {label} » n'a que {len(options)} coût(s) au choix (R. 357)")
        cost = options[pick]
        power = list(cost.get("power", ()))
        anys = max(0, power.count("A") - reduce_any)
        only_other = not cost.get("energy") and not power and cost.get("other")
        if self.pays(player) and not only_other:  # R. 357.2: a cost with no resource part takes nothing from the pool
            self.pay(player, label, cost.get("energy", 0), tuple(d for d in power if d != "A"), any_power=anys)
        self.pay_other_costs(player, label, cost.get("other") or {}, object, chosen)

    def keyword_cost_payable(self, player: str, cost: dict, source: str | None, reduce_any: int = 0,
                             chosen: dict | None = None) -> bool:
        """Whether a keyword cost can be paid now, as Weaponmaster asks before paying (R. 821.1.c.5): the Rune Pool
        (when described), the counts a cost takes (hand, trash, XP) and the objects the action names, still legal.  A
        choice the action does not name is left to ``pay_keyword_cost``, which refuses it."""
        chosen = chosen or {}
        options = [cost, *cost.get("or", ())]
        pick = chosen.get("cost_option") or 0
        if not 0 <= pick < len(options):
            return True  # refused with its rule when paid
        cost = options[pick]
        power = list(cost.get("power", ()))
        anys = max(0, power.count("A") - reduce_any)
        if self.pays(player) and self.shortfall(player, cost.get("energy", 0), tuple(d for d in power if d != "A"),
                                                any_power=anys)[0]:
            return False
        return all(_PAYABLE[kind](self.sim, player, n, source, chosen) for kind, n in (cost.get("other") or {}).items())

    def pay_other_costs(self, player: str, label: str, other: dict, source: str | None, chosen: dict) -> None:
        """R. 357.2: the costs that are not resources, each of which must be completed to be paid — exhaust this or a
        friendly unit (R. 415.4), discard (R. 423.3), kill a friendly unit (R. 429.1.a.1), recycle from the trash
        (R. 417.3), spend XP (R. 730.2).  They are paid whether or not the Rune Pool is described."""
        for kind, n in other.items():
            OTHER_COSTS[kind](self.sim, player, label, n, source, chosen)
        if other:  # by kind (vocab.OtherCost) with what the action named: the narration words it
            named = {k: chosen[k] for k in ("exhaust", "kill", "discard") if chosen.get(k)}
            self.sim.board.emit(Event.COST_PAID, player=player, label=label, energy=0, essence={}, other=dict(other),
                                chosen=named, source=source, pool=self.pool_text(player))

    def pay_unit(self, o: Obj, player: str, accelerate: bool, ignore: str = "") -> None:
        """Total cost of a unit (R. 356): Energy and Power printed, plus Accelerate's [1][C] paid with one
        of the unit's domains, or any domain if it has none (R. 805.1.b)."""
        if not self.pays(player):
            return
        bill = Bill(o.cost, list(o.power_cost))
        bill.ignore(ignore)
        if accelerate:  # R. 356.2.b, 805.1: an optional additional cost, paid even when the base is ignored
            bill.energy += 1
            bill.one_of = tuple(o.domains) if o.domains else ()
        self.modify_cost(bill, player, "unit", o.id)
        self.emit_bill(bill, player, o.name, o.cost, o.power_cost)
        self.pay(player, o.name, bill.energy, tuple(bill.power), bill.one_of, bill.any_power)

    def pay_spell(self, a: dict, ignore: str = "", repeats: list[dict] = ()) -> None:
        """Total cost of a spell or ability (R. 356): its Energy and Power, plus Deflect (R. 809) and each Repeat cost
        paid (``repeats``, R. 820.1.c.1, 820.3); a Repeat cost that is not a resource is paid whether or not the Rune
        Pool is described (R. 357.2)."""
        player = a["player"]
        for extra in repeats:
            if a.get("card"):
                self.pay_other_costs(player, a["label"], extra.get("other") or {}, a["card"], a)
        if not self.pays(player):
            return
        base_e, base_p = a.get("cost") or 0, tuple(a.get("power_cost") or ())
        card = self.world.objects[a["card"]] if a.get("card") else None
        if card is not None:  # the card's printed cost is its base cost (R. 356.1)
            base_e, base_p = card.cost, tuple(card.power_cost)
            if a.get("flow"):  # R. 829.1.c.1: the Flow cost replaces the base cost
                flow = card.keyword_costs["flow"]
                base_e, base_p = flow["energy"], tuple(flow["power"])
        bill = Bill(base_e, [d for d in base_p if d != "A"])
        bill.any_power += list(base_p).count("A")
        bill.ignore(ignore or a.get("ignore_cost") or "")
        for extra in repeats if card is not None else ():  # R. 820.1.c.1: optional additional costs
            bill.energy += extra["energy"]
            bill.power += [d for d in extra["power"] if d != "A"]
            bill.any_power += extra["power"].count("A")
        bill.any_power += self.deflect_cost(player, a.get("target"))  # R. 356.2.a.2: mandatory additional
        own = a.get("discount") or 0
        self.modify_cost(bill, player, "spell", None, own)
        self.emit_bill(bill, player, a["label"], base_e, base_p)
        self.pay(player, a["label"], bill.energy, tuple(bill.power), bill.one_of, bill.any_power)

    # ------------------------------------------------------------------ cost modifications (R. 356.1–356.6)
    def cost_modifiers(self, player: str, what: str, oid: str | None) -> list:
        """The cost modifiers (effects of kind ``cost_modifier``) that apply to a card ``player`` plays
        (R. 356.3, 356.4.a: from the card itself or from any other card)."""
        w = self.world
        out = []
        for eff in w.effects.values():
            spec = eff.spec
            if spec.kind != "cost_modifier" or not eff.started or eff.ended:
                continue
            p = spec.params
            if p["applies"] == "self":
                # « I cost less »: the text of the card being played, read from wherever it is (R. 356.4.a)
                if spec.source is None or spec.source != oid:
                    continue
                # its own conditions still hold it back: Legion, Level… (R. 812.1.b.1, 824.1.b.1), read as if the card
                # stood on the board (a text read from wherever the card is)
                if not text_active(w, eff, self.sim.board.ctrl, zone="base")[0]:
                    continue
            else:
                if p["applies"] not in ("all", what + "s"):
                    continue
                if spec.target is not None and spec.target != oid:
                    continue
                if not eff.active:
                    continue
                src = w.objects[spec.source] if spec.source else None
                if p["at_battlefield"] and (src is None or src.zone != "battlefield"):
                    continue
                owner = p.get("player") or (self.sim.board.ctrl(spec.source) if spec.source else None)
                if owner is not None and owner != player:
                    continue
            out.append(eff)
        return out

    def modify_cost(self, bill: Bill, player: str, what: str, oid: str | None, own: int = 0) -> None:
        """R. 356.3–356.6: cost increases, then discounts, then nothing below 0.  The rules let the player
        apply discounts in any order (R. 356.4.d.1); since a minimum binds only its own discount (R. 356.4.e),
        the order matters, and the engine takes the cheapest one — the rules leave the order to the player
        (R. 356.4, 356.5) ; notre lecture : il choisit l'ordre qui lui coûte le moins."""
        mods = self.cost_modifiers(player, what, oid)
        discounts = []
        for eff in mods:
            p = eff.spec.params
            if p["change"] == "increase":
                bill.energy += p["energy"]
                bill.any_power += p["power"]
                bill.notes.append(f"{eff.spec.label} : +{p['energy']}" + (f", +{p['power']} [A]" if p["power"] else ""))
            else:
                discounts.append((eff.spec.label, p["energy"], p["power"], p["min"]))
        if own:
            discounts.append(("réduction du sort lui-même", own, 0, 0))
        if discounts:
            best = None
            orders = permutations(discounts) if len(discounts) <= 6 else [discounts]
            for order in orders:
                trial = bill.copy()
                for label, energy, power, floor in order:
                    trial.discount(label, energy, power, floor)
                key = (trial.energy, len(trial.power) + trial.any_power + (trial.one_of is not None))
                if best is None or key < best[0]:
                    best = (key, trial)
            bill.__dict__.update(best[1].__dict__)
        bill.energy = max(0, bill.energy)  # R. 356.6

    def emit_bill(self, bill: Bill, player: str, label: str, base_e: int, base_p) -> None:
        """Report a total cost that was modified (R. 356.1–356.6)."""
        if bill.notes:
            self.sim.board.emit(
                Event.COST_MODIFIED, player=player, label=label, base_energy=base_e, base_power=list(base_p),
                energy=bill.energy, power=list(bill.power), any_power=bill.any_power, notes=list(bill.notes))


@dataclass
class Bill:
    """The total cost being determined (R. 356): Energy, Power of named domains, one Power among several
    domains (Accelerate, R. 805.1.b), Power of any domain ([A], R. 135.2.e.5: Deflect, increases)."""

    energy: int
    power: list
    one_of: tuple | None = None
    any_power: int = 0
    notes: list = field(default_factory=list)

    def copy(self) -> Bill:
        """A copy to try one order of discounts on (R. 356.4.d.1)."""
        return Bill(self.energy, list(self.power), self.one_of, self.any_power, list(self.notes))

    def ignore(self, what: str) -> None:
        """R. 356.1.b: ignoring a cost sets the base cost (Energy, Power or both) to zero."""
        if what in ("all", "energy") and self.energy:
            self.energy = 0
            self.notes.append("coût de base en Énergie ignoré")
        if what in ("all", "power") and self.power:
            self.power = []
            self.notes.append("coût de base en essence ignoré")

    def discount(self, label: str, energy: int, power: int, floor: int) -> None:
        """R. 356.4, 356.4.e: a discount, its minimum binding only itself; Power discounts take the Power
        of any domain first, then the choice among domains, then named Power."""
        before = self.energy
        if energy:
            self.energy = min(before, max(before - energy, floor))
        for _ in range(power):
            if self.any_power:
                self.any_power -= 1
            elif self.one_of is not None:
                self.one_of = None
            elif self.power:
                self.power.pop()
        self.notes.append(f"{label} : {before} → {self.energy} Énergie" + (f", -{power} essence" if power else ""))


__all__ = ["Bill", "Costs", "DEFLECT"]
