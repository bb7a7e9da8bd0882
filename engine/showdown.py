"""Showdowns (R. 341–348): opening one where control is contested, focus, closing it and
establishing control when it is not a combat.

``Showdown`` is a mixin of ``sim.Sim``.
"""

from __future__ import annotations

from . import keywords
from .kinds import Event, Reason, StepKind


class Showdown:
    """Showdown procedures (mixin of the simulator)."""

    def open_showdown(self, bf: str, attacker: str) -> None:
        """A showdown begins at a contested battlefield (R. 344–345): the contesting player has focus; with
        units of an opponent there, it is a combat showdown (R. 344.1, 461)."""
        others = [p for p in self.world.turn_order() if p != attacker and self.units_at(bf, p)]
        combat = bool(others)
        defender = others[0] if others else self.world.objects[bf].controller
        if defender is None or defender == attacker:
            defender = self.next_player(attacker) if len(self.world.players) > 1 else None
        self.showdown = {
            "battlefield": bf,
            "attacker": attacker,
            "defender": defender,
            "focus": attacker,
            "passes": 0,
            "combat": combat,
        }
        self.emit(Event.SHOWDOWN_STARTED, object=bf, attacker=attacker, defender=defender, combat=combat)
        if combat:
            self.start_combat(bf, attacker, defender)
        self.tr.show_board(self.board_tuple())
        self.tr.step(StepKind.PRIORITY, object=bf, reason={"code": Reason.FOCUS, "player": attacker, "battlefield": bf})

    def start_combat(self, bf: str, attacker: str, defender: str) -> None:
        """R. 461, 344.1: a combat begins — attacker and defender designations."""
        self.emit(Event.COMBAT_STARTED, object=bf, attacker=attacker, defender=defender)
        for oid in self.units_at(bf, attacker):
            self.world.objects[oid].attacking = True
            self.emit(Event.ATTACKING, object=oid)
        for oid in self.units_at(bf, defender):
            self.world.objects[oid].defending = True
            self.emit(Event.DEFENDING, object=oid)
        self.settle()
        for oid in self.units_at(bf, attacker):  # attack triggers of keywords (Disarm, R. 831.1.b), on the chain
            for m, fn in keywords.of(self.keywords_of(oid), "on_attack"):
                self.keyword_trigger(m, oid, "attack", lambda sim, unit, fn=fn: fn(sim, unit))

    def showdown_players(self) -> list[str]:
        """The players of the showdown who pass focus in turn (R. 347)."""
        sd = self.showdown
        return [p for p in (sd["attacker"], sd["defender"]) if p is not None]

    def close_showdown(self, implicit: bool = False) -> None:
        """Everyone passed in succession (R. 341): combat damage, or control for the one who moved in."""
        sd = self.showdown
        bf = sd["battlefield"]
        if implicit:
            self.tr.step(StepKind.PRIORITY, object=bf,
                         reason={"code": Reason.ALL_PASSED, "players": self.showdown_players()})
        self.emit(Event.SHOWDOWN_ENDED, object=bf)
        self.showdown = None
        self.contested = [(b, p) for b, p in self.contested if b != bf]
        if sd["combat"]:
            # an explicit last pass: the scenario's next action may answer what the combat triggers
            self.run_combat(bf, sd["attacker"], sd["defender"], not implicit and self.is_answer(self.action + 1))
            return
        else:
            # R. 348.2.a: the only player with units left there establishes control (not necessarily
            # the one who contested it); a conquer if it was not theirs (R. 348.2.a.1).
            present = [p for p in self.world.turn_order() if self.units_at(bf, p)]
            if len(present) == 1:
                self.gain_control(bf, present[0])
        self.tr.show_board(self.board_tuple())
        self.cleanup()


__all__ = ["Showdown"]
