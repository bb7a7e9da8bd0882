"""Layer computation of current characteristics (R. 475–482; M1-M8 in RULES.md).

``compute`` takes the world and returns a new view (object id → characteristics) while recording
each step in the tracer.  The order of application inside a layer is *derived*: for every pair of
applicable effects the engine tries one, then looks at whether the other one's existence or result
changed (M2); one-way changes are dependencies, mutual changes fall back to timestamps.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import keywords
from .graph import strongly_connected
from .kinds import BOARD_ZONES, KINDS, STAGES, Reason, StepKind, has_keyword, keyword_base, keyword_number
from .live_state import EffectSpec, EffState, ObjState, World
from .snapshots import EffectState
from .trace import Tracer
from .vocab import is_mighty

MAX_DECISIONS_PER_STEP = 12


class Chars:
    """Characteristics of one object while (or after) being computed."""

    __slots__ = ("name", "type", "tags", "controller", "power", "keywords", "kw_ts", "cost", "domains")

    def __init__(self, name, type_, tags, controller, power, keywords, kw_ts, cost=0, domains=()):
        self.name = name
        self.type = type_
        self.tags = tags
        self.controller = controller
        self.power = power
        self.keywords = keywords
        self.kw_ts = kw_ts
        self.cost = cost
        self.domains = domains

    def copy(self) -> Chars:
        return Chars(
            self.name,
            self.type,
            self.tags,
            self.controller,
            self.power,
            self.keywords,
            dict(self.kw_ts),
            self.cost,
            self.domains,
        )

    def public(self) -> dict:
        return {
            "name": self.name,
            "power": self.power,
            "keywords": list(self.keywords),
            "controller": self.controller,
            "tags": list(self.tags),
            "cost": self.cost,
            "domains": list(self.domains),
        }

    def value(self, characteristic: str):
        v = getattr(self, characteristic)
        return list(v) if isinstance(v, tuple) else v


def base_chars(obj: ObjState) -> Chars:
    """Printed characteristics: the starting point of every computation (and the value off the board)."""
    return Chars(
        obj.name,
        obj.type,
        obj.tags,
        obj.controller,
        obj.printed_power,
        obj.keywords,
        {k: obj.since for k in obj.keywords},
        obj.cost,
        obj.domains,
    )


# --------------------------------------------------------------------------- activity of a text


def text_active(world: World, eff: EffState, ctrl, zone: str | None = None) -> tuple[bool, dict | None]:
    """Whether a text is active (M3, M14): source in its zone, attached, Level N, Legion.

    ``ctrl(object_id)`` gives the current controller, so Level reads the XP of the card's
    current controller (M14), never a teammate's.
    """
    spec = eff.spec
    if not eff.started or eff.ended:
        return False, {"code": Reason.NOT_STARTED if not eff.started else Reason.ENDED}
    if spec.source is None:
        return True, None
    src = world.objects[spec.source]
    where = src.zone if zone is None else zone
    if not zone_ok(spec, where):
        return False, {"code": Reason.SOURCE_ABSENT, "zone": where}
    cond = spec.condition
    if (cond.get("attached") or spec.target == "attached") and src.attached_to is None:
        return False, {"code": Reason.NOT_ATTACHED}
    if cond.get("empowered") and not src.empowered:  # R. 828.1.c
        return False, {"code": Reason.NOT_EMPOWERED}
    if cond.get("showed_off") and src.showed_off is None:  # R. 832.1.c.1
        return False, {"code": Reason.NOT_SHOWN_OFF}
    if "level" in cond or "legion" in cond:
        pid = ctrl(spec.source)
        player = world.players.get(pid)
        if "level" in cond:
            xp = player.xp if player else 0
            if xp < cond["level"]:
                return False, {"code": Reason.LEVEL, "level": cond["level"], "xp": xp, "player": pid}
        # R. 812.1.b.1, 812.1.c: a card other than the Legion card itself was played this turn
        if cond.get("legion") and (player is None or player.cards_played - player.played.count(spec.source) < 1):
            return False, {"code": Reason.LEGION, "player": pid}
    return True, None


def zone_ok(spec: EffectSpec, zone: str) -> bool:
    """Whether a source in ``zone`` makes its text active (board by default)."""
    kind = KINDS[spec.kind]
    rule = spec.params.get("active_zone", "board") if kind.category == "replacement" else "board"
    if rule == "board":
        return zone in BOARD_ZONES
    if rule == "anywhere":
        return True
    return zone == rule


def resolve_targets(world: World, spec: EffectSpec) -> tuple[str, ...]:
    """Objects an effect may affect (M1: a gear text affects the unit it is attached to)."""
    if spec.targets:
        return spec.targets
    if spec.target == "source":
        return (spec.source,)
    if spec.target == "attached":
        att = world.objects[spec.source].attached_to
        return (att,) if att else ()
    if spec.target == "allies":
        # Every unit on the board; whether it is an ally is read during the computation.
        return tuple(oid for oid, o in world.objects.items() if o.on_board and o.type in ("unit", "token"))
    return (spec.target,) if spec.target else ()


# --------------------------------------------------------------------------- instances


class Inst:
    """One effect applied to one object (an effect with two targets gives two instances)."""

    __slots__ = ("eff", "spec", "kind", "target", "ts", "sortkey", "key", "implicit")

    def __init__(self, eff, spec, target, ts, implicit=False):
        self.eff = eff
        self.spec = spec
        self.kind = KINDS[spec.kind]
        self.target = target
        self.ts = ts
        self.sortkey = (ts, 1 if implicit else 0, spec.id, target)
        self.key = (spec.id, target)
        self.implicit = implicit

    def reads(self) -> tuple[str, ...]:
        out = tuple(self.kind.reads(self.spec.params))
        cond = self.spec.condition
        if (
            self.spec.source
            and self.spec.source != self.target
            and ("level" in cond or "legion" in cond or self.spec.target == "allies")
        ):
            out += (self.spec.source,)
        return out


@dataclass
class Env:
    """Read access given to apply functions."""

    S: dict
    new_view: dict
    world: World
    copiables: dict
    locked: int | None = None
    ts: int = 0

    def look(self, oid: str) -> Chars:
        if oid in self.S:
            return self.S[oid]
        if oid in self.new_view:
            return self.new_view[oid]
        return base_chars(self.world.objects[oid])

    def copiable(self, oid: str) -> Chars:
        if oid in self.copiables:
            return self.copiables[oid]
        return base_chars(self.world.objects[oid])


class _Group:
    """Computation of one object, or of a loop of objects together, layer by layer (M7)."""

    def __init__(
        self,
        world: World,
        tracer: Tracer,
        group: list[str],
        insts: dict,
        new_view: dict,
        copiables: dict,
        decisions: list,
    ):
        self.world = world
        self.tr = tracer
        self.group = group
        self.S = {oid: base_chars(world.objects[oid]) for oid in group}
        self.new_view = new_view
        self.copiables = copiables
        self.decisions = decisions
        self.decisions_from = len(decisions)
        self.static = [[] for _ in STAGES]
        for oid in group:
            for inst in insts.get(oid, ()):
                self.static[_stage_index(inst.kind)].append(inst)
        self.implicit_cache: dict = {}
        self.applied: set = set()
        self.pass_no = 1
        self.traced_skips: set = set()

    # -- helpers
    def ctrl(self, oid: str) -> str | None:
        if oid in self.S:
            return self.S[oid].controller
        if oid in self.new_view:
            return self.new_view[oid].controller
        return self.world.objects[oid].controller

    def env(self, S: dict, inst: Inst | None = None) -> Env:
        e = Env(S, self.new_view, self.world, self.copiables)
        if inst is not None:
            e.ts = inst.ts
            if inst.eff is not None and inst.spec.params.get("oneshot"):
                e.locked = inst.eff.locked.get(inst.target)
        return e

    def stage_insts(self, si: int) -> list[Inst]:
        out = list(self.static[si])
        if STAGES[si] == ("numeric", "increase"):
            for oid in self.group:
                ch = self.S[oid]
                for k in ch.keywords:
                    while_ = keywords.might_while(k)  # Assault, Shield (R. 807.1.c, 814.1.c)
                    if while_ is None:
                        continue
                    key = (oid, k)
                    inst = self.implicit_cache.get(key)
                    if inst is None:
                        spec = EffectSpec(
                            id=f"{k.lower().replace(' ', '-')}:{oid}",
                            label=f"{k} ({ch.name})",
                            kind="increase",
                            source=oid,
                            target=oid,
                            condition={while_: True},
                            params={"value": keyword_number(k)},
                            dynamic=True,
                        )
                        ts = ch.kw_ts.get(k, self.world.objects[oid].since)
                        inst = Inst(None, spec, oid, ts, implicit=True)
                        self.implicit_cache[key] = inst
                        self.tr.show_effect(spec.id, EffectState(spec.label, True, ts))
                    out.append(inst)
        return out

    def applicable(self, inst: Inst, S: dict) -> tuple[bool, dict | None]:
        if inst.eff is not None:
            ok, why = text_active(self.world, inst.eff, lambda o: S[o].controller if o in S else self.ctrl(o))
            if not ok:
                return False, why
        cond = inst.spec.condition
        obj = self.world.objects[inst.target]
        ch = S[inst.target]
        if "defending" in cond and obj.defending != cond["defending"]:
            return False, {"code": Reason.CONDITION_FALSE, "condition": "defending", "expected": cond["defending"]}
        if "attacking" in cond and obj.attacking != cond["attacking"]:
            return False, {"code": Reason.CONDITION_FALSE, "condition": "attacking", "expected": cond["attacking"]}
        if "mighty" in cond and is_mighty(ch.power) != cond["mighty"]:
            return False, {
                "code": Reason.CONDITION_FALSE,
                "condition": "mighty",
                "power": ch.power,
                "expected": cond["mighty"],
            }
        if "has_keyword" in cond and not has_keyword(ch.keywords, keyword_base(cond["has_keyword"])):
            return False, {
                "code": Reason.CONDITION_FALSE,
                "condition": "has_keyword",
                "keyword": cond["has_keyword"],
            }
        if "max_power" in cond and ch.power > cond["max_power"]:
            return False, {
                "code": Reason.CONDITION_FALSE,
                "condition": "max_power",
                "power": ch.power,
                "max": cond["max_power"],
            }
        if inst.spec.target == "allies":
            mine = S[inst.spec.source].controller if inst.spec.source in S else self.ctrl(inst.spec.source)
            if ch.controller != mine:
                return False, {"code": Reason.NOT_AFFECTED, "controller": ch.controller}
        return True, None

    def apply_on(self, inst: Inst, S: dict) -> tuple[dict, object]:
        """Apply ``inst`` on a copy of its target inside a shallow copy of ``S`` (a trial)."""
        S2 = dict(S)
        ch = S[inst.target].copy()
        S2[inst.target] = ch
        res = inst.kind.apply(inst.spec.params, ch, self.env(S2, inst))
        return S2, res

    def probe(self, inst: Inst, S: dict) -> tuple:
        ok, _ = self.applicable(inst, S)
        if not ok:
            return (False,)
        _, res = self.apply_on(inst, S)
        return (True, res)

    # -- ordering (M2, R. 480–482)
    def order(self, appl: list[Inst]) -> list[tuple[Inst, dict]]:
        """Order effects of one layer step: dependency first, else timestamp (M2, R. 480–482)."""
        n = len(appl)
        if n == 1:
            return [(appl[0], {"code": Reason.ONLY, "since": appl[0].ts})]
        S = self.S
        base = [self.probe(i, S) for i in appl]
        raw = [set() for _ in range(n)]  # raw[b] = indices whose application changes b
        aspect: dict[tuple[int, int], str] = {}
        self.tr.spend(n * n)
        for ai, a in enumerate(appl):
            self.tr.tick()
            Sa, _ = self.apply_on(a, S)
            for bi, b in enumerate(appl):
                if bi == ai:
                    continue
                p = self.probe(b, Sa)
                if p != base[bi]:
                    raw[bi].add(ai)
                    # existence (or what it affects) versus the result it produces
                    aspect[(ai, bi)] = "existence" if p[0] != base[bi][0] else "result"
        dep = [{a for a in raw[b] if b not in raw[a]} for b in range(n)]
        mutual = [{a for a in raw[b] if b in raw[a]} for b in range(n)]
        # "Why this order?": compare each decided pair with the other order.
        # (bounded: a handful per step is what a learner can read)
        pairs = [(a, b, "dependency") for b in range(n) for a in sorted(dep[b])]
        pairs += [(a, b, "timestamp") for b in range(n) for a in sorted(mutual[b]) if appl[a].sortkey < appl[b].sortkey]
        for a, b, why in pairs[:MAX_DECISIONS_PER_STEP]:
            self._decision(appl[a], appl[b], why)
        remaining = set(range(n))
        out = []
        last = None
        while remaining:
            ready = [i for i in remaining if not (dep[i] & remaining)]
            if not ready:  # longer cycle: no dependency decides, timestamps do
                ready = list(remaining)
            follow = [i for i in ready if last is not None and last in dep[i]]
            pool = follow or ready
            pick = min(pool, key=lambda i: appl[i].sortkey)
            if follow:
                reason = {
                    "code": Reason.DEPENDENCY,
                    "depends_on": appl[last].spec.id,
                    "aspect": aspect.get((last, pick), "result"),
                }
            else:
                waiting = [appl[j].spec.id for j in remaining if j != pick and pick in dep[j]]
                older = [j for j in remaining if j != pick and appl[j].sortkey < appl[pick].sortkey]
                if waiting and older:
                    reason = {
                        "code": Reason.DEPENDENCY,
                        "before": waiting,
                        "aspect": next(
                            aspect.get((pick, j), "result") for j in remaining if j != pick and pick in dep[j]
                        ),
                    }
                else:
                    reason = {
                        "code": Reason.TIMESTAMP,
                        "since": appl[pick].ts,
                        "mutual_with": [appl[j].spec.id for j in mutual[pick] if j in remaining],
                    }
                    if waiting:
                        reason["before"] = waiting
            out.append((appl[pick], reason))
            remaining.discard(pick)
            last = pick
        return out

    def _decision(self, first: Inst, then: Inst, why: str) -> None:
        charac = then.kind.characteristic or "power"

        def run(seq):
            S2 = self.S
            for inst in seq:
                if self.applicable(inst, S2)[0]:
                    S2, _ = self.apply_on(inst, S2)
            return S2[then.target].value(charac)

        self.decisions.append(
            {
                "step": None,
                "object": then.target,
                "layer": then.kind.layer,
                "first": first.spec.id,
                "then": then.spec.id,
                "reason": why,
                "characteristic": charac,
                "value": run((first, then)),
                "other_value": run((then, first)),
                "_then_key": then.key,
            }
        )

    # -- the computation
    def run(self) -> None:
        tr = self.tr
        for oid in self.group:
            tr.show_object(oid, self.world.objects[oid], self.S[oid])
        si = 0
        while si < len(STAGES):
            tr.tick()
            self.run_stage(si)
            if si == 0:
                for oid in self.group:
                    self.copiables[oid] = self.S[oid].copy()
            back = None
            for sj in range(si):
                news = [i for i in self.stage_insts(sj) if i.key not in self.applied and self.applicable(i, self.S)[0]]
                if news:
                    back = (sj, news)
                    break
            if back is not None:
                sj, news = back
                self.pass_no += 1
                layer, step = STAGES[sj]
                tr.step(
                    StepKind.REEXAMINE,
                    object=news[0].target,
                    layer=layer,
                    stage=step,
                    pass_=self.pass_no,
                    effect=news[0].spec.id,
                    reason={
                        "code": Reason.REEXAMINE,
                        "from_layer": STAGES[si][0],
                        "from_step": STAGES[si][1],
                        "became_applicable": [i.spec.id for i in news],
                    },
                    candidates=[i.spec.id for i in news],
                )
                si = sj
                continue
            si += 1

    def trace_skip(self, inst: Inst, why: dict | None, layer: str, stage: str | None, candidates) -> None:
        """Record that an effect was considered and not applied in this pass (condition not met)."""
        self.tr.step(
            StepKind.SKIP,
            object=inst.target,
            layer=layer,
            stage=stage,
            pass_=self.pass_no,
            effect=inst.spec.id,
            reason=why or {"code": Reason.CONDITION_FALSE},
            candidates=[c.spec.id for c in candidates],
        )

    def run_stage(self, si: int) -> None:
        layer, step = STAGES[si]
        tr = self.tr
        announced = False
        while True:
            tr.tick()
            cands = [i for i in self.stage_insts(si) if i.key not in self.applied]
            if not cands:
                return
            appl, skipped = [], []
            for i in cands:
                ok, why = self.applicable(i, self.S)
                (appl if ok else skipped).append((i, why))
            if not announced:
                announced = True
                tr.step(
                    StepKind.LAYER,
                    object=cands[0].target if len(self.group) == 1 else None,
                    layer=layer,
                    stage=step,
                    pass_=self.pass_no,
                    reason={"code": Reason.LAYER_START, "group": list(self.group)},
                    candidates=[i.spec.id for i in cands],
                )
            for i, why in skipped:
                k = (i.key, si, self.pass_no)
                if k not in self.traced_skips:
                    self.traced_skips.add(k)
                    self.trace_skip(i, why, layer, step, cands)
            if not appl:
                return
            appl_insts = [i for i, _ in appl]
            for inst, reason in self.order(appl_insts):
                ok, why = self.applicable(inst, self.S)
                if not ok:
                    self.traced_skips.add((inst.key, si, self.pass_no))
                    self.trace_skip(inst, why, layer, step, appl_insts)
                    continue
                ch = self.S[inst.target]
                before = ch.public() if tr.enabled else None
                env = self.env(self.S, inst)
                res = inst.kind.apply(inst.spec.params, ch, env)
                if inst.eff is not None and inst.spec.params.get("oneshot") and env.locked is None:
                    # Choix 7 du README: a one-shot limited change keeps the amount it produced.
                    inst.eff.locked[inst.target] = abs(res)
                    reason = dict(reason, locked=abs(res))
                elif env.locked is not None:
                    reason = dict(reason, locked=env.locked)
                reason = dict(reason, result=res if isinstance(res, int) else None)
                self.applied.add(inst.key)
                tr.mark_applied(inst.spec.id)
                tr.show_object(inst.target, self.world.objects[inst.target], ch)
                idx = tr.step(
                    StepKind.APPLY,
                    object=inst.target,
                    layer=layer,
                    stage=step,
                    pass_=self.pass_no,
                    effect=inst.spec.id,
                    reason=reason,
                    candidates=[i.spec.id for i in appl_insts],
                    before=before,
                    after=ch.public() if tr.enabled else None,
                )
                for d in self.decisions[self.decisions_from :]:
                    if d["step"] is None and d["_then_key"] == inst.key:
                        d["step"] = idx


def _stage_index(kind) -> int:
    for i, (layer, step) in enumerate(STAGES):
        if layer == kind.layer and (step is None or step == kind.step):
            return i
    raise ValueError(kind.name)  # pragma: no cover


def _instances(world: World, tracer: Tracer) -> dict[str, list[Inst]]:
    """Each continuous effect's instances by the object they apply to (R. 476); an effect of an attached gear with
    nothing to apply to is told (R. 716)."""
    insts: dict[str, list[Inst]] = {}
    for eff in world.effects.values():
        spec = eff.spec
        if KINDS[spec.kind].category != "continuous" or not eff.started or eff.ended:
            continue
        targets = resolve_targets(world, spec)
        ts = eff.since if eff.since is not None else world.clock
        for t in targets:
            if world.objects[t].on_board:
                insts.setdefault(t, []).append(Inst(eff, spec, t, ts))
        if not targets and eff.active and spec.target == "attached":
            tracer.step(
                StepKind.SKIP,
                effect=spec.id,
                object=spec.source,
                reason={"code": Reason.NO_TARGET, "source": spec.source},
            )
    return insts


def _reads(board: list[str], insts: dict[str, list[Inst]]) -> dict[str, list[str]]:
    """Which other objects each object's effects read (M7: it waits for them)."""
    edges: dict[str, list[str]] = {oid: [] for oid in board}
    for oid, lst in insts.items():
        for inst in lst:
            for r in inst.reads():
                if r != oid and r in edges and r not in edges[oid]:
                    edges[oid].append(r)
    return edges


