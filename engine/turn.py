"""Turn structure (R. 315–317): Awaken, Beginning (Temporary, hold), Channel, Draw, the ending phase;
the start of a turn pauses while a chain is pending (R. 335).

``Turn`` is the rules area ``sim.turn`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area
from .board import why
from .kinds import (
    Do,
    Event,
    Keyword,
    Reason,
    StepKind,
    Why,
)
from .live_state import Ev


class Turn(Area):
    """Start and end of a turn (the area ``sim.turn``)."""

    def _do_start_turn(self, a):
        """Start of turn (R. 315), run by ``start_turn_steps``; it pauses where a chain opens that the
        next scripted action answers (R. 335: the phase's task waits for the chain), and goes on before
        the first action that is no answer."""
        self.wait_for_answers(self.start_turn_steps())
        self.resume_turn(self.is_answer(self.record.action + 1))

    def wait_for_answers(self, steps) -> None:
        """R. 335, 468.2: a phase or a combat step (a generator) pauses where a chain opens, until it is answered."""
        self.world.turn.rest = steps

    def is_answer(self, idx: int | None) -> bool:
        """Whether scenario action ``idx`` answers an open chain (R. 337.4, 813): a pass or a card with Reaction."""
        acts = self.sc.actions
        if idx is None or idx >= len(acts):
            return False
        return acts[idx]["do"] == Do.PASS or self.sim.chain.is_reaction(acts[idx])

    def resume_turn(self, answered: bool) -> None:
        """Go on with the start of the turn; a chain it opens waits for the answers when ``answered``,
        and otherwise resolves at once, nobody answering (R. 340)."""
        while self.world.turn.rest is not None:
            try:
                next(self.world.turn.rest)
            except StopIteration:
                self.world.turn.rest = None
                return
            chain = self.world.chain
            if chain.items and answered and self.world.scoring.winner is None:
                self.tr.step(StepKind.PRIORITY, reason={"code": Reason.ANSWER_WINDOW, "player": chain.priority,
                                                 "chain": len(chain.items),
                                                 **({"where": "combat"} if self.world.combat.at else {})})
                return
            self.sim.chain.resolve_chain()

    def start_turn_steps(self):
        """Start of turn (R. 315): Awaken (ready, R. 315.1), Beginning phase (Temporary kills before
        scoring, R. 816.1.b; then hold, R. 315.2.b, 471.2), Channel two runes (R. 315.3), Draw one
        (R. 315.4).  A cleanup follows each phase (R. 319.2): an empty battlefield is lost before the
        scoring step, and a victory is judged there (R. 323.1)."""
        w = self.world
        tp = w.turn_player
        self.sim.board.emit(Event.TURN_STARTED, player=tp, turn=self.world.turn.number)
        self.tr.step(StepKind.PHASE, reason={"code": Reason.AWAKEN, "player": tp})
        for oid, o in w.objects.items():
            if o.on_board and o.controller == tp and o.exhausted:
                o.exhausted = False
                self.sim.board.emit(Event.READIED, object=oid)
        self.phase_cleanup()
        self.tr.step(StepKind.PHASE, reason={"code": Reason.BEGINNING, "player": tp})
        temp = [
            oid
            for oid, o in w.objects.items()
            if o.is_unit and o.on_board and self.sim.board.ctrl(oid) == tp
            and self.sim.board.has_kw(oid, Keyword.TEMPORAIRE)
        ]
        if temp:
            # R. 816.1: Temporary is a triggered ability — « kill this » goes on the chain, before scoring.
            self.tr.step(
                StepKind.PHASE, candidates=temp,
                reason={"code": Reason.TEMPORARY, "objects": temp, "why": why(Why.TEMPORARY)},
            )
            for oid in temp:
                self.sim.chain.push_trigger_item(
                    tp, f"Temporaire ({self.sim.board.name(oid)})", steps=[{"do": "kill", "objects": [oid]}],
                    object=oid)
            self.sim.chain.chain_opened_by_trigger()
            yield
        yield from self.phase_cleanup()
        for bf in self.sim.board.battlefields():
            if w.objects[bf].controller == tp and self.world.scoring.winner is None:
                self.sim.scoring.score(tp, bf, "hold")
        yield from self.phase_cleanup()
        if self.world.scoring.winner is not None:
            return
        self.tr.step(StepKind.PHASE, reason={"code": Reason.CHANNEL, "player": tp})
        self.sim.costs.channel(tp, 2)
        yield from self.phase_cleanup()
        self.tr.step(StepKind.PHASE, reason={"code": Reason.DRAW, "player": tp})
        self.sim.replacement.process([Ev("draw", player=tp)])
        self.sim.costs.empty_pools("main_phase")  # R. 167: the Main Phase starts with empty Rune Pools

    def phase_cleanup(self):
        """R. 319.2, 335: between two phases, a cleanup, then what triggered goes on the chain, which
        resolves (or is answered) before going on — a generator step of ``start_turn_steps``."""
        if self.record.unsettled:  # something happened since the last computation
            self.sim.effects.settle()
        self.sim.cleanup.cleanup()
        self.sim.chain.triggers_to_chain()
        while self.world.chain.items:
            yield
            self.sim.chain.triggers_to_chain()

    def end_turn_board(self) -> None:
        """Ending phase (R. 317): damage removed, stun ends, scores of the turn forgotten, next player."""
        w = self.world
        for o in w.objects.values():
            o.damage = 0
            o.stunned = False
        for s in self.world.scoring.scored.values():
            s.clear()
        self.sim.board.emit(Event.TURN_ENDED, player=w.turn_player, turn=self.world.turn.number)
        if len(w.players) > 1:
            w.turn_player = self.sim.board.next_player(w.turn_player)
        self.world.turn.number += 1
        self.tr.show_board(self.sim.board.board_tuple())

    def _do_end_turn(self, a):
        """Ending phase (R. 317): combat and turn effects end, damage is removed, the turn passes."""
        self.sim.combat._do_end_combat(a)
        self._expire(("turn",))
        for p in self.world.players.values():
            p.cards_played = 0
            p.played = ()
        self.sim.replacement.new_turn_for_replacements()
        self.sim.costs.empty_pools("end_turn")
        self.end_turn_board()

    def _expire(self, durations: tuple[str, ...]) -> None:
        for eff in list(self.world.effects.values()):
            if eff.started and not eff.ended and eff.spec.duration in durations:
                self.sim.effects.end_effect(eff.id, "expired")


__all__ = ["Turn"]
