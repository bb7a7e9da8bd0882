"""Continuous effects (R. 475–482): starting and ending them, the activity of texts, the full
recomputation through the layers after each instruction, and instructions changing Might.

``Effects`` is the rules area ``sim.effects`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from .area import Area
from .kinds import Event, Reason, StepKind
from .layers import compute, text_active
from .live_state import EffectSpec, EffState, Ev
from .snapshots import EffectState
from .vocab import is_mighty

MAX_DECISIONS = 100  # "why this order?" entries kept per outcome


class Effects(Area):
    """Effects, recomputation and power instructions (the area ``sim.effects``)."""

    def update_activity(self) -> None:
        """Choix 4 du README: a text that becomes inactive loses its timestamp, and gets a new one when active again."""
        w = self.world
        newly = []
        for eff in w.effects.values():
            ok, why = text_active(w, eff, self.sim.board.ctrl)
            if ok and not eff.active:
                eff.active = True
                if eff.since is None:
                    eff.since = w.clock
                    newly.append(eff)
                self.tr.show_effect(eff.id, EffectState(eff.spec.label, True, eff.since))
                if eff.started:
                    self.tr.step(
                        StepKind.CONDITION,
                        effect=eff.id,
                        object=eff.spec.source,
                        reason={"code": Reason.CONDITION_TRUE, "since": eff.since},
                    )
            elif not ok and eff.active:
                eff.active = False
                eff.since = None
                self.tr.show_effect(eff.id, EffectState(eff.spec.label, False, None))
                if not eff.ended:
                    self.tr.step(
                        StepKind.CONDITION,
                        effect=eff.id,
                        object=eff.spec.source,
                        reason=dict(why or {}, code=Reason.CONDITION_FALSE, why=(why or {}).get("code")),
                    )
        if newly:
            w.clock += 1

    def recompute(self) -> None:
        """Recompute every object through the layers (R. 479–482) and report real transitions only (M6)."""
        w = self.world
        self.world.layers.comp_no += 1
        self.tr.computation = self.world.layers.comp_no
        self.tr.reset_applied()
        for eid in self.tr.effects_shown():
            shown = self.tr.effect_shown(eid)
            if eid not in w.effects and shown.active:
                # implicit keyword effects exist only while their keyword does; recomputed below
                self.tr.show_effect(eid, EffectState(shown.label, False, None))
        self.sim.board.show_changes()
        old = w.view
        self.update_activity()
        decisions: list[dict] = []
        new = compute(w, self.tr, decisions)
        w.view = new
        for d in decisions:
            d.pop("_then_key", None)
            key = (d["object"], d["first"], d["then"], d["reason"], str(d["value"]), str(d["other_value"]))
            if key not in self.world.layers.decision_keys and len(self.world.layers.decisions) < MAX_DECISIONS:
                self.world.layers.decision_keys.add(key)
                self.world.layers.decisions.append(d)
        self.update_activity()
        self.sim.board.show_changes()  # ``compute`` showed every object with its new characteristics
        if not old:
            return
        for oid, obj in w.objects.items():
            if not obj.on_board or oid not in old:
                continue
            was = old[oid].power if self.world.layers.was_on_board.get(oid) else None
            now = new[oid].power
            if was is None:
                continue
            if is_mighty(now) and not is_mighty(was):
                self.sim.board.emit(Event.BECAME_MIGHTY, object=oid, before=was, after=now)
            elif is_mighty(was) and not is_mighty(now):
                self.sim.board.emit(Event.NO_LONGER_MIGHTY, object=oid, before=was, after=now)
        self.remember_board()

    def remember_board(self) -> None:
        """What is on the board at this computation: a unit arriving later does not « become » Mighty (R. 706)."""
        self.world.layers.was_on_board = {oid: o.on_board for oid, o in self.world.objects.items()}

    def forget_on_board(self, oid: str) -> None:
        """A new object (a token, a channeled rune) was not on the board at the last computation (R. 706)."""
        self.world.layers.was_on_board[oid] = False

    def settle(self) -> None:
        """After each instruction: recompute, then evaluate triggers for its events (R. 383, M13, M14)."""
        self.recompute()
        fresh, self.record.unsettled = self.record.unsettled, []
        for ev in fresh:
            self.sim.triggers.check_triggers(ev)

    def start_effect(self, eid: str) -> None:
        """An effect starts to apply, with a new timestamp (R. 482.1)."""
        w = self.world
        eff = w.effects[eid]
        eff.started, eff.ended = True, False
        eff.locked = {}
        ok, _ = text_active(w, eff, self.sim.board.ctrl)
        eff.active = ok
        eff.since = w.clock if ok else None
        w.clock += 1
        self.tr.show_effect(eid, EffectState(eff.spec.label, eff.active, eff.since))
        self.sim.board.emit(Event.EFFECT_STARTED, effect=eid, since=eff.since)

    def end_effect(self, eid: str, why: str = "ended") -> None:
        """An effect ends or expires (R. 317, 468.7.c)."""
        eff = self.world.effects[eid]
        if eff.ended or not eff.started:
            return
        eff.ended, eff.active, eff.since = True, False, None
        self.tr.show_effect(eid, EffectState(eff.spec.label, False, None))
        self.sim.board.emit(Event.EXPIRED if why == "expired" else Event.EFFECT_ENDED, effect=eid)

    def add_dynamic(self, label: str, kind: str, target: str, value: int, duration: str) -> str:
        """An effect created by an instruction (buff, Might change, R. 701, 479.4), timestamped now (R. 482.1)."""
        self.world.layers.dyn += 1
        eid = f"{kind}-{target}-{self.world.layers.dyn}"
        spec = EffectSpec(
            eid,
            label,
            kind,
            target=target,
            params={"value": value},
            duration=duration,
            since=self.world.clock,
            dynamic=True,
        )
        self.world.effects[eid] = EffState(spec, started=True, active=True, since=self.world.clock)
        self.world.clock += 1
        self.tr.show_effect(eid, EffectState(label, True, spec.since))
        return eid

    def _do_start(self, a):
        """Effects start to apply, each with its timestamp (R. 482.1)."""
        for eid in a["effects"]:
            self.start_effect(eid)

    def _do_end(self, a):
        """An effect ends (R. 317)."""
        self.end_effect(a["effect"])

    def _do_buff(self, a):
        """Buff a unit: +1 Might while it stays on the board (R. 701)."""
        oid = a["object"]
        if not self.world.objects[oid].on_board:
            self.sim.board.emit(Event.NOTHING_HAPPENS, object=oid, why="off_board")
            return
        eid = self.add_dynamic("Buff (+1)", "increase", oid, 1, "permanent")
        self.sim.board.emit(Event.BUFFED, object=oid, effect=eid)

    def _do_double(self, a):
        """Choix 6 du README: doubling adds a fixed amount equal to the current value; never a negative amount."""
        oid = a["object"]
        cur = self.sim.board.power(oid)
        add = max(0, cur)
        self.sim.board.emit(Event.DOUBLING, object=oid, power=cur, amount=add)
        self.sim.replacement.process(
            [Ev("power_change", obj=oid, amount=add, duration=a["duration"], label=f"Doublement ({add:+d})")])

    def _do_swap(self, a):
        """Choix 6 du README: the difference is added to the lower and taken from the higher (real values)."""
        x, y = a["objects"]
        px, py = self.sim.board.power(x), self.sim.board.power(y)
        if px == py:
            self.sim.board.emit(Event.SWAP_NOTHING, object=x, other=y, power=px)
            return
        low, high = (x, y) if px < py else (y, x)
        d = abs(px - py)
        self.sim.board.emit(Event.SWAP, object=low, other=high, difference=d)
        self.sim.replacement.process(
            [
                Ev("power_change", obj=low, amount=d, duration=a["duration"], label=f"Intervertir ({d:+d})"),
                Ev("power_change", obj=high, amount=-d, duration=a["duration"], label=f"Intervertir ({-d:+d})"),
            ]
        )

    def _do_kill(self, a):
        """One instruction kills its objects together: one simultaneous set, for replacements (choix 9 du README)."""
        evs = [Ev("die", obj=oid) for oid in dict.fromkeys(a["objects"]) if self.world.objects[oid].on_board]
        if evs:
            self.sim.replacement.process(evs)

    def _do_return_to_hand(self, a):
        """Return a unit to its owner's hand (R. 140), a replaceable event (R. 367)."""
        if self.world.objects[a["object"]].on_board:
            self.sim.replacement.process([Ev("return_to_hand", obj=a["object"])])

    def _do_create_token(self, a):
        """Create a token (R. 179), a replaceable event (R. 367)."""
        tok = {"id": a["token"], "name": a["name"], "printed_power": a["printed_power"]}
        mods = {"exhausted": True} if a["exhausted"] else {}
        self.sim.replacement.process([Ev("create_token", player=a["player"], token=tok, mods=mods)])


__all__ = ["Effects"]
