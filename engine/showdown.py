"""Showdowns (R. 341–348): opening one where control is contested, focus, closing it and
establishing control when it is not a combat.

``Showdown`` is the rules area ``sim.showdown`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from . import keywords
from .area import Area
from .kinds import Event, Reason, StepKind
from .live_state import CurrentShowdown


class Showdown(Area):
    """Showdown procedures (the area ``sim.showdown``)."""

    def open_showdown(self, bf: str, attacker: str) -> None:
        """A showdown begins at a contested battlefield (R. 344–345): the contesting player has focus; with
        units of an opponent there, it is a combat showdown (R. 344.1, 461)."""
        others = [p for p in self.world.turn_order() if p != attacker and self.sim.board.units_at(bf, p)]
        combat = bool(others)
        defender = others[0] if others else self.world.objects[bf].controller
        if defender is None or defender == attacker:
            defender = self.sim.board.next_player(attacker) if len(self.world.players) > 1 else None
        self.world.showdown.current = CurrentShowdown(bf, attacker, defender, focus=attacker, combat=combat)
        self.sim.board.emit(Event.SHOWDOWN_STARTED, object=bf, attacker=attacker, defender=defender, combat=combat)
        if combat:
            self.start_combat(bf, attacker, defender)
        self.tr.show_board(self.sim.board.board_tuple())
        self.tr.step(StepKind.PRIORITY, object=bf, reason={"code": Reason.FOCUS, "player": attacker, "battlefield": bf})

    def start_combat(self, bf: str, attacker: str, defender: str) -> None:
        """R. 461, 344.1: a combat begins — attacker and defender designations."""
        self.sim.board.emit(Event.COMBAT_STARTED, object=bf, attacker=attacker, defender=defender)
        for oid in self.sim.board.units_at(bf, attacker):
            self.world.objects[oid].attacking = True
            self.sim.board.emit(Event.ATTACKING, object=oid)
        for oid in self.sim.board.units_at(bf, defender):
            self.world.objects[oid].defending = True
            self.sim.board.emit(Event.DEFENDING, object=oid)
        self.sim.effects.settle()
        # attack triggers of keywords (Disarm, R. 831.1.b), on the chain
        for oid in self.sim.board.units_at(bf, attacker):
            for m, fn in keywords.of(self.sim.board.keywords_of(oid), "on_attack"):
                self.sim.playing.keyword_trigger(m, oid, "attack", lambda sim, unit, fn=fn: fn(sim, unit))

    def contest(self, bf: str, player: str) -> None:
        """R. 190.3.a.1: a player's unit arrives at a battlefield they do not control: it becomes contested by them,
        in the order battlefields were contested (R. 323.11)."""
        self.world.showdown.contested.append((bf, player))
        self.sim.board.emit(Event.CONTESTED, object=bf, player=player)

    def contested_by(self, bf: str) -> bool:
        """Whether a battlefield is contested already (R. 190.3.a)."""
        return any(b == bf for b, _ in self.world.showdown.contested)

    def drop_abandoned_contests(self) -> list[tuple[str, str]]:
        """R. 323.10: a contest whose units have all left is over; the contests still open, in order."""
        area = self.world.showdown
        area.contested = [(b, p) for b, p in area.contested if self.sim.board.units_at(b, p)]
        return area.contested

    def contest_first(self, idx: int) -> None:
        """R. 323.11–323.12: the battlefield the turn player chose is dealt with first."""
        area = self.world.showdown
        area.contested.insert(0, area.contested.pop(idx))

    def stage_combat(self, defender: str) -> None:
        """R. 323.13: a non-combat showdown becomes a combat showdown against ``defender``."""
        sd = self.world.showdown.current
        sd.combat, sd.defender = True, defender

    def pass_focus(self, player: str) -> bool:
        """R. 341, 347: ``player`` passes focus to the other showdown player; True once everyone passed in
        succession."""
        sd = self.world.showdown.current
        sd.passes += 1
        others = [p for p in self.showdown_players() if p != player]
        sd.focus = others[0] if others else player
        return sd.passes >= len(self.showdown_players())

    def focus_after_chain(self, starter: str | None) -> None:
        """R. 346.1: after a chain in a showdown, focus goes to the player after the one who opened it, and
        every player must pass again."""
        sd = self.world.showdown.current
        if sd and starter in self.showdown_players():
            others = [p for p in self.showdown_players() if p != starter]
            sd.focus = others[0] if others else starter
            sd.passes = 0

    def showdown_players(self) -> list[str]:
        """The players of the showdown who pass focus in turn (R. 347)."""
        sd = self.world.showdown.current
        return [p for p in (sd.attacker, sd.defender) if p is not None]

    def close_showdown(self, implicit: bool = False) -> None:
        """Everyone passed in succession (R. 341): combat damage, or control for the one who moved in."""
        sd = self.world.showdown.current
        bf = sd.battlefield
        if implicit:
            self.tr.step(StepKind.PRIORITY, object=bf,
                         reason={"code": Reason.ALL_PASSED, "players": self.showdown_players()})
        self.sim.board.emit(Event.SHOWDOWN_ENDED, object=bf)
        self.world.showdown.current = None
        self.world.showdown.contested = [(b, p) for b, p in self.world.showdown.contested if b != bf]
        if sd.combat:
            # an explicit last pass: the scenario's next action may answer what the combat triggers
            self.sim.combat.run_combat(
                bf, sd.attacker, sd.defender, not implicit and self.sim.turn.is_answer(self.record.action + 1))
            return
        else:
            # R. 348.2.a: the only player with units left there establishes control (not necessarily
            # the one who contested it); a conquer if it was not theirs (R. 348.2.a.1).
            present = [p for p in self.world.turn_order() if self.sim.board.units_at(bf, p)]
            if len(present) == 1:
                self.sim.scoring.gain_control(bf, present[0])
        self.tr.show_board(self.sim.board.board_tuple())
        self.sim.cleanup.cleanup()


__all__ = ["Showdown"]
