"""Replacement effects (R. 367): which apply to a set of simultaneous events, who chooses their
order, what each produces, and the events finally executed.

``Replacement`` is the rules area ``sim.replacement`` of the simulator (``sim.Sim``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .area import Area
from .kinds import Event, Reason, StepKind
from .layers import base_chars, text_active, zone_ok
from .live_state import EffState, Ev, ObjState

# Which modifications of an event still make sense for each kind of event (M12).
MOD_APPLIES = {"exhausted": {"create_token"}}


@dataclass
class _ReplacementRun:
    """One set of simultaneous events being evaluated (rules 15–19): what is pending and what was offered, used,
    declined or told."""

    start_zones: dict[str, str]
    used: set
    pending: list[Ev]
    reps: list[EffState]
    declined: set[str] = field(default_factory=set)
    offered: set[str] = field(default_factory=set)
    noted: set = field(default_factory=set)
    absent: dict[str, str | None] = field(default_factory=dict)


class Replacement(Area):
    """Replacement effects and event execution (the area ``sim.replacement``)."""

    def new_turn_for_replacements(self) -> None:
        """R. 317: « once per turn » replacement effects may apply again next turn."""
        self.world.replacements.used_turn.clear()

    def chooser(self, ev: Ev) -> str:
        """Who orders the replacements of an event (R. 367): the affected object's controller, the player if the
        subject is a player, else the turn player."""
        if ev.obj is not None:
            return self.sim.board.ctrl(ev.obj) or self.world.turn_player
        return ev.player or self.world.turn_player

    def source_valid(self, eff: EffState, start_zones: dict) -> tuple[bool, dict | None]:
        """Choix 10 du README: the source must be in its active zone when the simultaneous set begins."""
        spec = eff.spec
        if spec.source is not None:
            z0 = start_zones.get(spec.source, self.world.objects[spec.source].zone)
            if not zone_ok(spec, z0):
                now = self.world.objects[spec.source].zone
                code = Reason.TOO_LATE if zone_ok(spec, now) else Reason.SOURCE_ABSENT
                return False, {"code": code, "zone": z0, "zone_at_start": z0, "zone_now": now}
            return text_active(self.world, eff, self.sim.board.ctrl, zone=z0)
        return text_active(self.world, eff, self.sim.board.ctrl)

    def matches(self, eff: EffState, ev: Ev) -> bool:
        """Whether a replacement effect applies to this event (R. 367): its event, subject and limits."""
        spec, p = eff.spec, eff.spec.params
        if p["event"] != ev.type:
            return False
        if p["once_per_turn"] and spec.id in self.world.replacements.used_turn:
            return False
        if not self._subject_matches(spec, p, ev):
            return False
        src = spec.source
        if p["applies_to"] in ("allies", "other_allies", "player") and src is not None:
            subject_ctrl = ev.player if ev.type == "create_token" else self.sim.board.ctrl(ev.obj)
            if subject_ctrl != self.sim.board.ctrl(src):
                return False
        return self._limits_hold(p, src, ev)

    def _subject_matches(self, spec, p: dict, ev: Ev) -> bool:
        """R. 367: the event's subject is the one the replacement names (an object, itself, what it is attached to,
        another ally); a token being created has no object yet."""
        if ev.type == "create_token":
            return spec.target is None and p["applies_to"] not in ("self", "attached")
        if ev.obj is None:
            return False
        if spec.target is not None and spec.target not in ("source", "attached", "allies"):
            return ev.obj == spec.target
        at, src = p["applies_to"], spec.source
        if at == "self":
            return ev.obj == src
        if at == "attached":
            return src is not None and self.world.objects[src].attached_to == ev.obj
        return not (at == "other_allies" and ev.obj == src)

    def _limits_hold(self, p: dict, src: str | None, ev: Ev) -> bool:
        """R. 367: the replacement's own limits — smaller than its source, in the same zone, a decrease only."""
        if src is not None and ev.obj is not None:
            if p["smaller_than_source"] and max(0, self.sim.board.power(ev.obj)) >= max(0, self.sim.board.power(src)):
                return False
            if p["same_location_as_source"] and self.world.objects[ev.obj].zone != self.world.objects[src].zone:
                return False
        return not (p["negative_only"] and ev.amount >= 0)

    def process(self, evs: list[Ev], used: set | None = None) -> None:
        """Choix 9 du README (and choix 10 du README): evaluate a set of simultaneous events, replacements first."""
        w = self.world
        run = _ReplacementRun(start_zones={oid: o.zone for oid, o in w.objects.items()},
                              used=set() if used is None else used, pending=list(evs),
                              reps=[e for e in w.effects.values() if e.spec.kind == "replacement"])
        while True:
            self.tr.tick()
            matches = self._matching(run)
            if not matches:
                break
            chooser, rids = self._first_chooser(matches)
            run.offered.update(rids)
            objs = {ev.obj for r in rids for ev in matches[r]}
            self.tr.step(
                StepKind.REPLACEMENT,
                object=objs.pop() if len(objs) == 1 else None,
                candidates=rids,
                reason={"code": Reason.CANDIDATES, "by": chooser, "event": matches[rids[0]][0].type},
            )
            if len(rids) > 1:
                rid = rids[self.sim.choices.choose("order", rids, chooser, [w.effects[r].spec.label for r in rids])]
            else:
                rid = rids[0]
            eff = w.effects[rid]
            if eff.spec.params["optional"]:
                if self.sim.choices.choose("accept", [rid], chooser, [eff.spec.label]) != 0:
                    run.declined.add(rid)
                    self.tr.step(StepKind.SKIP, effect=rid, reason={"code": Reason.DECLINED, "by": chooser})
                    continue
            self._apply(eff, matches[rid], rids, chooser, run)
        self._finish(run)

    def _matching(self, run: _ReplacementRun) -> dict[str, list[Ev]]:
        """Choix 9 du README: the replacements that apply to the pending events, each told once when it cannot (already
        applied, already used in this set, its source not valid)."""
        matches: dict[str, list[Ev]] = {}
        for ev in run.pending:
            for eff in run.reps:
                rid = eff.id
                if rid in run.declined or not eff.started or eff.ended or not self.matches(eff, ev):
                    continue
                if rid in ev.applied or rid in run.used:
                    self._skip_once(run, ("used", rid, id(ev)), rid, ev, {
                        "code": Reason.ALREADY_APPLIED if rid in ev.applied else Reason.ALREADY_USED_IN_SET,
                        "event": ev.type,
                    })
                    continue
                ok, why = self.source_valid(eff, run.start_zones)
                if not ok:
                    if (why or {}).get("code") == "source_absent":
                        run.absent.setdefault(rid, ev.obj)
                    self._skip_once(run, ("invalid", rid, id(ev)), rid, ev,
                                    dict(why or {}, code=(why or {}).get("code", Reason.INACTIVE), event=ev.type))
                    continue
                matches.setdefault(rid, []).append(ev)
        return matches

    def _skip_once(self, run: _ReplacementRun, key: tuple, rid: str, ev: Ev, reason: dict) -> None:
        if key not in run.noted:
            run.noted.add(key)
            self.tr.step(StepKind.SKIP, effect=rid, object=ev.obj, reason=reason)

    def _first_chooser(self, matches: dict[str, list[Ev]]) -> tuple[str, list[str]]:
        """Choix 9 du README: the first player in turn order who has replacements to apply chooses one of them."""
        by_chooser: dict[str, list[str]] = {}
        for rid, lst in matches.items():
            by_chooser.setdefault(self.chooser(lst[0]), []).append(rid)
        order = self.world.turn_order()
        chooser = next((p for p in order if p in by_chooser), None) or next(iter(by_chooser))
        return chooser, by_chooser[chooser]

    def _apply(self, eff: EffState, evs: list[Ev], rids: list[str], chooser: str, run: _ReplacementRun) -> None:
        """Choix 9 du README: the chosen replacement changes (or joins) each of its events; its instructions run
        first."""
        rid = eff.id
        run.used.add(rid)
        if eff.spec.params["once_per_turn"]:
            self.world.replacements.used_turn.add(rid)
        mode = eff.spec.params["mode"]
        for ev in evs:
            alts, inherited, ignored = self.alternatives(eff, ev)
            if mode == "instead":
                run.pending.remove(ev)
                self.sim.board.emit(Event.REPLACED, object=ev.obj, effect=rid, event=ev.type, by=chooser)
            else:
                ev.applied = ev.applied | {rid}
                self.sim.board.emit(Event.ADDED_TO_EVENT, object=ev.obj, effect=rid, event=ev.type, by=chooser)
            self.tr.step(
                StepKind.REPLACEMENT,
                object=ev.obj,
                effect=rid,
                candidates=rids,
                reason={
                    "code": Reason.REPLACEMENT_APPLIED,
                    "by": chooser,
                    "event": ev.type,
                    "mode": mode,
                    "produce": [a.type for a in alts],
                    "inherited": inherited,
                    "ignored": ignored,
                },
            )
            # Replacement instructions run before the unchanged simultaneous events.
            if alts:
                self.process(alts, run.used)

    def _finish(self, run: _ReplacementRun) -> None:
        """Choix 9 du README: the events left happen, each player's in turn order; a replacement whose source arrived
        only
        through this set of events was too late (M11)."""
        w = self.world
        for rid in sorted(run.offered - run.used - run.declined):
            self.tr.step(StepKind.SKIP, effect=rid, reason={"code": Reason.NO_LONGER_MATCHES})
        order = {p: i for i, p in enumerate(w.turn_order())}
        run.pending.sort(key=lambda e: order.get(self.chooser(e), 99))
        for ev in run.pending:
            self.execute(ev)
        for rid, obj in run.absent.items():
            spec = w.effects[rid].spec
            if spec.source is not None and zone_ok(spec, w.objects[spec.source].zone):
                # It reached its active zone only through this same set of events: too late (M11).
                self.tr.step(
                    StepKind.SKIP,
                    effect=rid,
                    object=obj,
                    reason={
                        "code": Reason.TOO_LATE,
                        "zone_at_start": run.start_zones.get(spec.source),
                        "zone_now": w.objects[spec.source].zone,
                    },
                )

    def alternatives(self, eff: EffState, ev: Ev) -> tuple[list[Ev], list[str], list[str]]:
        """Choix 9 du README: what replaces (or joins) ``ev``, inheriting the changes that still apply."""
        spec, p = eff.spec, eff.spec.params
        applied = ev.applied | {spec.id}
        out = []
        inherited: set[str] = set()
        ignored: set[str] = set()
        for what in p["produce"]:
            if what in ("heal", "exhaust", "recall", "die", "return_to_hand"):
                new = Ev(what, obj=ev.obj, applied=applied)
            elif what == "destroy_source":
                new = Ev("destroy", obj=spec.source, applied=applied)
            elif what == "draw":
                new = Ev("draw", player=ev.player or (self.sim.board.ctrl(ev.obj) if ev.obj else None), applied=applied)
            elif what == "create_token":
                tok = dict(ev.token or {})
                tok["id"] = f"{tok.get('id', 'creation')}-copie"
                tok["name"] = f"{tok.get('name', 'Création')} (copie)"
                new = Ev("create_token", player=ev.player, token=tok, applied=applied)
            else:  # power_change
                new = Ev(
                    "power_change",
                    obj=ev.obj,
                    amount=p["amount"],
                    duration=ev.duration,
                    label=f"{eff.spec.label} ({p['amount']:+d})",
                    applied=applied,
                )
            for mod, val in ev.mods.items():
                if new.type in MOD_APPLIES.get(mod, ()):
                    new.mods[mod] = val
                    inherited.add(mod)
                else:
                    ignored.add(mod)
            out.append(new)
        return out, sorted(inherited), sorted(ignored)

    def execute(self, ev: Ev) -> None:
        """An event happens, once every replacement is applied (R. 367): death (R. 429), recall (R. 456), move
        (R. 447), token (R. 179), draw (R. 414)…"""
        w = self.world
        o = w.objects.get(ev.obj) if ev.obj else None
        if ev.type == "die":
            before = o.zone
            self.sim.movement.place(o, "discard")  # its gear detaches where it was (R. 436.4.b)
            self.sim.board.emit(Event.DIED if o.type != "gear" else "destroyed", object=o.id, **{"from": before})
        elif ev.type == "destroy":
            self.sim.movement.place(o, "discard")
            o.attached_to = None
            self.sim.board.emit(Event.DESTROYED, object=o.id)
        elif ev.type == "return_to_hand":
            self.sim.movement.place(o, "hand")
            self.sim.board.emit(Event.RETURNED_TO_HAND, object=o.id)
        elif ev.type == "heal":
            o.damage = 0
            self.sim.board.emit(Event.HEALED, object=o.id)
        elif ev.type == "exhaust":
            o.exhausted = True
            self.sim.board.emit(Event.EXHAUSTED, object=o.id)
        elif ev.type == "recall":
            self.sim.movement.place(o, "base")  # its gear goes with it (R. 719.3.a)
            self.sim.board.emit(Event.RECALLED, object=o.id)
        elif ev.type == "move":
            self.sim.movement.move_now(o, ev.dest)
        elif ev.type == "power_change":
            if ev.amount:
                kind = "increase" if ev.amount > 0 else "decrease"
                eid = self.sim.effects.add_dynamic(
                    ev.label or f"{ev.amount:+d}", kind, ev.obj, abs(ev.amount), ev.duration)
            else:
                eid = None
            self.sim.board.emit(Event.POWER_CHANGED, object=ev.obj, amount=ev.amount, effect=eid)
        elif ev.type == "create_token":
            tok = ev.token
            if tok["id"] in w.objects:
                tok["id"] = f"{tok['id']}-{len(w.objects)}"
            new = ObjState(
                tok["id"],
                tok["name"],
                "token",
                tok.get("printed_power", 0),
                zone="base",
                controller=ev.player,
                exhausted=bool(ev.mods.get("exhausted")),
                since=w.clock,
            )
            w.objects[tok["id"]] = new
            self.tr.show_object(new.id, new, base_chars(new))
            self.sim.effects.forget_on_board(tok["id"])
            self.sim.board.emit(Event.TOKEN_CREATED, object=tok["id"], exhausted=bool(ev.mods.get("exhausted")))
        elif ev.type == "draw":
            self.sim.scoring.draw_now(ev.player)


__all__ = ["Replacement"]
