"""Cleanups (R. 318–323): the victory check, lethal damage, battlefields left empty, facedown cards
of a lost battlefield, combats staged in a showdown, showdowns to open.

``Cleanup`` is the rules area ``sim.cleanup`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area
from .board import why
from .kinds import (
    Event,
    Reason,
    StepKind,
    Why,
)
from .live_state import Ev


class Cleanup(Area):
    """Cleanup steps (the area ``sim.cleanup``)."""

    def cleanup(self) -> None:
        """A cleanup (R. 318–323), repeated while it changes something (R. 322): the victory check
        (R. 323.1), units with lethal damage die (R. 323.4), empty battlefields lose their controller
        (R. 323.5, 190.4.c); then, the chain empty and no showdown, a staged showdown opens (R. 323.11)."""
        for _ in range(20):
            if self.check_victory():
                return
            changed = self.kill_lethal()
            changed = self.lose_empty_control() or changed
            changed = self.sim.movement.recall_lone_gear() or changed  # R. 323.6
            changed = self.sim.hidden.remove_lost_hidden() or changed  # R. 323.6.a
            if not changed:
                break
        self.combat_in_showdown()
        if self.world.triggers.pending:
            # R. 334.1–334.2: the cleanup is done; the abilities that triggered can now be finalized.
            self.tr.step(StepKind.CLEANUP, reason={"code": Reason.CLEANUP_DONE,
                                            "effects": [eid for eid, _ in self.world.triggers.pending]})
        w = self.world
        if (self.sim.chain.closed() or w.showdown.current or w.combat.at or not w.showdown.contested
            or w.scoring.winner is not None):
            return
        # R. 323.10: a contest whose units have all left is over (nothing to fight for).
        contested = self.sim.showdown.drop_abandoned_contests()
        if not contested:
            return
        if len(contested) > 1:
            # R. 323.11–323.12: the turn player chooses which battlefield comes first
            opts = [b for b, _ in contested]
            self.sim.showdown.contest_first(
                self.sim.choices.choose("combat", opts, self.world.turn_player, [self.sim.board.name(b) for b in opts]))
        bf, attacker = self.world.showdown.contested[0]
        self.sim.showdown.open_showdown(bf, attacker)

    def combat_in_showdown(self) -> None:
        """R. 323.8, 323.13: in a Showdown Open State, units of an opponent now at the battlefield of a
        non-combat showdown stage a combat there, and the showdown becomes a combat showdown."""
        sd = self.world.showdown.current
        if sd is None or sd.combat or self.sim.chain.closed() or self.world.scoring.winner is not None:
            return
        bf, attacker = sd.battlefield, sd.attacker
        others = [p for p in self.world.turn_order() if p != attacker and self.sim.board.units_at(bf, p)]
        if not others or not self.sim.board.units_at(bf, attacker):
            return
        self.sim.showdown.stage_combat(others[0])
        self.tr.step(StepKind.CLEANUP, object=bf, reason={"code": Reason.COMBAT_STAGED, "attacker": attacker,
                                                    "defender": others[0]})
        self.sim.showdown.start_combat(bf, attacker, others[0])

    def kill_lethal(self) -> bool:
        """R. 323.4: every unit with lethal damage marked dies, all together (R. 142.4)."""
        w = self.world
        lethal = [
            oid
            for oid, o in w.objects.items()
            if o.lethal_at(self.sim.board.power(oid))
        ]
        if not lethal:
            return False
        self.tr.step(StepKind.CLEANUP, candidates=lethal, reason={"code": Reason.LETHAL_DAMAGE, "objects": lethal})
        self.sim.replacement.process([Ev("die", obj=oid) for oid in lethal])
        self.sim.effects.settle()
        return True

    def lose_empty_control(self) -> bool:
        """R. 323.5, 190.4.c: in an Open state (no chain), a player who has no unit left at a battlefield
        they control loses its control, unless a showdown or a combat is going on there."""
        if self.sim.chain.closed():
            return False
        busy = {self.world.showdown.current.battlefield} if self.world.showdown.current else set()
        if self.world.combat.at:
            busy.add(self.world.combat.at)
        changed = False
        for bf in self.sim.board.battlefields():
            holder = self.world.objects[bf].controller
            if holder is None or bf in busy or self.sim.board.units_at(bf, holder):
                continue
            self.world.objects[bf].controller = None
            self.tr.step(StepKind.CLEANUP, object=bf, reason={"code": Reason.EMPTY_BATTLEFIELD, "player": holder,
                                                        "why": why(Why.EMPTY_BATTLEFIELD)})
            self.sim.board.emit(Event.CONTROL_LOST, object=bf, player=holder, why=Why.EMPTY_BATTLEFIELD.value)
            changed = True
        if changed:
            self.sim.effects.settle()
        return changed

    def check_victory(self, immediate: bool = False, only: str | None = None) -> bool:
        """R. 194.2, 323.1: at a cleanup, a player with at least the victory score and more points than
        every other player wins (a tie at or above it: play goes on, R. 194.2.b).  ``immediate``: the
        repeated Burn Out, whose winner needs no cleanup (R. 432.3.c) — ``only`` the player who gained that
        point: another player at the Victory Score waits for a cleanup (R. 194.2)."""
        if self.world.scoring.winner is not None:
            return True
        players = self.world.players
        best = max((p.points for p in players.values()), default=0)
        if best < self.sc.victory_score:
            return False
        leaders = [pid for pid, p in players.items() if p.points == best]
        if len(leaders) > 1 or (only is not None and leaders[0] != only):
            return False
        self.sim.scoring.declare_winner(leaders[0])
        self.tr.step(StepKind.CLEANUP, reason={"code": Reason.VICTORY, "player": leaders[0], "points": best,
                                        "immediate": immediate})
        self.sim.board.emit(Event.GAME_WON, player=leaders[0], points=best)
        return True


__all__ = ["Cleanup"]
