"""Combat (R. 461–468): Might of each side, damage assignment with Tank and Backline, the combat
cleanup and the resolution step; damage and stun outside combat (R. 418, 424).

``Combat`` is the rules area ``sim.combat`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from . import keywords
from .area import Area
from .board import why
from .kinds import (
    CombatResult,
    Event,
    Keyword,
    Reason,
    StepKind,
    Why,
)
from .live_state import Ev
from .scenario import ScenarioError

TANK, BACKLINE = Keyword.TANK, Keyword.ARRIERE_LIGNE


class Combat(Area):
    """Combat steps and damage (the area ``sim.combat``)."""

    def side_might(self, units: list[str]) -> tuple[int, list[dict]]:
        """Total Might of one side (R. 467): stunned units deal nothing, a negative Might counts 0."""
        total, parts = 0, []
        for oid in units:
            p = self.sim.board.power(oid)
            if self.world.objects[oid].stunned:
                parts.append({"object": oid, "might": p, "counts": 0, "why": why(Why.STUNNED)})
                continue
            c = max(0, p)
            part = {"object": oid, "might": p, "counts": c}
            if p < 0:
                part["why"] = why(Why.NEGATIVE_MIGHT)
            parts.append(part)
            total += c
        return total, parts

    def rank(self, oid: str) -> int:
        """Order of damage assignment, from the keywords' ``assign_rank`` (Tank first, R. 815; Backline last,
        R. 826); other units between.  A demand to be first wins here; ``assign`` lets the assigning player
        choose between two exclusive demands (R. 467.2.c.8)."""
        ranks = [fn(self.sim, oid) for _, fn in keywords.of(self.sim.board.keywords_of(oid), "assign_rank")]
        return min(ranks) if ranks else 1

    def assign_rank(self, oid: str) -> int:
        """The rank of a unit in the assignment under way: a unit with both Tank and Backline whose player
        has let another non-Tank unit go first now applies Backline (R. 467.2.c.8)."""
        return 2 if oid in self.world.combat.assign_back else self.rank(oid)

    def assign_candidates(self, pool: list[str]) -> tuple[int, list[str]]:
        """The units that may receive lethal damage next (R. 467.2.c.6–9): those of the best rank, and each
        unit with both Tank and Backline whose choice is still open (it may apply Tank and come now)."""
        fixed = [u for u in pool if u not in self.world.combat.assign_dual]
        best = min((self.assign_rank(u) for u in fixed), default=0)
        open_ones = [u for u in pool if u in self.world.combat.assign_dual]
        return best, sorted([u for u in fixed if self.assign_rank(u) == best] + open_ones)

    def lethal(self, oid: str) -> int:
        """Lethal damage for a unit (R. 467): its Might minus the damage already marked, at least 1."""
        o = self.world.objects[oid]
        return max(1, max(0, self.sim.board.power(oid)) - o.damage)

    def scripted_assign(self, order: tuple, options: list[str]) -> int | None:
        """A damage order given by ``choices`` (R. 467): checked against Tank and Backline."""
        pool = self.world.combat.assign_pool
        first = next((x for x in order if x in pool), None)
        if first is None:
            return None
        if first not in options:
            blocker = next((u for u in options if u not in self.world.combat.assign_dual), options[0])
            if first in self.world.combat.assign_dual or first in self.world.combat.assign_back:
                rule = "Tank ou Arrière-ligne (R. 467.2.c.8)"
                reason = (f"{self.sim.board.name(first)} a Tank et Arrière-ligne : elle reçoit des dégâts en "
                          "premier (Tank) ou en dernier (Arrière-ligne), jamais entre deux autres unités")
            elif self.rank(first) > self.assign_rank(blocker) and self.assign_rank(blocker) == 0:
                rule = "Tank (R. 815)"
                reason = f"{self.sim.board.name(blocker)} a Tank et doit recevoir des dégâts mortels d'abord"
            else:
                rule = "Arrière-ligne (R. 826)"
                reason = f"{self.sim.board.name(first)} a Arrière-ligne et ne reçoit des dégâts qu'en dernier"
            raise ScenarioError(
                f"choices : répartition contraire aux règles — {self.sim.board.name(first)} ne peut pas recevoir de "
                f"dégâts maintenant : {reason} ({rule})"
            )
        idx = options.index(first)
        self.tr.step(
            StepKind.CHOICE,
            object=first,
            reason={
                "code": Reason.ASSIGN_CHOICE,
                "by": self.world.combat.assign_by,
                "options": options,
                "picked": first,
                "scripted": True,
            },
        )
        return idx

    def check_script(self, by: str, cands: list[str]) -> None:
        """A scripted order must respect Tank and Backline (R. 815, 826) even where the rules leave no choice."""
        for c in self.sc.choices:
            if "assign" in c and c.get("by", by) == by:
                first = next((x for x in c["assign"] if x in self.world.combat.assign_pool), None)
                if first is not None and first not in cands:
                    self.scripted_assign(c["assign"], cands)

    def assign(self, by: str, total: int, receivers: list[str]) -> list[dict]:
        """R. 467 with Tank (R. 815) and Backline (R. 826): lethal damage to one unit before the next,
        Tank units first, Backline units last, the excess on the last unit."""
        pool = list(receivers)
        out: list[dict] = []
        remaining = total
        self.world.combat.assign_by, self.world.combat.assign_pool = by, pool
        # R. 467.2.c.8–9: a unit with both Tank and Backline — its assigning player applies one of the two
        board = self.sim.board
        self.world.combat.assign_dual = {u for u in pool if board.has_kw(u, TANK) and board.has_kw(u, BACKLINE)}
        self.world.combat.assign_back: set[str] = set()
        while remaining > 0 and pool:
            best, cands = self.assign_candidates(pool)
            self.check_script(by, cands)
            if len(cands) == 1:
                pick = cands[0]
                reason = why(Why.TANK_FIRST if best == 0 else Why.BACKLINE_LAST if best == 2 else Why.ONLY_CANDIDATE)
            elif remaining >= sum(self.lethal(u) for u in cands):
                pick = cands[0]
                reason = why(Why.ANY_ORDER)
                if best == 0:
                    reason = why(Why.TANK_FIRST, also=why(Why.ANY_ORDER)["label"])
            else:
                pick = cands[self.sim.choices.choose("assign", cands, by, [self.sim.board.name(u) for u in cands])]
                reason = why(Why.CHOSEN)
                if best == 0:
                    reason = why(Why.TANK_FIRST, chosen=True)
            if pick in self.world.combat.assign_dual:
                self.world.combat.assign_dual.discard(pick)  # it applies Tank: damage before the units without Tank
                reason = why(Why.TANK_OR_BACKLINE, applied="tank", chosen=len(cands) > 1)
            elif best >= 1 and self.world.combat.assign_dual:
                # a unit without Tank went first: the open ones now apply Backline (R. 467.2.c.8)
                self.world.combat.assign_back |= self.world.combat.assign_dual
                self.world.combat.assign_dual = set()
            elif best == 2 and pick in self.world.combat.assign_back:
                reason = why(Why.TANK_OR_BACKLINE, applied="backline", chosen=len(cands) > 1)
            lethal = self.lethal(pick)
            pool.remove(pick)
            give = min(remaining, lethal)
            if not pool:
                give = remaining
            item = {"object": pick, "amount": give, "lethal": lethal, "why": reason}
            if give > lethal:
                item["excess"] = give - lethal
                item["why_excess"] = why(Why.EXCESS_ON_LAST)
            elif give < lethal:
                item["why_short"] = why(Why.NOT_ENOUGH)
            out.append(item)
            remaining -= give
            self.tr.step(
                StepKind.ASSIGN,
                object=pick,
                candidates=cands,
                reason={
                    "code": Reason.ASSIGN,
                    "by": by,
                    "amount": give,
                    "lethal": lethal,
                    "remaining": remaining,
                    "why": item["why"],
                    **({"excess": item["excess"]} if "excess" in item else {}),
                    **({"short": True} if give < lethal else {}),
                },
            )
        for u in pool:
            self.tr.step(
                StepKind.ASSIGN,
                object=u,
                reason={
                    "code": Reason.ASSIGN,
                    "by": by,
                    "amount": 0,
                    "lethal": self.lethal(u),
                    "remaining": 0,
                    "why": why(Why.NOT_ENOUGH),
                },
            )
        self.world.combat.assign_pool, self.world.combat.assign_dual, self.world.combat.assign_back = [], set(), set()
        return out

    def run_combat(self, bf: str, attacker: str, defender: str, answered: bool = False) -> None:
        """Play a combat; where its cleanup puts abilities on the chain and ``answered`` (the next scripted
        action is an answer), it waits for the answers (R. 468.2) and goes on like a paused start of turn."""
        self.sim.turn.wait_for_answers(self.combat_steps(bf, attacker, defender))
        self.sim.turn.resume_turn(answered)

    def control_established(self) -> None:
        """R. 190.3.b: once control is established, the battlefield is no longer contested by the attacker."""
        self.world.combat.contest = None

    def deal_combat_damage(self, bf: str, attacker: str, defender: str, side_a: tuple, side_d: tuple,
                           report: dict) -> None:
        """R. 467.2: each side assigns its Might as damage to the other side's units; once all is assigned, the damage
        is dealt to every unit at once (R. 467.2.c.1.a, 467.2.d).  ``side_*`` = (total Might, units)."""
        (ta, A), (td, D) = side_a, side_d
        assignments = []
        if A and D:
            for by, total, to in ((attacker, ta, D), (defender, td, A)):
                items = self.assign(by, total, to)
                assignments.append({"by": by, "total": total, "items": items})
        report["assignments"] = assignments
        # R. 467.2.c.1.a, 467.2.d: once all is assigned, the damage is dealt to every unit at once.
        dealt = [(a, it) for a in assignments for it in a["items"]]
        for _, it in dealt:
            self.world.objects[it["object"]].damage += it["amount"]
        if dealt:
            self.tr.step(
                StepKind.COMBAT,
                object=bf,
                candidates=tuple(it["object"] for _, it in dealt),
                reason={"code": Reason.DAMAGE_DEALT,
                        "dealt": [{"object": it["object"], "amount": it["amount"]} for _, it in dealt]},
            )
        for a, it in dealt:
            self.sim.board.emit(
                Event.COMBAT_DAMAGE,
                object=it["object"],
                amount=it["amount"],
                by=a["by"],
                why=it["why"]["code"],
                rule=it["why"]["rule"],
                lethal=it["lethal"],
            )

    def combat_result(self, bf: str, attacker: str, defender: str, alive_a: list, alive_d: list, report: dict) -> bool:
        """R. 468.3–468.4: the result from the units left on each side; True when the recall of the attackers was
        replaced and both sides are still there, so a new combat is staged (R. 468.3.d.1)."""
        restaged = False
        if alive_a and alive_d:
            report["result"] = CombatResult.RECALLED
            self.sim.replacement.process([Ev("recall", obj=oid) for oid in alive_a])
            if self.sim.board.units_at(bf, attacker) and self.sim.board.units_at(bf, defender):
                # R. 468.3.d.1: the recall was replaced and both sides are still here — no result, and
                # a new showdown and combat are staged at this battlefield (no control change, R. 468.5).
                restaged = True
                report["restaged"] = True
        elif alive_a:
            report["result"] = CombatResult.CONQUERED
        elif alive_d:
            report["result"] = CombatResult.DEFENDED
        else:
            report["result"] = CombatResult.UNCONTROLLED
            if self.world.objects[bf].controller is not None:
                self.world.objects[bf].controller = None
                self.sim.board.emit(Event.CONTROL_LOST, object=bf)
        return restaged

    def combat_steps(self, bf: str, attacker: str, defender: str):
        """Damage step (R. 467), the combat cleanup (R. 468.1), resolution step (R. 468.3–468.7); a generator
        that yields once the combat cleanup's triggered abilities are on the chain (R. 468.2)."""
        self.world.combat.at = bf
        self.world.combat.contest = (bf, attacker)
        A, D = self.sim.board.units_at(bf, attacker), self.sim.board.units_at(bf, defender)
        report = {"battlefield": bf, "attacker": attacker, "defender": defender, "attackers": A, "defenders": D}
        ta, pa = self.side_might(A)
        td, pd = self.side_might(D)
        report["might"] = {"attacker": ta, "defender": td}
        report["contributions"] = {"attacker": pa, "defender": pd}
        self.tr.step(
            StepKind.COMBAT,
            object=bf,
            candidates=A + D,
            reason={
                "code": Reason.DAMAGE_STEP,
                "attacker": attacker,
                "defender": defender,
                "might_attacker": ta,
                "might_defender": td,
                "contributions": pa + pd,
            },
        )
        self.deal_combat_damage(bf, attacker, defender, (ta, A), (td, D), report)
        self.sim.effects.settle()
        before = set(A + D)
        # R. 468.1: the combat cleanup — deaths (R. 323.4), then every unit is healed (R. 468.1.a.1)
        self.sim.cleanup.cleanup()
        self.sim.chain.triggers_to_chain()
        yield  # R. 468.2: what the damage and the cleanup triggered is answered and resolves first
        if self.world.scoring.winner is not None:  # R. 196: the game ended in the combat cleanup — no resolution step
            report["deaths"] = sorted(u for u in A + D if self.world.objects[u].zone != "battlefield")
            report["result"] = CombatResult.GAME_OVER
            self.world.combat.log.append(report)
            self.world.combat.at = self.world.combat.contest = None
            return
        alive_a, alive_d = self.sim.board.units_at(bf, attacker), self.sim.board.units_at(bf, defender)
        report["deaths"] = sorted(
            u for u in before if self.world.objects[u].zone != "battlefield" or self.world.objects[u].at != bf
        )
        self.tr.step(
            StepKind.COMBAT,
            object=bf,
            reason={"code": Reason.RESOLUTION_STEP, "attackers_left": alive_a, "defenders_left": alive_d},
        )
        for oid, o in self.world.objects.items():  # R. 468.1.a.1: heal all units, not only the combatants
            if o.is_unit and o.on_board and o.damage:
                o.damage = 0
                self.sim.board.emit(Event.HEALED, object=oid)
        restaged = self.combat_result(bf, attacker, defender, alive_a, alive_d, report)
        for o in self.world.objects.values():
            if o.attacking:
                o.attacking = False
        self._do_end_combat({})
        self.sim.board.emit(Event.COMBAT_ENDED, object=bf, result=report["result"])
        self.world.combat.log.append(report)
        self.world.combat.at = None
        self.sim.effects.settle()
        if restaged:
            self.sim.showdown.contest(bf, attacker)
        elif report["result"] in (CombatResult.CONQUERED, CombatResult.DEFENDED):
            # R. 468.5, 468.5.d–e: the winner establishes control if it was not theirs — the defender
            # of a battlefield they did not control conquers it too.
            self.sim.scoring.gain_control(bf, attacker if report["result"] == CombatResult.CONQUERED else defender)
        self.world.combat.contest = None
        self.tr.show_board(self.sim.board.board_tuple())
        self.sim.cleanup.cleanup()

    def _do_combat_damage(self, a):
        """Choix 28 du README: combat damage reads a negative power as 0."""
        oid = a["object"]
        p = self.sim.board.power(oid)
        self.sim.board.emit(Event.COMBAT_DAMAGE, object=oid, power=p, amount=max(0, p))

    def _do_damage(self, a):
        """Deal damage (R. 418): it is marked; a unit with lethal damage dies at the next cleanup (R. 323.4)."""
        o = self.world.objects[a["object"]]
        if not o.is_unit or not o.on_board:
            self.sim.board.emit(Event.NOTHING_HAPPENS, object=o.id, why="off_board")
            return
        o.damage += a["amount"]
        self.sim.board.emit(Event.DAMAGED, object=o.id, amount=a["amount"], total=o.damage)

    def _do_stun(self, a):
        """Stun (R. 424): the unit deals no combat damage until the end of the turn."""
        o = self.world.objects[a["object"]]
        if o.on_board and o.is_unit:
            o.stunned = True
            self.sim.board.emit(Event.STUNNED, object=o.id)

    def _do_defend(self, a):
        """Mark a unit as defending or not (R. 461): a situation given by the scenario."""
        o = self.world.objects[a["object"]]
        if o.on_board:
            o.defending = a["value"]
            self.sim.board.emit(Event.DEFENDING if a["value"] else "stopped_defending", object=o.id)

    def _do_end_combat(self, a):
        """End of combat (R. 468.7): designations removed, « this combat » effects expire (R. 468.7.c)."""
        for o in self.world.objects.values():
            if o.defending:
                o.defending = False
                self.sim.board.emit(Event.STOPPED_DEFENDING, object=o.id)
        self.sim.turn._expire(("combat",))


__all__ = ["Combat"]
