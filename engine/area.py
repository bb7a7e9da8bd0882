"""What every rules area is built on: ``Area``, the base class of the simulator's area objects.

Each rules area (``sim.turn``, ``sim.chain``, ``sim.combat``…) is an object of its own class, built on the
simulator ``sim`` it belongs to.  It reads and writes its own part of the live state (``world.<area>``) through
its own methods (``self.x(…)``) and asks another area through an explicit call (``self.sim.combat.x(…)``); no
area inherits another area's methods.  What all of them share — the world, the tracer, the scenario and the
run's record — is reached through the properties below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .live_state import RunRecord, World
    from .scenario import Scenario
    from .trace import Tracer

# the simulator's attribute of each rules area, equal to its module's name
AREAS = ("board", "costs", "hidden", "movement", "playing", "chain", "cleanup", "showdown", "combat", "scoring",
         "turn", "replacement", "triggers", "choices", "effects")


class Area:
    """One rules area of a simulator run: it keeps nothing but the simulator it belongs to."""

    def __init__(self, sim):
        self.sim = sim  # the ``sim.Sim`` this area belongs to (not imported here: ``sim`` imports every area)

    @property
    def world(self) -> World:
        return self.sim.world

    @property
    def tr(self) -> Tracer:
        return self.sim.tr

    @property
    def sc(self) -> Scenario:
        return self.sim.sc

    @property
    def record(self) -> RunRecord:
        return self.sim.record


def handler(sim, name: str):
    """The method ``name`` (an action's handler, ``_do_<action>``) of the one area that has it."""
    for area in AREAS:
        fn = getattr(getattr(sim, area), name, None)
        if fn is not None:
            return fn
    raise AttributeError(name)
