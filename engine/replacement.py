"""Replacement effects (R. 367): which apply to a set of simultaneous events, who chooses their
order, what each produces, and the events finally executed.

``Replacement`` is a mixin of ``sim.Sim``.
"""

from __future__ import annotations

from .kinds import Event, Reason, StepKind
from .layers import base_chars, text_active, zone_ok
from .live_state import EffState, Ev, ObjState

# Which modifications of an event still make sense for each kind of event (M12).
MOD_APPLIES = {"exhausted": {"create_token"}}


class Replacement:
    """Replacement effects and event execution (mixin of the simulator)."""

    def new_turn_for_replacements(self) -> None:
        """R. 317: « once per turn » replacement effects may apply again next turn."""
        self.world.replacements.used_turn.clear()

    def chooser(self, ev: Ev) -> str:
        """Who orders the replacements of an event (R. 367): the affected object's controller, the player if the
        subject is a player, else the turn player."""
        if ev.obj is not None:
            return self.ctrl(ev.obj) or self.world.turn_player
        return ev.player or self.world.turn_player

    def source_valid(self, eff: EffState, start_zones: dict) -> tuple[bool, dict | None]:
        """Rule 17: the source must be in its active zone when the simultaneous set begins."""
        spec = eff.spec
        if spec.source is not None:
            z0 = start_zones.get(spec.source, self.world.objects[spec.source].zone)
            if not zone_ok(spec, z0):
                now = self.world.objects[spec.source].zone
                code = Reason.TOO_LATE if zone_ok(spec, now) else Reason.SOURCE_ABSENT
                return False, {"code": code, "zone": z0, "zone_at_start": z0, "zone_now": now}
            return text_active(self.world, eff, self.ctrl, zone=z0)
        return text_active(self.world, eff, self.ctrl)

    def matches(self, eff: EffState, ev: Ev) -> bool:
        """Whether a replacement effect applies to this event (R. 367): its event, subject and limits."""
        spec, p = eff.spec, eff.spec.params
        if p["event"] != ev.type:
            return False
        if p["once_per_turn"] and spec.id in self.world.replacements.used_turn:
            return False
        src = spec.source
        if ev.type == "create_token":
            subject_ctrl = ev.player
            if spec.target is not None or p["applies_to"] in ("self", "attached"):
                return False
        else:
            if ev.obj is None:
                return False
            subject_ctrl = self.ctrl(ev.obj)
            if spec.target is not None and spec.target not in ("source", "attached", "allies"):
                if ev.obj != spec.target:
                    return False
            else:
                at = p["applies_to"]
                if at == "self" and ev.obj != src:
                    return False
                if at == "attached" and (src is None or self.world.objects[src].attached_to != ev.obj):
                    return False
                if at == "other_allies" and ev.obj == src:
                    return False
        if p["applies_to"] in ("allies", "other_allies", "player") and src is not None:
            if subject_ctrl != self.ctrl(src):
                return False
        if p["smaller_than_source"] and src is not None and ev.obj is not None:
            if max(0, self.power(ev.obj)) >= max(0, self.power(src)):
                return False
        if p["same_location_as_source"] and src is not None and ev.obj is not None:
            if self.world.objects[ev.obj].zone != self.world.objects[src].zone:
                return False
        if p["negative_only"] and ev.amount >= 0:
            return False
        return True

    def process(self, evs: list[Ev], used: set | None = None) -> None:
        """Rules 15-19: evaluate a set of simultaneous events, replacements first."""
        w = self.world
        start_zones = {oid: o.zone for oid, o in w.objects.items()}
        used = set() if used is None else used
        declined: set[str] = set()
        offered: set[str] = set()
        pending = list(evs)
        noted: set = set()
        absent: dict[str, str | None] = {}
        reps = [e for e in w.effects.values() if e.spec.kind == "replacement"]
        while True:
            self.tr.tick()
            matches: dict[str, list[Ev]] = {}
            for ev in pending:
                for eff in reps:
                    rid = eff.id
                    if rid in declined or not eff.started or eff.ended:
                        continue
                    if not self.matches(eff, ev):
                        continue
                    if rid in ev.applied or rid in used:
                        key = ("used", rid, id(ev))
                        if key not in noted:
                            noted.add(key)
                            self.tr.step(
                                StepKind.SKIP,
                                effect=rid,
                                object=ev.obj,
                                reason={
                                    "code": Reason.ALREADY_APPLIED if rid in ev.applied else Reason.ALREADY_USED_IN_SET,
                                    "event": ev.type,
                                },
                            )
                        continue
                    ok, why = self.source_valid(eff, start_zones)
                    if not ok:
                        key = ("invalid", rid, id(ev))
                        if key not in noted:
                            noted.add(key)
                            if (why or {}).get("code") == "source_absent":
                                absent.setdefault(rid, ev.obj)
                            self.tr.step(
                                StepKind.SKIP,
                                effect=rid,
                                object=ev.obj,
                                reason=dict(why or {}, code=(why or {}).get("code", Reason.INACTIVE), event=ev.type),
                            )
                        continue
                    matches.setdefault(rid, []).append(ev)
            if not matches:
                break
            by_chooser: dict[str, list[str]] = {}
            for rid, lst in matches.items():
                by_chooser.setdefault(self.chooser(lst[0]), []).append(rid)
            chooser = (
                next(p for p in w.turn_order() if p in by_chooser)
                if any(p in by_chooser for p in w.turn_order())
                else next(iter(by_chooser))
            )
            rids = by_chooser[chooser]
            offered.update(rids)
            objs = {ev.obj for r in rids for ev in matches[r]}
            self.tr.step(
                StepKind.REPLACEMENT,
                object=objs.pop() if len(objs) == 1 else None,
                candidates=rids,
                reason={"code": Reason.CANDIDATES, "by": chooser, "event": matches[rids[0]][0].type},
            )
            if len(rids) > 1:
                rid = rids[self.choose("order", rids, chooser, [w.effects[r].spec.label for r in rids])]
            else:
                rid = rids[0]
            eff = w.effects[rid]
            if eff.spec.params["optional"]:
                if self.choose("accept", [rid], chooser, [eff.spec.label]) != 0:
                    declined.add(rid)
                    self.tr.step(StepKind.SKIP, effect=rid, reason={"code": Reason.DECLINED, "by": chooser})
                    continue
            used.add(rid)
            if eff.spec.params["once_per_turn"]:
                self.world.replacements.used_turn.add(rid)
            mode = eff.spec.params["mode"]
            for ev in matches[rid]:
                alts, inherited, ignored = self.alternatives(eff, ev)
                if mode == "instead":
                    pending.remove(ev)
                    self.emit(Event.REPLACED, object=ev.obj, effect=rid, event=ev.type, by=chooser)
                else:
                    ev.applied = ev.applied | {rid}
                    self.emit(Event.ADDED_TO_EVENT, object=ev.obj, effect=rid, event=ev.type, by=chooser)
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
                    self.process(alts, used)
        for rid in sorted(offered - used - declined):
            self.tr.step(StepKind.SKIP, effect=rid, reason={"code": Reason.NO_LONGER_MATCHES})
        order = {p: i for i, p in enumerate(w.turn_order())}
        pending.sort(key=lambda e: order.get(self.chooser(e), 99))
        for ev in pending:
            self.execute(ev)
        for rid, obj in absent.items():
            spec = w.effects[rid].spec
            if spec.source is not None and zone_ok(spec, w.objects[spec.source].zone):
                # It reached its active zone only through this same set of events: too late (M11).
                self.tr.step(
                    StepKind.SKIP,
                    effect=rid,
                    object=obj,
                    reason={
                        "code": Reason.TOO_LATE,
                        "zone_at_start": start_zones.get(spec.source),
                        "zone_now": w.objects[spec.source].zone,
                    },
                )

    def alternatives(self, eff: EffState, ev: Ev) -> tuple[list[Ev], list[str], list[str]]:
        """Rule 18: what replaces (or joins) ``ev``, inheriting the changes that still apply."""
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
                new = Ev("draw", player=ev.player or (self.ctrl(ev.obj) if ev.obj else None), applied=applied)
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
            self.place(o, "discard")  # its gear detaches where it was (R. 436.4.b)
            self.emit(Event.DIED if o.type != "gear" else "destroyed", object=o.id, **{"from": before})
        elif ev.type == "destroy":
            self.place(o, "discard")
            o.attached_to = None
            self.emit(Event.DESTROYED, object=o.id)
        elif ev.type == "return_to_hand":
            self.place(o, "hand")
            self.emit(Event.RETURNED_TO_HAND, object=o.id)
        elif ev.type == "heal":
            o.damage = 0
            self.emit(Event.HEALED, object=o.id)
        elif ev.type == "exhaust":
            o.exhausted = True
            self.emit(Event.EXHAUSTED, object=o.id)
        elif ev.type == "recall":
            self.place(o, "base")  # its gear goes with it (R. 719.3.a)
            self.emit(Event.RECALLED, object=o.id)
        elif ev.type == "move":
            self.move_now(o, ev.dest)
        elif ev.type == "power_change":
            if ev.amount:
                kind = "increase" if ev.amount > 0 else "decrease"
                eid = self.add_dynamic(ev.label or f"{ev.amount:+d}", kind, ev.obj, abs(ev.amount), ev.duration)
            else:
                eid = None
            self.emit(Event.POWER_CHANGED, object=ev.obj, amount=ev.amount, effect=eid)
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
            self.forget_on_board(tok["id"])
            self.emit(Event.TOKEN_CREATED, object=tok["id"], exhausted=bool(ev.mods.get("exhausted")))
        elif ev.type == "draw":
            self.draw_now(ev.player)


__all__ = ["Replacement"]
