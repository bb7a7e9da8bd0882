"""Running a scenario: actions, events, replacement effects (R. 367), triggers (R. 383) and choices.

A ``Sim`` plays the actions of one scenario along one path of player decisions.  Where a decision
is open (order of replacements, accepting an optional one) and the scenario does not state it,
the Sim takes the option given by ``decisions`` (or the first) and logs the choice point, so that
``explore`` can replay every path.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .costs import Costs
from .hidden import Hidden
from .kinds import BOARD_ZONES, KEYWORDS, KINDS, PRODUCE_LABELS, RESULT_INSTRUCTIONS, keyword_base, keyword_number
from .layers import base_chars, compute, display, text_active, zone_ok
from .play import Play
from .scenario import EngineLimitError, Scenario
from .state import EffectSpec, EffState, Ev, ObjState, World
from .trace import Tracer

MAX_OUTCOMES = 24
MAX_DECISIONS = 100  # "why this order?" entries kept per outcome


# Which modifications of an event still make sense for each kind of event (M12).
MOD_APPLIES = {"exhausted": {"create_token"}}


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


class Sim(Costs, Hidden, Play):
    def __init__(self, sc: Scenario, decisions: list[int] | None = None, tracing: bool = True):
        self.sc = sc
        self.prefix = list(decisions or [])
        self.choice_log: list[dict] = []
        self.tr = Tracer(enabled=tracing)
        # The scenario's situation is never changed: each run plays on copies.
        players = {p.id: copy.copy(p) for p in sc.players}
        objects = {o.id: copy.copy(o) for o in sc.objects}
        effects = {e.id: EffState(e, started=not e.starts_later, since=e.since) for e in sc.effects}
        clock = 1 + max([e.since or 0 for e in sc.effects] + [o.since for o in sc.objects] + [0])
        self.world = World(players, objects, effects, sc.turn_player, clock)
        self.events: list[dict] = []
        self.queries: list[dict] = []
        self.order_decisions: list[dict] = []
        self._decision_keys: set = set()
        self.used_turn: set[str] = set()
        self.pending_triggers: list[tuple] = []
        self._triggered: list[EffState] | None = None
        self.in_resolution = False
        self.chain: set[str] = set()
        self.comp_no = 0
        self.dyn = 0
        self.fresh: list[dict] = []
        self.action: int | None = None
        self.init_play()
        self.init_costs()
        self.init_hidden()

    # ------------------------------------------------------------------ helpers
    def ctrl(self, oid: str) -> str | None:
        v = self.world.view.get(oid)
        return v.controller if v is not None else self.world.objects[oid].controller

    def power(self, oid: str) -> int:
        """Real current power: computed on the board, printed elsewhere (M8)."""
        obj = self.world.objects[oid]
        if not obj.on_board:
            return obj.printed_power
        v = self.world.view.get(oid)
        return v.power if v is not None else obj.printed_power

    def name(self, oid: str | None) -> str:
        if oid is None:
            return ""
        v = self.world.view.get(oid)
        return v.name if v is not None else self.world.objects[oid].name

    def emit(self, type_: str, **fields) -> dict:
        ev = {"type": type_, "action": self.action}
        ev.update({k: v for k, v in fields.items() if v is not None})
        self.events.append(ev)
        self.fresh.append(ev)
        self.tr.step(
            "event",
            object=fields.get("object"),
            effect=fields.get("effect"),
            reason={"code": type_, **{k: v for k, v in fields.items() if v is not None}},
        )
        return ev

    def show_all(self) -> None:
        tr = self.tr
        if not tr.enabled:
            return
        w = self.world
        for oid, obj in w.objects.items():
            tr.show_object(oid, display(obj, w.view.get(oid) or base_chars(obj)))
        for pid, p in w.players.items():
            tr.show_player(pid, (p.name, p.xp, p.points, p.hand, p.deck))
        for eid, e in w.effects.items():
            tr.show_effect(eid, (e.spec.label, e.active, e.since))
        tr.show_board(self.board_tuple())

    # ------------------------------------------------------------------ computation
    def update_activity(self) -> None:
        """Rule 3: a text that becomes inactive loses its timestamp, and gets a new one when active again."""
        w = self.world
        newly = []
        for eff in w.effects.values():
            ok, why = text_active(w, eff, self.ctrl)
            if ok and not eff.active:
                eff.active = True
                if eff.since is None:
                    eff.since = w.clock
                    newly.append(eff)
                self.tr.show_effect(eff.id, (eff.spec.label, True, eff.since))
                if eff.started:
                    self.tr.step(
                        "condition",
                        effect=eff.id,
                        object=eff.spec.source,
                        reason={"code": "condition_true", "since": eff.since},
                    )
            elif not ok and eff.active:
                eff.active = False
                eff.since = None
                self.tr.show_effect(eff.id, (eff.spec.label, False, None))
                if not eff.ended:
                    self.tr.step(
                        "condition",
                        effect=eff.id,
                        object=eff.spec.source,
                        reason=dict(why or {}, code="condition_false", why=(why or {}).get("code")),
                    )
        if newly:
            w.clock += 1

    def recompute(self) -> None:
        """Recompute every object and report real transitions only (M6)."""
        w = self.world
        self.comp_no += 1
        self.tr.computation = self.comp_no
        self.tr.reset_applied()
        for eid, tup in list(self.tr.effs.items()):
            if eid not in w.effects and tup[1]:
                # implicit keyword effects exist only while their keyword does; recomputed below
                self.tr.show_effect(eid, (tup[0], False, None))
        self.show_all()
        old = w.view
        self.update_activity()
        decisions: list[dict] = []
        new = compute(w, self.tr, decisions)
        w.view = new
        for d in decisions:
            d.pop("_then_key", None)
            key = (d["object"], d["first"], d["then"], d["reason"], str(d["value"]), str(d["other_value"]))
            if key not in self._decision_keys and len(self.order_decisions) < MAX_DECISIONS:
                self._decision_keys.add(key)
                self.order_decisions.append(d)
        self.update_activity()
        self.show_all()
        if not old:
            return
        for oid, obj in w.objects.items():
            if not obj.on_board or oid not in old:
                continue
            was = old[oid].power if self._was_on_board.get(oid) else None
            now = new[oid].power
            if was is None:
                continue
            if was < 5 <= now:
                self.emit("became_mighty", object=oid, before=was, after=now)
            elif now < 5 <= was:
                self.emit("no_longer_mighty", object=oid, before=was, after=now)
        self._was_on_board = {oid: o.on_board for oid, o in w.objects.items()}

    def settle(self) -> None:
        """After each instruction: recompute, then evaluate triggers for its events (M13, M14)."""
        self.recompute()
        fresh, self.fresh = self.fresh, []
        for ev in fresh:
            self.check_triggers(ev)

    # ------------------------------------------------------------------ triggers
    def check_triggers(self, ev: dict) -> None:
        """Rule 22: a triggered ability must be active when its event is evaluated."""
        w = self.world
        if self._triggered is None:
            # by id, never by file order: abilities that trigger together are then ordered by their
            # controllers (R. 383.3.d), not by where the scenario lists them
            self._triggered = sorted((e for e in w.effects.values() if e.spec.kind == "triggered"), key=lambda e: e.id)
        for eff in self._triggered:
            spec = eff.spec
            if not eff.started or eff.ended:
                continue
            p = spec.params
            if p["when"] != ev["type"]:
                continue
            subj = p["subject"]
            src = spec.source
            look_back = None
            if ev["type"] == "xp_gained":
                match = src is not None and ev.get("player") == self.ctrl(src) or src is None
            elif ev["type"] in ("conquered", "held"):
                # « when you conquer / hold » (R. 471); « self »: the source stands at that battlefield
                match = src is None or ev.get("player") == self.ctrl(src)
                if match and subj == "self" and src is not None:
                    match = self.world.objects[src].at == ev.get("object")
            else:
                obj = ev.get("object")
                if obj is None:
                    continue
                match = (
                    subj == "any"
                    or (subj == "self" and obj == src)
                    or (subj in ("ally", "you") and src is not None and self.ctrl(obj) == self.ctrl(src))
                )
            if not match:
                continue
            if ev["type"] == "died" and ev.get("object") == src and ev.get("from"):
                # Deathknell (R. 808): the ability of a unit that dies is read as it was just before.
                look_back, _ = text_active(w, eff, self.ctrl, zone=ev["from"])
            if not eff.active and not look_back:
                ok, why = text_active(w, eff, self.ctrl)
                self.tr.step(
                    "skip",
                    effect=eff.id,
                    object=src,
                    reason=dict(why or {}, code="inactive_at_event", event=ev["type"], why=(why or {}).get("code")),
                )
                continue
            self.emit("triggered", effect=eff.id, object=src, cause=ev["type"])
            # R. 383.3, 334.1: the ability goes on the chain as a pending item; it is finalized once the
            # outstanding tasks (the cleanup that follows this event) are done, then resolves like any item.
            self.pending_triggers.append((eff.id, ev["type"]))
            self.tr.step("event", effect=eff.id, object=src, reason={"code": "trigger_waits"})

    def resolve_trigger(self, eid: str) -> None:
        """A triggered ability on the chain resolves (R. 340.1, 383.3)."""
        eff = self.world.effects[eid]
        self.emit("trigger_resolved", effect=eid, object=eff.spec.source)
        self.ability_result(eff)

    def ability_result(self, eff: EffState) -> None:
        """What a triggered or activated ability does when it resolves (R. 376, 383): its ``then``
        effect starts, and its controller gains or spends XP (R. 728), draws (R. 414), gains points."""
        p = eff.spec.params
        if p.get("then"):
            self.start_effect(p["then"])
        who = self.ctrl(eff.spec.source) if eff.spec.source else self.world.turn_player
        for name in RESULT_INSTRUCTIONS:
            n = p.get(name) or 0
            if not n or who is None:
                continue
            if name == "draw":
                for _ in range(n):
                    self.process([Ev("draw", player=who)])
            elif name == "points":
                self.add_points(who, n, "ability")
            else:
                getattr(self, "_do_" + name)({"player": who, "amount": n})

    # ------------------------------------------------------------------ effects
    def start_effect(self, eid: str) -> None:
        w = self.world
        eff = w.effects[eid]
        eff.started, eff.ended = True, False
        eff.locked = {}
        ok, _ = text_active(w, eff, self.ctrl)
        eff.active = ok
        eff.since = w.clock if ok else None
        w.clock += 1
        self.tr.show_effect(eid, (eff.spec.label, eff.active, eff.since))
        self.emit("effect_started", effect=eid, since=eff.since)

    def end_effect(self, eid: str, why: str = "ended") -> None:
        eff = self.world.effects[eid]
        if eff.ended or not eff.started:
            return
        eff.ended, eff.active, eff.since = True, False, None
        self.tr.show_effect(eid, (eff.spec.label, False, None))
        self.emit("expired" if why == "expired" else "effect_ended", effect=eid)

    def add_dynamic(self, label: str, kind: str, target: str, value: int, duration: str) -> str:
        self.dyn += 1
        eid = f"{kind}-{target}-{self.dyn}"
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
        self.tr.show_effect(eid, (label, True, spec.since))
        return eid

    # ------------------------------------------------------------------ choices
    def choose(self, kind: str, options: list[str], by: str, labels: list[str]) -> int:
        """Rule 16: the player concerned decides; unstated decisions are explored one by one."""
        for c in self.sc.choices:
            if c.get("action") is not None and c["action"] != self.action:
                continue
            if kind in ("order", "trigger_order") and "order" in c:
                for eid in c["order"]:
                    if eid in options:
                        idx = options.index(eid)
                        self.tr.step(
                            "choice",
                            effect=options[idx],
                            reason={
                                "code": "replacement_choice" if kind == "order" else "trigger_order_choice",
                                "by": by,
                                "options": options,
                                "picked": options[idx],
                                "scripted": True,
                            },
                        )
                        return idx
            if kind == "assign" and "assign" in c and c.get("by", by) == by:
                idx = self.scripted_assign(c["assign"], options)
                if idx is not None:
                    return idx
                continue
            if kind == "combat" and c.get("combat_first") in options:
                idx = options.index(c["combat_first"])
                self.tr.step(
                    "choice",
                    object=options[idx],
                    reason={
                        "code": "combat_choice",
                        "by": by,
                        "options": options,
                        "picked": options[idx],
                        "scripted": True,
                    },
                )
                return idx
            if kind == "answer" and "play" in c:
                idx = 0 if c["play"] else 1
                self.tr.step(
                    "choice",
                    reason={"code": "answer_choice", "by": by, "label": labels[0], "play": c["play"], "scripted": True},
                )
                return idx
            if kind == "accept" and c.get("effect") == options[0]:
                idx = 0 if c["accept"] else 1
                self.tr.step(
                    "choice",
                    effect=options[0],
                    reason={"code": "optional_choice", "by": by, "accept": c["accept"], "scripted": True},
                )
                return idx
        k = len(self.choice_log)
        idx = self.prefix[k] if k < len(self.prefix) else 0
        self.choice_log.append(
            {
                "kind": kind,
                "options": options,
                "labels": labels,
                "picked": idx,
                "by": by,
                "action": self.action,
            }
        )
        self.choice_log[-1]["n"] = 2 if kind in ("accept", "answer") else len(options)
        if kind in ("assign", "combat", "burn_out"):
            code = {"assign": "assign_choice", "combat": "combat_choice"}.get(kind, "burn_out_choice")
            self.tr.step(
                "choice",
                object=options[idx],
                reason={
                    "code": code,
                    "by": by,
                    "options": options,
                    "picked": options[idx],
                    "scripted": False,
                    "explored": True,
                },
            )
            return idx
        if kind == "answer":
            self.tr.step(
                "choice",
                reason={
                    "code": "answer_choice",
                    "by": by,
                    "label": labels[0],
                    "play": idx == 0,
                    "scripted": False,
                    "explored": True,
                },
            )
            return idx
        if kind in ("order", "trigger_order"):
            reason = {
                "code": "replacement_choice" if kind == "order" else "trigger_order_choice",
                "by": by,
                "options": options,
                "picked": options[idx],
                "scripted": False,
                "explored": True,
            }
        else:
            reason = {
                "code": "optional_choice",
                "by": by,
                "accept": idx == 0,
                "scripted": False,
                "explored": True,
            }
        self.tr.step("choice", effect=options[0] if kind == "accept" else options[idx], reason=reason)
        return idx

    # ------------------------------------------------------------------ replacements (M9-M12, R. 367)
    def chooser(self, ev: Ev) -> str:
        """The affected object's controller; the player if the subject is a player; else the turn player."""
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
                code = "too_late" if zone_ok(spec, now) else "source_absent"
                return False, {"code": code, "zone": z0, "zone_at_start": z0, "zone_now": now}
            return text_active(self.world, eff, self.ctrl, zone=z0)
        return text_active(self.world, eff, self.ctrl)

    def matches(self, eff: EffState, ev: Ev) -> bool:
        spec, p = eff.spec, eff.spec.params
        if p["event"] != ev.type:
            return False
        if p["once_per_turn"] and spec.id in self.used_turn:
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
                                "skip",
                                effect=rid,
                                object=ev.obj,
                                reason={
                                    "code": "already_applied" if rid in ev.applied else "already_used_in_set",
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
                                "skip",
                                effect=rid,
                                object=ev.obj,
                                reason=dict(why or {}, code=(why or {}).get("code", "inactive"), event=ev.type),
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
                "replacement",
                object=objs.pop() if len(objs) == 1 else None,
                candidates=rids,
                reason={"code": "candidates", "by": chooser, "event": matches[rids[0]][0].type},
            )
            if len(rids) > 1:
                rid = rids[self.choose("order", rids, chooser, [w.effects[r].spec.label for r in rids])]
            else:
                rid = rids[0]
            eff = w.effects[rid]
            if eff.spec.params["optional"]:
                if self.choose("accept", [rid], chooser, [eff.spec.label]) != 0:
                    declined.add(rid)
                    self.tr.step("skip", effect=rid, reason={"code": "declined", "by": chooser})
                    continue
            used.add(rid)
            if eff.spec.params["once_per_turn"]:
                self.used_turn.add(rid)
            mode = eff.spec.params["mode"]
            for ev in matches[rid]:
                alts, inherited, ignored = self.alternatives(eff, ev)
                if mode == "instead":
                    pending.remove(ev)
                    self.emit("replaced", object=ev.obj, effect=rid, event=ev.type, by=chooser)
                else:
                    ev.applied = ev.applied | {rid}
                    self.emit("added_to_event", object=ev.obj, effect=rid, event=ev.type, by=chooser)
                self.tr.step(
                    "replacement",
                    object=ev.obj,
                    effect=rid,
                    candidates=rids,
                    reason={
                        "code": "replacement_applied",
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
            self.tr.step("skip", effect=rid, reason={"code": "no_longer_matches"})
        order = {p: i for i, p in enumerate(w.turn_order())}
        pending.sort(key=lambda e: order.get(self.chooser(e), 99))
        for ev in pending:
            self.execute(ev)
        for rid, obj in absent.items():
            spec = w.effects[rid].spec
            if spec.source is not None and zone_ok(spec, w.objects[spec.source].zone):
                # It reached its active zone only through this same set of events: too late (M11).
                self.tr.step(
                    "skip",
                    effect=rid,
                    object=obj,
                    reason={
                        "code": "too_late",
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
        w = self.world
        o = w.objects.get(ev.obj) if ev.obj else None
        if ev.type == "die":
            before = o.zone
            self.place(o, "discard")
            for g in w.objects.values():
                if g.attached_to == o.id:
                    g.attached_to = None
            self.emit("died" if o.type != "gear" else "destroyed", object=o.id, **{"from": before})
        elif ev.type == "destroy":
            self.place(o, "discard")
            o.attached_to = None
            self.emit("destroyed", object=o.id)
        elif ev.type == "return_to_hand":
            self.place(o, "hand")
            self.emit("returned_to_hand", object=o.id)
        elif ev.type == "heal":
            o.damage = 0
            self.emit("healed", object=o.id)
        elif ev.type == "exhaust":
            o.exhausted = True
            self.emit("exhausted", object=o.id)
        elif ev.type == "recall":
            self.place(o, "base")
            for g in w.objects.values():
                if g.attached_to == o.id:
                    self.place(g, "base")
            self.emit("recalled", object=o.id)
        elif ev.type == "move":
            self.move_now(o, ev.dest)
        elif ev.type == "power_change":
            if ev.amount:
                kind = "increase" if ev.amount > 0 else "decrease"
                eid = self.add_dynamic(ev.label or f"{ev.amount:+d}", kind, ev.obj, abs(ev.amount), ev.duration)
            else:
                eid = None
            self.emit("power_changed", object=ev.obj, amount=ev.amount, effect=eid)
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
            self.tr.show_object(new.id, display(new, base_chars(new)))
            self._was_on_board[tok["id"]] = False
            self.emit("token_created", object=tok["id"], exhausted=bool(ev.mods.get("exhausted")))
        elif ev.type == "draw":
            self.draw_now(ev.player)

    # ------------------------------------------------------------------ actions
    def perform(self, a: dict) -> None:
        getattr(self, "_do_" + a["do"])(a)

    def _do_start(self, a):
        for eid in ([a["effect"]] if a.get("effect") else []) + list(a.get("effects") or ()):
            self.start_effect(eid)

    def _do_end(self, a):
        self.end_effect(a["effect"])

    def _do_defend(self, a):
        o = self.world.objects[a["object"]]
        if o.on_board:
            o.defending = a["value"]
            self.emit("defending" if a["value"] else "stopped_defending", object=o.id)

    def _expire(self, durations: tuple[str, ...]) -> None:
        for eff in list(self.world.effects.values()):
            if eff.started and not eff.ended and eff.spec.duration in durations:
                self.end_effect(eff.id, "expired")

    def _do_end_combat(self, a):
        for o in self.world.objects.values():
            if o.defending:
                o.defending = False
                self.emit("stopped_defending", object=o.id)
        self._expire(("combat",))

    def _do_end_turn(self, a):
        """Ending phase (R. 317): combat and turn effects end, damage is removed, the turn passes."""
        self._do_end_combat(a)
        self._expire(("turn",))
        for p in self.world.players.values():
            p.cards_played = 0
        self.used_turn.clear()
        self.empty_pools("end_turn")
        self.end_turn_board()

    def _do_gain_xp(self, a):
        p = self.world.players[a["player"]]
        before = p.xp
        p.xp += a["amount"]
        self.emit("xp_gained", player=p.id, amount=a["amount"], before=before, after=p.xp)

    def _do_spend_xp(self, a):
        p = self.world.players[a["player"]]
        if p.xp < a["amount"]:
            self.emit("xp_spend_refused", player=p.id, amount=a["amount"], xp=p.xp)
            return
        before = p.xp
        p.xp -= a["amount"]
        self.emit("xp_spent", player=p.id, amount=a["amount"], before=before, after=p.xp)

    def _do_hunt(self, a):
        oid = a["object"]
        kws = self.world.view[oid].keywords if oid in self.world.view else ()
        hunts = [k for k in kws if keyword_base(k) == "Chasse"]
        if not hunts or not self.world.objects[oid].on_board:
            self.emit("nothing_happens", object=oid, why="no_hunt")
            return
        n = keyword_number(hunts[0])
        self.emit("hunt_resolved", object=oid, amount=n)
        self._do_gain_xp({"player": self.ctrl(oid), "amount": n})

    def _do_buff(self, a):
        oid = a["object"]
        if not self.world.objects[oid].on_board:
            self.emit("nothing_happens", object=oid, why="off_board")
            return
        eid = self.add_dynamic("Buff (+1)", "increase", oid, 1, "permanent")
        self.emit("buffed", object=oid, effect=eid)

    def _do_double(self, a):
        """Rule 11: doubling adds a fixed amount equal to the current value; never a negative amount."""
        oid = a["object"]
        cur = self.power(oid)
        add = max(0, cur)
        self.emit("doubling", object=oid, power=cur, amount=add)
        self.process([Ev("power_change", obj=oid, amount=add, duration=a["duration"], label=f"Doublement ({add:+d})")])

    def _do_swap(self, a):
        """Rule 12: the difference is added to the lower and taken from the higher (real values)."""
        x, y = a["objects"]
        px, py = self.power(x), self.power(y)
        if px == py:
            self.emit("swap_nothing", object=x, other=y, power=px)
            return
        low, high = (x, y) if px < py else (y, x)
        d = abs(px - py)
        self.emit("swap", object=low, other=high, difference=d)
        self.process(
            [
                Ev("power_change", obj=low, amount=d, duration=a["duration"], label=f"Intervertir ({d:+d})"),
                Ev("power_change", obj=high, amount=-d, duration=a["duration"], label=f"Intervertir ({-d:+d})"),
            ]
        )

    def _do_kill(self, a):
        """Rule 17: one instruction, simultaneous deaths."""
        evs = [Ev("die", obj=oid) for oid in dict.fromkeys(a["objects"]) if self.world.objects[oid].on_board]
        if evs:
            self.process(evs)

    def _do_return_to_hand(self, a):
        if self.world.objects[a["object"]].on_board:
            self.process([Ev("return_to_hand", obj=a["object"])])

    def _do_create_token(self, a):
        tok = {"id": a["token"], "name": a["name"], "printed_power": a["printed_power"]}
        mods = {"exhausted": True} if a["exhausted"] else {}
        self.process([Ev("create_token", player=a["player"], token=tok, mods=mods)])

    def _do_draw(self, a):
        self.process([Ev("draw", player=a["player"])])

    def _do_attach(self, a):
        g, u = self.world.objects[a["object"]], self.world.objects[a["to"]]
        if g.type != "gear" or not u.on_board or not g.on_board:
            self.emit("nothing_happens", object=g.id, why="cannot_attach")
            return
        g.attached_to = u.id
        self.emit("attached", object=g.id, to=u.id)

    def _do_detach(self, a):
        g = self.world.objects[a["object"]]
        if g.attached_to:
            g.attached_to = None
            self.emit("detached", object=g.id)

    def _do_move(self, a):
        """A move by an effect (R. 447): no exhaustion; a move to a location is a replaceable event."""
        o = self.world.objects[a["object"]]
        dest = a.get("to")
        if dest is None and a["zone"] in BOARD_ZONES:
            dest = self.default_location(a["zone"])
        if dest is not None:
            if o.on_board and o.is_unit:
                self.process([Ev("move", obj=o.id, dest=dest)])
            else:
                self.move_now(o, dest)
            return
        self.place(o, a["zone"])
        self.emit("moved", object=o.id, zone=a["zone"])

    def _do_play_card(self, a):
        p = self.world.players[a["player"]]
        p.cards_played += 1
        self.emit("card_played", player=p.id)

    def _do_activate(self, a):
        """Rule 22: only an active text can be activated."""
        eff = self.world.effects[a["effect"]]
        if eff.spec.kind != "activated":
            self.emit("activation_refused", effect=eff.id, why="not_activated_ability")
            return
        ok, why = text_active(self.world, eff, self.ctrl)
        if not ok or eff.id in self.chain:
            self.emit(
                "activation_refused",
                effect=eff.id,
                object=eff.spec.source,
                why=(why or {}).get("code", "already_pending"),
            )
            return
        self.chain.add(eff.id)
        self.emit("activated", effect=eff.id, object=eff.spec.source)

    def _do_finish(self, a):
        """Rule 22: a pending activation already on the chain finishes even if its condition failed."""
        eid = a["effect"]
        if eid not in self.chain:
            self.emit("nothing_happens", effect=eid, why="not_pending")
            return
        self.chain.discard(eid)
        eff = self.world.effects[eid]
        self.emit("ability_resolved", effect=eid, object=eff.spec.source, still_active=eff.active)
        self.ability_result(eff)

    def _do_combat_damage(self, a):
        """Rule 13: combat damage reads a negative power as 0."""
        oid = a["object"]
        p = self.power(oid)
        self.emit("combat_damage", object=oid, power=p, amount=max(0, p))

    def _do_query(self, a):
        ask = a["ask"]
        w = self.world
        oid, pid, eid = a.get("object"), a.get("player"), a.get("effect")
        if ask == "power":
            val = self.power(oid)
        elif ask == "reference_power":
            val = max(0, self.power(oid))
        elif ask == "keywords":
            val = list(w.view[oid].keywords) if w.objects[oid].on_board else list(w.objects[oid].keywords)
        elif ask == "mighty":
            val = self.power(oid) >= 5
        elif ask == "zone":
            val = w.objects[oid].zone
        elif ask == "controller":
            val = self.ctrl(oid)
        elif ask == "exhausted":
            val = w.objects[oid].exhausted
        elif ask == "damage":
            val = w.objects[oid].damage
        elif ask == "location":
            o = w.objects[oid]
            val = o.at if o.zone == "battlefield" and o.at else o.zone
        elif ask in ("xp", "points", "hand", "deck"):
            val = getattr(w.players[pid], ask)
        else:
            val = w.effects[eid].active
        subject = self.name(oid) if oid else (w.players[pid].name if pid else w.effects[eid].spec.label)
        q = {
            "action": self.action,
            "ask": ask,
            "object": oid,
            "player": pid,
            "effect": eid,
            "value": val,
            "subject": subject,
        }
        self.queries.append({k: v for k, v in q.items() if v is not None or k == "value"})
        self.tr.step(
            "query",
            object=oid,
            effect=eid,
            reason={"code": "query", "ask": ask, "value": val, "player": pid, "subject": subject},
        )

    def _do_resolve(self, a):
        """Rule 21: instructions resolve in order, conditions updated after each; triggers wait."""
        self.in_resolution = True
        self.emit("resolving", label=a["label"])
        for j, step in enumerate(a["steps"]):
            self.tr.step(
                "instruction",
                reason={
                    "code": "instruction",
                    "index": j,
                    "do": step["do"],
                    **{k: v for k, v in step.items() if k != "do"},
                },
            )
            self.perform(step)
            if step["do"] != "query":
                self.settle()
        self.in_resolution = False

    # ------------------------------------------------------------------ run
    def run(self) -> Outcome:
        w = self.world
        self._was_on_board = {}
        self.tr.action = None
        for eff in w.effects.values():
            ok, _ = text_active(w, eff, self.ctrl)
            eff.active = ok
            if not ok:
                eff.since = None
        self.show_all()
        self.tr.step("setup", reason={"code": "setup"})
        self.recompute()
        self._was_on_board = {oid: o.on_board for oid, o in w.objects.items()}
        for idx, act in enumerate(self.sc.actions):
            self.action = self.tr.action = idx
            self.tr.step(
                "action",
                reason={
                    "code": "action",
                    "do": act["do"],
                    **{k: v for k, v in act.items() if k not in ("do", "steps")},
                },
            )
            self.fresh = []
            if not self.before_action(act):
                continue
            self.perform(act)
            if act["do"] not in ("query", "resolve"):
                self.settle()
            if act["do"] != "query":
                self.cleanup()
                self.triggers_to_chain()
        self.action = self.tr.action = None
        self.finish_open()
        self.tr.step("result", reason={"code": "result", "winner": self.winner})
        return Outcome(
            self.objects_out(),
            self.players_out(),
            self.events,
            self.queries,
            self.tr.steps,
            self.order_decisions,
            self.choice_log,
            board=self.board_out(),
            combats=self.combats,
            scores=self.scores,
            winner=self.winner,
        )

    def objects_out(self) -> dict:
        w = self.world
        out = {}
        for oid, o in w.objects.items():
            v = w.view.get(oid) or base_chars(o)
            p = self.power(oid)
            out[oid] = {
                "name": v.name,
                "printed_power": o.printed_power,
                "power": p,
                "keywords": list(v.keywords),
                "mighty": p >= 5,
                "zone": o.zone,
                "exhausted": o.exhausted,
                "controller": v.controller,
                "defending": o.defending,
                "attacking": o.attacking,
                "at": o.at,
                "damage": o.damage,
                "stunned": o.stunned,
                "attached_to": o.attached_to,
                "tags": list(v.tags),
                "cost": v.cost,
                "domains": list(v.domains),
                "type": o.type,
            }
        return out

    def players_out(self) -> dict:
        return {
            pid: {
                "name": p.name,
                "xp": p.xp,
                "points": p.points,
                "hand": p.hand,
                "cards_played": p.cards_played,
                "deck": p.deck,
                "runes": p.runes,
                "energy": p.energy,
                "essence": dict(sorted(p.essence.items())),
                "trash": p.trash
                + sum(1 for o in self.world.objects.values() if o.zone == "discard" and o.controller == pid),
                "scored": sorted(self.scored.get(pid, ())),
            }
            for pid, p in self.world.players.items()
        }


def outcome_label(sim_log: list[dict]) -> str:
    """French label of an outcome, such as « Guardian Angel d'abord » (M10)."""
    parts = []
    for c in sim_log:
        if c["kind"] == "order":
            parts.append(f"{c['labels'][c['picked']]} d'abord")
        elif c["kind"] == "trigger_order":
            parts.append(f"{c['labels'][c['picked']]} placée d'abord sur la chaîne")
        elif c["kind"] == "assign":
            parts.append(f"dégâts mortels d'abord à {c['labels'][c['picked']]}")
        elif c["kind"] == "combat":
            parts.append(f"combat à {c['labels'][c['picked']]} d'abord")
        elif c["kind"] == "burn_out":
            parts.append(f"point d'Exténuation pour {c['labels'][c['picked']]}")
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