def _group_reason(group: list[str], needs: list[str]) -> dict:
    if len(group) > 1:
        return {"code": Reason.LOOP, "group": group, "needs": needs}
    if needs:
        return {"code": Reason.NEEDS_OBJECT, "needs": needs}
    return {"code": Reason.COMPUTE}


def compute(world: World, tracer: Tracer, decisions: list | None = None) -> dict[str, Chars]:
    """Compute every object's current characteristics layer by layer (R. 475–479; M1-M8).

    Objects are computed separately; one that reads another's current characteristics waits for
    it, and a loop is computed together layer by layer (M7).  Off the board, printed values are
    used (M8).
    """
    if decisions is None:
        decisions = []
    insts = _instances(world, tracer)
    board = [oid for oid, o in world.objects.items() if o.on_board]
    edges = _reads(board, insts)
    new_view: dict[str, Chars] = {}
    copiables: dict[str, Chars] = {}
    for oid, obj in world.objects.items():
        if not obj.on_board:
            new_view[oid] = base_chars(obj)
            tracer.show_object(oid, obj, new_view[oid])
    for group in strongly_connected(board, edges):
        needs = sorted({r for oid in group for r in edges[oid] if r not in group}, key=board.index)
        has_work = any(insts.get(oid) for oid in group) or any(
            keywords.might_while(k)
            for oid in group
            for k in world.objects[oid].keywords
        )
        g = _Group(world, tracer, group, insts, new_view, copiables, decisions)
        if has_work:
            for oid in group:  # the computation starts from the printed values
                tracer.show_object(oid, world.objects[oid], g.S[oid])
            tracer.step(StepKind.OBJECT, object=group[0], reason=_group_reason(group, needs), candidates=group)
            g.run()
        else:
            for oid in group:
                copiables[oid] = g.S[oid]
        for oid in group:
            new_view[oid] = g.S[oid]
            tracer.show_object(oid, world.objects[oid], g.S[oid])
    return new_view
