"""Running a scenario: the simulator ``Sim`` and the exploration of open choices.

``Sim`` holds the scenario, the tracer, the world, the run's record and one object per rules area, each an
``area.Area`` named like its module — turn structure (``sim.turn``), chain and priority (``sim.chain``),
showdowns (``sim.showdown``), combat (``sim.combat``), cleanups (``sim.cleanup``), scoring (``sim.scoring``),
movement (``sim.movement``), playing units and gear (``sim.playing``), replacement effects
(``sim.replacement``), triggers (``sim.triggers``), continuous effects and layers (``sim.effects``), costs
(``sim.costs``), Hidden (``sim.hidden``), decisions (``sim.choices``) and the board (``sim.board``).  An area
asks another through an explicit call (``self.sim.combat.run_combat(…)``); ``Sim`` itself only runs the loop.
It plays the actions of one scenario along one path of player decisions: where a decision is open and the
scenario does not state it, the Sim takes the option given by ``decisions`` (or the first) and logs the choice
point, so that ``explore`` can replay every path.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .board import Board
from .chain import Chain
from .choices import Choices
from .cleanup import Cleanup
from .combat import Combat
from .costs import Costs
from .effects import Effects
from .hidden import Hidden
from .kinds import KEYWORDS, KINDS, PRODUCE_LABELS, Do, Reason, StepKind
from .layers import text_active
from .live_state import EffState, Ev, RunRecord, World
from .movement import Movement
from .playing import Playing
from .replacement import Replacement
from .scenario import EngineLimitError, Scenario
from .scoring import Scoring
from .showdown import Showdown
from .trace import Tracer
from .triggers import Triggers
from .turn import Turn

MAX_OUTCOMES = 24




@dataclass
class Outcome:
    objects: dict
    players: dict
    events: list
    queries: list
    steps: list
    decisions: list
    choice_log: list
    label: str = ""
    board: dict = field(default_factory=dict)
    combats: list = field(default_factory=list)
    scores: list = field(default_factory=list)
    winner: str | None = None

class Sim:
    """One run of a scenario along one path of decisions (R. 16 of the engine's model): the scenario, the tracer,
    the world, the run's record, one object per rules area (``sim.chain``, ``sim.combat``…) and the run loop."""

    def __init__(self, sc: Scenario, decisions: list[int] | None = None, tracing: bool = True):
        self.sc = sc
        self.tr = Tracer(enabled=tracing)
        # The scenario's situation is never changed: each run plays on copies.
        players = {p.id: copy.copy(p) for p in sc.players}
        objects = {o.id: copy.copy(o) for o in sc.objects}
        effects = {e.id: EffState(e, started=not e.starts_later, since=e.since) for e in sc.effects}
        clock = 1 + max([e.since or 0 for e in sc.effects] + [o.since for o in sc.objects] + [0])
        self.world = World(players, objects, effects, sc.turn_player, clock)
        self.record = RunRecord(prefix=list(decisions or []),
                                battlefields=tuple(oid for oid, o in objects.items() if o.type == "battlefield"))
        # one object per rules area (area.AREAS), each asked by name: self.chain.resolve_chain(), …
        self.board = Board(self)
        self.costs = Costs(self)
        self.hidden = Hidden(self)
        self.movement = Movement(self)
        self.playing = Playing(self)
        self.chain = Chain(self)
        self.cleanup = Cleanup(self)
        self.showdown = Showdown(self)
        self.combat = Combat(self)
        self.scoring = Scoring(self)
        self.turn = Turn(self)
        self.replacement = Replacement(self)
        self.triggers = Triggers(self)
        self.choices = Choices(self)
        self.effects = Effects(self)
        self.costs.init_costs()
        self.hidden.init_hidden()
        if tracing:
            self.tr.refresh = self.board.show_changes  # the state after every step is the world it leaves behind

    def run(self) -> Outcome:
        w = self.world
        self.tr.action = None
        for eff in w.effects.values():
            ok, _ = text_active(w, eff, self.board.ctrl)
            eff.active = ok
            if not ok:
                eff.since = None
        self.board.show_all()
        self.tr.step(StepKind.SETUP, reason={"code": Reason.SETUP})
        self.effects.recompute()
        self.effects.remember_board()
        for idx, act in enumerate(self.sc.actions):
            self.record.action = self.tr.action = idx
            self.tr.step(
                StepKind.ACTION,
                reason={
                    "code": Reason.ACTION,
                    "do": act["do"],
                    **{k: v for k, v in act.items() if k not in ("do", "steps")},
                },
            )
            self.record.unsettled = []
            if not self.chain.before_action(act):
                continue
            self.chain.perform(act)
            if act["do"] not in (Do.QUERY, Do.RESOLVE):
                self.effects.settle()
            if act["do"] != Do.QUERY:
                self.cleanup.cleanup()
                self.chain.triggers_to_chain()
        self.record.action = self.tr.action = None
        self.chain.finish_open()
        self.tr.step(StepKind.RESULT, reason={"code": Reason.RESULT, "winner": self.world.scoring.winner})
        return Outcome(
            self.board.objects_out(),
            self.board.players_out(),
            self.record.events,
            self.record.queries,
            self.tr.steps,
            self.world.layers.decisions,
            self.record.choice_log,
            board=self.board.board_out(),
            combats=self.world.combat.log,
            scores=self.world.scoring.log,
            winner=self.world.scoring.winner,
        )


# how each kind of decision names the option taken, in an outcome's label
_PICKED = {
    "order": "{} d'abord",
    "trigger_order": "{} placée d'abord sur la chaîne",
    "assign": "dégâts mortels d'abord à {}",
    "combat": "combat à {} d'abord",
    "burn_out": "point d'Exténuation pour {}",
}


def outcome_label(sim_log: list[dict]) -> str:
    """French label of an outcome, such as « Guardian Angel d'abord » (M10)."""
    parts = []
    for c in sim_log:
        if c["kind"] in _PICKED:
            parts.append(_PICKED[c["kind"]].format(c["labels"][c["picked"]]))
        elif c["kind"] == "answer":
            parts.append(f"« {c['labels'][0]} » {'jouée' if c['picked'] == 0 else 'pas jouée'}")
        else:
            parts.append(f"{c['labels'][0]} {'acceptée' if c['picked'] == 0 else 'refusée'}")
    return " ; ".join(parts)


def explore(sc: Scenario, tracing: bool = True) -> list[Outcome]:
    """Play every open choice (M10), depth-first."""
    outcomes: list[Outcome] = []
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        sim = Sim(sc, prefix, tracing)
        out = sim.run()
        out.label = outcome_label(out.choice_log)
        outcomes.append(out)
        if len(outcomes) > MAX_OUTCOMES:
            raise EngineLimitError(f"trop de choix ouverts : plus de {MAX_OUTCOMES} issues possibles")
        picked = [c["picked"] for c in out.choice_log]
        new = []
        for j in range(len(prefix), len(out.choice_log)):
            for alt in range(1, out.choice_log[j]["n"]):
                new.append(picked[:j] + [alt])
        stack.extend(reversed(new))
    return outcomes


__all__ = ["Sim", "Ev", "explore", "Outcome", "KINDS", "KEYWORDS", "PRODUCE_LABELS"]
