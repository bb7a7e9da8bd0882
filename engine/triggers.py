"""Triggered abilities (R. 383): which trigger on an event, and what one does when it resolves from
the chain (R. 340.1).

``Triggers`` is the rules area ``sim.triggers`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area, handler
from .kinds import (
    PLAYED_EVENTS,
    RESULT_INSTRUCTIONS,
    Do,
    Event,
    Reason,
    StepKind,
)
from .layers import text_active
from .live_state import EffState, Ev


class Triggers(Area):
    """Triggered and activated abilities' results (the area ``sim.triggers``)."""

    def keyword_triggered(self, eid: str, entry: tuple, cause: str) -> None:
        """R. 383.2: a keyword's triggered ability (``entry`` = module, object, what it does) triggers and waits."""
        self.world.triggers.keyword[eid] = entry
        self.sim.board.emit(Event.TRIGGERED, effect=eid, object=entry[1], cause=cause, label=self.trigger_label(eid))
        self.world.triggers.pending.append((eid, cause))

    def take_pending_triggers(self) -> list[tuple]:
        """R. 383.3: the abilities that triggered leave the waiting list to be finalized on the chain."""
        pending, self.world.triggers.pending = self.world.triggers.pending, []
        return pending

    def check_triggers(self, ev: dict) -> None:
        """Choix 17 du README: a triggered ability must be active when its event is evaluated."""
        w = self.world
        if w.triggers.sorted_ is None:
            # by id, never by file order: abilities that trigger together are then ordered by their
            # controllers (R. 383.3.d), not by where the scenario lists them
            w.triggers.sorted_ = sorted((e for e in w.effects.values() if e.spec.kind == "triggered"),
                                        key=lambda e: e.id)
        for eff in w.triggers.sorted_:
            spec = eff.spec
            if not eff.started or eff.ended:
                continue
            p = spec.params
            if p["when"] != ("played" if ev["type"] in PLAYED_EVENTS else ev["type"]):
                continue
            subj = p["subject"]
            src = spec.source
            look_back = None
            if ev["type"] == "xp_gained":
                match = src is not None and ev.get("player") == self.sim.board.ctrl(src) or src is None
            elif ev["type"] in ("conquered", "held"):
                # « when you conquer / hold » (R. 471); « self »: the source stands at that battlefield
                match = src is None or ev.get("player") == self.sim.board.ctrl(src)
                if match and subj == "self" and src is not None:
                    match = self.world.objects[src].at == ev.get("object")
            else:
                obj = ev.get("object")
                if obj is None:
                    continue
                match = (
                    subj == "any"
                    or (subj == "self" and obj == src)
                    or (subj in ("ally", "you") and src is not None
                        and self.sim.board.ctrl(obj) == self.sim.board.ctrl(src))
                )
            if not match:
                continue
            if ev["type"] == "died" and ev.get("object") == src and ev.get("from"):
                # Deathknell (R. 808): the ability of a unit that dies is read as it was just before.
                look_back, _ = text_active(w, eff, self.sim.board.ctrl, zone=ev["from"])
            if not eff.active and not look_back:
                ok, why = text_active(w, eff, self.sim.board.ctrl)
                self.tr.step(
                    StepKind.SKIP,
                    effect=eff.id,
                    object=src,
                    reason=dict(why or {}, code=Reason.INACTIVE_AT_EVENT, event=ev["type"],
                                why=(why or {}).get("code")),
                )
                continue
            self.sim.board.emit(Event.TRIGGERED, effect=eff.id, object=src, cause=ev["type"])
            # R. 383.3, 334.1: the ability goes on the chain as a pending item; it is finalized once the
            # outstanding tasks (the cleanup that follows this event) are done, then resolves like any item.
            self.world.triggers.pending.append((eff.id, ev["type"]))
            self.tr.step(StepKind.EVENT, effect=eff.id, object=src, reason={"code": Reason.TRIGGER_WAITS})

    def trigger_source(self, eid: str) -> str | None:
        """The object whose ability triggered (R. 383): an effect's source, or the object of a keyword's play effect."""
        if eid in self.world.triggers.keyword:
            return self.world.triggers.keyword[eid][1]
        return self.world.effects[eid].spec.source

    def trigger_label(self, eid: str) -> str:
        """The name of a triggered ability on the chain (R. 383.3): the effect's label, or « Vision (its card) »."""
        if eid in self.world.triggers.keyword:
            m, oid, _ = self.world.triggers.keyword[eid]
            return f"{m.KEYWORD.name} ({self.sim.board.name(oid)})"
        return self.world.effects[eid].spec.label

    def resolve_trigger(self, eid: str) -> None:
        """A triggered ability on the chain resolves (R. 340.1, 383.3)."""
        eff = self.world.effects[eid]
        self.sim.board.emit(Event.TRIGGER_RESOLVED, effect=eid, object=eff.spec.source)
        self.ability_result(eff)

    def ability_result(self, eff: EffState) -> None:
        """What a triggered or activated ability does when it resolves (R. 376, 383): its ``then``
        effect starts, and its controller gains or spends XP (R. 728), draws (R. 414), gains points."""
        p = eff.spec.params
        if p.get("then"):
            self.sim.effects.start_effect(p["then"])
        who = self.sim.board.ctrl(eff.spec.source) if eff.spec.source else self.world.turn_player
        for name in RESULT_INSTRUCTIONS:
            n = p.get(name) or 0
            if name == "predict" and p.get("predict_of_shown") and eff.spec.source:
                # « Predict equal to its Power cost »: read of the object shown off (R. 832.1.d.1)
                n = self.world.objects[eff.spec.source].shown_values.get(p["predict_of_shown"], 0)
            if not n or who is None:
                continue
            if name == "predict":  # R. 437: how many of the cards looked at its controller recycles (R. 437.1.a)
                self.sim.chain.perform({"do": Do.PREDICT, "player": who, "amount": n,
                                        "recycle": p.get("predict_recycle") or 0})
            elif name == "draw":
                for _ in range(n):
                    self.sim.replacement.process([Ev("draw", player=who)])
            elif name == "points":
                self.sim.scoring.add_points(who, n, "ability")
            else:
                handler(self.sim, "_do_" + name)({"player": who, "amount": n})


__all__ = ["Triggers"]
