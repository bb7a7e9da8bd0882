"""What the player shows at one step: the stable order of what it lists, the steps that matter, and the board,
chain, effects and « pourquoi ? » of a step, read through the engine's typed result (``engine.stored``,
``engine.snapshots``).

It draws the state the engine gives for each step as it is (where each card is, its damage and whether it is
lethal, equipped gear, the chain item resolving): no rule is applied here. Display order never depends on the
order of a dict's keys (PostgreSQL's ``jsonb`` keeps its own): units, players, effects and battlefields follow the
scenario's lists and, for what the engine creates, the step where it first appears, then the id."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from django.urls import reverse
from django.utils.text import capfirst

from core import rule_numbers
from engine import kinds
from engine.actions import Do
from engine.kinds import LAYER_LABELS, LAYERS
from engine.snapshots import BoardState, ChainItemState, EffectState, GameState, ObjectState
from engine.stored import Branch, OrderDecision, Step, StoredResult, WhyNote
from engine.vocab import CombatResult, Event, ObjectType, Reason, StepKind, Why

from .whatif import (
    has_board,
)


def _ranks(listed: list[str], first_seen: dict[str, tuple]) -> dict[str, tuple]:
    """Rank ids by their position in a scenario list; the others after, by first appearance then id."""
    ranks = {ident: (0, position, "") for position, ident in enumerate(listed)}
    for ident, seen in first_seen.items():
        ranks.setdefault(ident, (1, *seen))
    return ranks


def display_order(data: dict, branch: Branch) -> dict[str, dict[str, tuple]]:
    """Sort keys for objects, players and effects of a branch, independent of any dict's key order.

    What the engine creates (tokens, keyword effects) comes after the scenario's lists, by the step where it
    first appears, then (effects) by timestamp, then by id.
    """
    objects_seen: dict[str, tuple] = {}
    effects_seen: dict[str, tuple] = {}
    players_seen: dict[str, tuple] = {}
    for step in branch.trace:
        state = step.state
        for ident in state.objects:
            objects_seen.setdefault(ident, (step.index, -1, ident))
        for ident, effect in state.effects.items():
            since = effect.since if isinstance(effect.since, int) else -1
            effects_seen.setdefault(ident, (step.index, since, ident))
        for ident in state.players:
            players_seen.setdefault(ident, (step.index, -1, ident))
    for seen, idents in ((objects_seen, branch.objects), (players_seen, branch.players)):
        for ident in idents:
            seen.setdefault(ident, (10**9, -1, ident))
    return {
        "objects": _ranks([o["id"] for o in data.get("objects") or []], objects_seen),
        "effects": _ranks([e["id"] for e in data.get("effects") or []], effects_seen),
        "players": _ranks([p["id"] for p in data.get("players") or []], players_seen),
    }


def ordered[T](mapping: Mapping[str, T] | None, ranks: dict[str, tuple]) -> list[tuple[str, T]]:
    """The items of ``mapping`` in display order."""
    return sorted((mapping or {}).items(), key=lambda item: ranks.get(item[0], (2, 0, -1, item[0])))


def rule_link(rule: str | None) -> dict | None:
    """« R. 815 » → {text: « R. 815 », url: « /regles/815/ »} (the first number of a range)."""
    number = rule_numbers.first_cited(rule)
    if number is None:
        return None
    return {"text": f"R. {number}", "url": reverse("rules:rule_number", args=[number])}


def why_of(why: WhyNote | str | None) -> dict | None:
    """A ``why`` (typed, or a bare ``kinds.Why`` code) → {code, label, rule} with a capitalised label and a rule
    link; ``None`` when there is nothing to say."""
    if isinstance(why, str):
        why = WhyNote.from_raw(why)
    if why is None or not why.label:
        return None
    return {"code": why.code, "label": capfirst(why.label), "rule": rule_link(why.rule)}


def branches(result: dict) -> list[dict]:
    """The raw branches of a stored result (for callers that read the JSON itself: the API, the sandbox's summary,
    the benchmark). Each outcome of an open choice is a branch; a result without open choices is one branch.
    The player itself reads ``engine.stored.StoredResult.from_dict(result).branches``."""
    outcomes = result.get("outcomes") or []
    if outcomes:
        return outcomes
    return [result]


@dataclass
class BoardObject:
    id: str
    name: str
    type: str
    printed_power: int | None
    power: int | None
    previous_power: int | None
    keywords: list[str]
    new_keywords: list[str]
    lost_keywords: list[str]
    mighty: bool
    zone: str
    zone_id: str
    at: str | None
    exhausted: bool
    controller: str | None
    controller_name: str
    defending: bool
    attacking: bool
    stunned: bool
    damage: int
    previous_damage: int
    lethal: bool
    changed: bool
    moved: bool
    focus: bool
    has_might: bool = True
    gear: list[BoardObject] = field(default_factory=list)
    attached_to_name: str = ""


class BoardArea(StrEnum):
    """The kinds of zone the player draws a card in; the value is also the zone's CSS modifier (``zone--base``)."""

    BATTLEFIELD = "battlefield"  # a battlefield, with its status and its showdown
    BASE = "base"  # a player's base
    OFFBOARD = "offboard"  # off the board: hand, trash, banishment, the chain…


@dataclass
class Zone:
    id: str
    kind: BoardArea
    title: str
    status: str = ""  # controlled | uncontrolled | contested (battlefields)
    status_label: str = ""
    controller: str | None = None
    showdown: str = ""  # « Confrontation » / « Combat » when one takes place here
    scored_by: list[str] = field(default_factory=list)
    units: list[BoardObject] = field(default_factory=list)


@dataclass
class EffectRow:
    id: str
    label: str
    since: int | None
    active: bool
    applied: bool
    current: bool
    depends_on: str | None
    depends_on_label: str | None


@dataclass
class StepView:
    index: int
    total: int
    step: Step
    objects: list[BoardObject]
    players: list[dict]
    effects: list[EffectRow]
    layers: list[dict]
    reexamined: bool
    text: str
    decision: LabelledDecision | None = None
    is_last: bool = False
    position: int = 0
    zones: list[Zone] = field(default_factory=list)
    chain: list[dict] = field(default_factory=list)
    showdown: dict | None = None
    whys: list[dict] = field(default_factory=list)
    why_title: str = ""

    @property
    def label(self) -> str:
        """« Action 15 » when the narration opens on the number of the scenario's action: a label, not prose."""
        found = ACTION_LABEL_RE.match(self.text or "")
        return found["label"] if found else ""

    @property
    def prose(self) -> str:
        """The narration without its label: the words the glossary may link (« Action » is also a keyword, and
        « Action 15 : » must not become a link to it)."""
        found = ACTION_LABEL_RE.match(self.text or "")
        return self.text[found.end():] if found else self.text
    kind_label: str = ""
    has_board: bool = False
    show_layers: bool = True


ZONE_LABELS = kinds.ZONE_TITLES  # « Base », « Défausse »: the engine's zone names as a column shows them
# « vitesse Action » from the engine's Speed labels (a trigger's speed is not shown: it has none to choose).
ACTION_LABEL_RE = re.compile(r"^(?P<label>Action \d+)\s*:\s*")
SPEED_LABELS = {m.value: f"vitesse {m.label}" for m in kinds.Speed if m is not kinds.Speed.TRIGGER}


def where_is(zone: str) -> str:
    """« dans la base », « dans la Défausse », « sur le champ de bataille », « sur la chaîne »."""
    label = kinds.ZONE_LABELS.get(zone, zone)
    if label.startswith(("sur ", "face ")):
        return label
    return ("sur " if zone == kinds.Zone.BATTLEFIELD else "dans ") + label


COMBAT_RESULTS = {
    CombatResult.CONQUERED: "l'attaque prend le champ de bataille",
    CombatResult.DEFENDED: "la défense garde le champ de bataille",
    CombatResult.RECALLED: "les unités restantes sont rappelées",
    CombatResult.UNCONTROLLED: "le champ de bataille reste sans contrôleur",
    CombatResult.GAME_OVER: "la partie est gagnée avant la fin du combat",
}
HOW_LABELS = {Why.CONQUER: "conquis", Why.HOLD: "occupé"}  # « <champ de bataille> conquis par <joueur> »
COMPUTE_KINDS = {StepKind.OBJECT, StepKind.LAYER, StepKind.APPLY, StepKind.SKIP, StepKind.REEXAMINE}
# Reasons that make a computation worth showing even when nothing changes on the board.
TELLING_REASONS = {Reason.DEPENDENCY, Reason.TIMESTAMP, Reason.REEXAMINE, Reason.LOOP, Reason.NEEDS_OBJECT,
                   Reason.CONDITION_TRUE}
# Events already told by the step just before them (the action, the assignment, the cleanup…).
ECHO_EVENTS = {Event.COMBAT_DAMAGE, Event.ATTACKING, Event.DEFENDING, Event.STOPPED_DEFENDING, Event.SHOWDOWN_ENDED,
               Event.COMBAT_ENDED, Event.CHAIN_RESOLVED, Event.RESOLVING, Event.PASSED}
# Events that repeat the score step before them (« conquiert et marque un point (0 → 1) »).
SCORE_EVENTS = {Event.CONQUERED, Event.HELD, Event.SCORED, Event.SCORE_REFUSED, Event.POINT_GAINED}


@dataclass(frozen=True)
class LabelledDecision:
    """An order decision (« Pourquoi cet ordre ? ») with the French labels of its two effects."""

    step: int | None
    reason: str | None
    value: object
    other_value: object
    first_label: str | None
    then_label: str | None


def dependency_of(step: Step) -> str | None:
    """The effect this step's effect depends on (a dependent effect applies after it, whatever the timestamps)."""
    return step.reason.depends_on if step.reason.code == Reason.DEPENDENCY else None


def _visible_objects(state: GameState) -> dict:
    """What a player sees of each object: a computation that changes none of it changes nothing visible."""
    return {oid: (o.power, o.keywords, o.mighty, o.controller) for oid, o in state.objects.items()}


def key_steps(trace: Sequence[Step], decisions: Sequence[LabelledDecision] | None = None) -> list[int]:
    """The indices of the steps that matter; the others are bookkeeping a player may open with « détail ».

    Hidden by default: a recomputation that changes nothing and decides nothing, the « calcul d'un objet »
    and « couche » openers, the « on consulte l'état du jeu » action before its answer, and events that only
    repeat the step before them (damage already dealt, a point already told by its score step…). Deaths are
    shown one event each: the board loses the unit at the step that says it dies.
    """
    if not trace:
        return []
    decided = {d.step for d in decisions or []}
    hidden: set[int] = set()
    # Runs of one computation.
    i = 0
    while i < len(trace):
        step = trace[i]
        if step.kind in COMPUTE_KINDS and step.computation is not None:
            j = i
            while (j + 1 < len(trace) and trace[j + 1].kind in COMPUTE_KINDS
                   and trace[j + 1].computation == step.computation):
                j += 1
            run = range(i, j + 1)
            before = _visible_objects(trace[i - 1].state) if i else {}
            after = _visible_objects(trace[j].state)
            telling = any(trace[k].reason.code in TELLING_REASONS or trace[k].kind == StepKind.REEXAMINE or k in decided
                          for k in run)
            if i and before == after and not telling:
                hidden.update(run)
            else:
                hidden.update(k for k in run if trace[k].kind in (StepKind.OBJECT, StepKind.LAYER) and k not in decided)
            i = j + 1
        else:
            i += 1
    scored = False  # events right after a score step repeat it (the point is already on the board)
    for index, step in enumerate(trace):
        reason = step.reason
        if step.kind == StepKind.SCORE:
            scored = reason.code == Reason.SCORE
        elif step.kind == StepKind.ACTION and reason.do == Do.QUERY:
            hidden.add(index)
        elif step.kind == StepKind.EVENT:
            if reason.code in ECHO_EVENTS or (scored and reason.code in SCORE_EVENTS):
                hidden.add(index)
        if step.kind not in (StepKind.EVENT, StepKind.SCORE):
            scored = False
    hidden -= decided
    hidden.discard(0)
    hidden.discard(len(trace) - 1)
    return [index for index in range(len(trace)) if index not in hidden]


def _board_object(obj: ObjectState, before: ObjectState, step: Step, names: dict[str, str]) -> BoardObject:
    """One card as drawn: current and previous Might and damage, keywords won and lost, lethal damage."""
    keywords = list(obj.keywords)
    old_keywords = list(before.keywords)
    has_might = obj.kind in (ObjectType.UNIT, ObjectType.TOKEN)
    power = obj.power
    return BoardObject(
        id=obj.id, name=obj.name, type=obj.kind, printed_power=obj.printed_power, power=power,
        previous_power=before.power, keywords=keywords,
        new_keywords=[k for k in keywords if k not in old_keywords],
        lost_keywords=[k for k in old_keywords if k not in keywords],
        mighty=obj.mighty and has_might,
        zone=ZONE_LABELS.get(obj.zone, obj.zone or ""), zone_id=obj.zone or "",
        at=obj.at, exhausted=obj.exhausted, controller=obj.controller,
        controller_name=names.get(obj.controller, obj.controller or ""),
        defending=obj.defending, attacking=obj.attacking,
        stunned=obj.stunned, damage=obj.damage, previous_damage=before.damage,
        lethal=obj.lethal,
        changed=obj != before, moved=(obj.zone, obj.at) != (before.zone, before.at),
        focus=step.object == obj.id, has_might=has_might,
    )


def _zones(objects: list[BoardObject], board: BoardState, players: list[dict], order: dict, data: dict) -> list[Zone]:
    """Battlefields, then each player's base, then what is off the board."""
    names = {p["id"]: p["name"] for p in players}
    object_names = {o.id: o.name for o in objects}
    showdown = board.showdown
    zones: list[Zone] = []
    by_id: dict[str, Zone] = {}
    for bid, field_ in ordered(board.by_id, order["objects"]):
        controller = field_.controller
        if field_.contested:
            status = "contested"
            label = f"Contesté par {names.get(field_.contested_by, field_.contested_by or '?')}"
            if controller:
                label += f" · contrôlé par {names.get(controller, controller)}"
        elif controller:
            status, label = "controlled", f"Contrôlé par {names.get(controller, controller)}"
        else:
            status, label = "uncontrolled", "Sans contrôleur"
        title = field_.name or object_names.get(bid, bid)
        zone = Zone(id=bid, kind=BoardArea.BATTLEFIELD, title=title, status=status, status_label=label,
                    controller=controller,
                    showdown=("Combat" if showdown.combat else "Confrontation")
                    if showdown and showdown.battlefield == bid else "",
                    scored_by=[names.get(p, p) for p in field_.scored_by])
        zones.append(zone)
        by_id[bid] = zone
    generic = None
    bases: dict[str, Zone] = {}
    for p in players:
        bases[p["id"]] = Zone(id=f"base-{p['id']}", kind=BoardArea.BASE, title=f"Base · {p['name']}",
                              controller=p["id"])
    offboard = Zone(id="hors-plateau", kind=BoardArea.OFFBOARD, title="Hors du plateau")
    for obj in objects:
        if obj.type == ObjectType.BATTLEFIELD:
            continue
        if obj.zone_id == kinds.Zone.BATTLEFIELD:
            target = by_id.get(obj.at or "") or (zones[0] if len(zones) == 1 else None)
            if target is None:
                if generic is None:
                    generic = Zone(id="champ", kind=BoardArea.BATTLEFIELD, title="Champ de bataille")
                target = generic
        elif obj.zone_id == kinds.Zone.BASE:
            target = bases.get(obj.controller or "")
            if target is None:
                target = bases.setdefault(obj.controller or "", Zone(id="base", kind=BoardArea.BASE, title="Base"))
        else:
            target = offboard
        target.units.append(obj)
    if generic:
        zones.append(generic)
    zones += [zone for zone in bases.values() if zone.units or has_board(data)]
    if offboard.units:
        zones.append(offboard)
    return zones


def _chain(board: BoardState, resolving: ChainItemState | None, names: dict[str, str],
           by_id: dict[str, BoardObject]) -> list[dict]:
    """The chain as a stack, newest on top, with the item resolving now (it has left the snapshot) above it."""
    chain = [
        {"id": item.id, "label": item.label, "player": names.get(item.player, ""),
         "speed": SPEED_LABELS.get(item.speed, ""),
         "target": (by_id[item.target].name if item.target in by_id else ""), "resolving": False}
        for item in reversed(board.chain)
    ]
    if resolving:
        chain.insert(0, {"id": resolving.id, "label": resolving.label, "player": names.get(resolving.player, ""),
                         "speed": "", "target": "", "resolving": True})
    return chain


def _showdown(board: BoardState, names: dict[str, str], by_id: dict[str, BoardObject]) -> dict | None:
    """Where the showdown (or combat) takes place, who attacks and defends, who has the focus."""
    s = board.showdown
    if s is None:
        return None
    field_ = board.by_id.get(s.battlefield or "")
    place = (field_.name if field_ else "") or getattr(by_id.get(s.battlefield or ""), "name", "")
    return {"battlefield": place, "combat": s.combat, "attacker": names.get(s.attacker, ""),
            "defender": names.get(s.defender, ""), "focus": names.get(s.focus, "")}


def step_view(branch: Branch, index: int, decisions: Sequence[LabelledDecision] | None = None, *,
              data: dict | None = None, shown: list[int] | None = None, result: StoredResult | None = None) -> StepView:
    """What the page shows at step ``index`` of a branch (clamped to the trace).

    ``shown`` are the trace indices the player steps through (all of them by default); the previous shown
    step is what numbers count from and what "changed" compares with.
    """
    trace = branch.trace
    if not trace:
        raise IndexError("trace vide")
    data = data or {}
    index = max(0, min(index, len(trace) - 1))
    shown = shown or list(range(len(trace)))
    if index not in shown:
        shown = sorted(set(shown) | {index})
    position = shown.index(index)
    step = trace[index]
    state = step.state  # the engine's state right after this step: the player draws it as it is
    previous = trace[shown[position - 1]].state if position else state
    order = display_order(data, branch)
    board = state.board
    victory = (result.main if result else branch).board.victory_score

    players = []
    for pid, p in ordered(state.players, order["players"]):
        before = previous.players.get(pid) or p
        players.append({
            "id": pid, "name": p.name, "xp": p.xp, "previous_xp": before.xp,
            "points": p.points, "previous_points": before.points, "victory_score": victory,
            "hand": p.hand, "deck": p.deck,
            "turn": board.turn_player == pid and bool(board.battlefields),
            "priority": board.priority == pid,
            "focus": board.focus == pid,
            "won": (branch.winner == pid) and index == len(trace) - 1,
        })
    names = {p["id"]: p["name"] for p in players}

    all_objects = [
        _board_object(obj, previous.objects.get(oid) or obj, step, names)
        for oid, obj in ordered(state.objects, order["objects"])
    ]
    by_id = {o.id: o for o in all_objects}
    objects = []
    for obj in all_objects:
        unit = by_id.get(state.objects[obj.id].attached_to or "")
        if obj.type == ObjectType.GEAR and unit is not None and unit.zone_id == obj.zone_id:
            unit.gear.append(obj)
            obj.attached_to_name = unit.name
        else:
            objects.append(obj)

    effects_state = state.effects
    depends: dict[str, str] = {}
    for past in trace[: index + 1]:
        if past.effect and dependency_of(past):
            depends[past.effect] = dependency_of(past)
    effects = [
        EffectRow(
            id=eid, label=e.label, since=e.since, active=e.active, applied=eid in state.applied,
            current=step.effect == eid,
            depends_on=depends.get(eid),
            depends_on_label=_effect_label(effects_state, depends[eid]) if eid in depends else None,
        )
        for eid, e in ordered(effects_state, order["effects"])
    ]
    layer = step.layer
    reexamined = step.kind == StepKind.REEXAMINE or step.reason.code == Reason.REEXAMINE or step.pass_ > 1
    layers = [
        {"id": name, "label": LAYER_LABELS[name], "current": name == layer,
         "done": layer in LAYERS and LAYERS.index(name) < LAYERS.index(layer)}
        for name in LAYERS
    ]
    decision = None
    for candidate in decisions or []:
        if candidate.step == index:
            decision = candidate

    whys, why_title = step_whys(step, by_id, board)
    with_board = bool(board.battlefields) or has_board(data)
    return StepView(
        index=index, total=len(shown), step=step, objects=objects, players=players, effects=effects,
        layers=layers, reexamined=reexamined, text=step.text, decision=decision,
        is_last=index == len(trace) - 1, position=position,
        zones=_zones(objects, board, players, order, data),
        chain=_chain(board, board.resolving, names, by_id), showdown=_showdown(board, names, by_id),
        whys=whys, why_title=why_title, kind_label=step.kind_label, has_board=with_board,
        show_layers=bool(effects) or any(s.layer for s in trace),
    )


def _effect_label(effects: Mapping[str, EffectState], eid: str) -> str | None:
    """The label of an effect present in the state, else ``None``."""
    return effects[eid].label if eid in effects else None


def step_whys(step: Step, objects: dict[str, BoardObject], board: BoardState) -> tuple[list[dict], str]:
    """« Pourquoi ? » for this step: why a unit takes damage here (R. 815 Tank first…), why a unit counts 0
    (stunned, R. 423), why a point is scored or refused (R. 471 final point…)."""
    reason = step.reason
    code = reason.code
    whys: list[dict | None] = []
    title = ""
    name = objects[step.object].name if step.object in objects else ""
    if step.kind == StepKind.ASSIGN and reason.why:
        what = "ces dégâts" if reason.amount else "aucun dégât"
        title = f"Pourquoi {what} pour {name} ?" if name else "Pourquoi cette répartition ?"
        whys.append(why_of(reason.why))
        if reason.excess:
            whys.append(why_of(Why.EXCESS_ON_LAST))
    elif code == Reason.DAMAGE_STEP:
        title = "Pourquoi ces totaux ?"
        for contribution in reason.contributions:
            if contribution.why:
                who = objects[contribution.object].name if contribution.object in objects else ""
                why = why_of(contribution.why)
                if why:
                    label = why["label"][0].lower() + why["label"][1:]
                    why["label"] = f"{who} compte pour {contribution.counts} : {label}"
                    whys.append(why)
    elif code == Reason.SCORE or (code in (Event.SCORE_REFUSED, Event.COMBAT_DAMAGE) and reason.why):
        point = reason.point if code == Reason.SCORE else code != Event.SCORE_REFUSED
        if code == Event.COMBAT_DAMAGE:
            title = f"Pourquoi ces dégâts pour {name} ?" if name else "Pourquoi ?"
        else:
            title = "Pourquoi ce point ?" if point else "Pourquoi aucun point ?"
        why = why_of(reason.why)
        if why:
            missing = reason.why.missing if reason.why else ()
            if missing:
                fields = board.by_id
                why["label"] += " ; pas encore marqué" + ("s" if len(missing) > 1 else "") + " : " + ", ".join(
                    (fields[m].name if m in fields else "") or getattr(objects.get(m), "name", m) for m in missing)
            whys.append(why)
    return [w for w in whys if w], title


def label_decisions(decisions: Sequence[OrderDecision], branch: Branch) -> list[LabelledDecision]:
    """Order decisions with the French labels of their two effects (the first label the trace gives each)."""
    labels: dict[str, str] = {}
    for step in branch.trace:
        for eid, effect in step.state.effects.items():
            labels.setdefault(eid, effect.label)
    return [
        LabelledDecision(step=d.step, reason=d.reason, value=d.value, other_value=d.other_value,
                         first_label=labels.get(d.first, d.first), then_label=labels.get(d.then, d.then))
        for d in decisions
    ]


def progress(branch: Branch, shown: list[int] | None = None) -> list[dict]:
    """One entry per shown step for the progress line, labelled in French."""
    trace = branch.trace
    indices = shown if shown is not None else range(len(trace))
    return [
        {"index": i, "number": step_number(i), "kind": trace[i].kind_label, "layer": trace[i].layer}
        for i in indices
    ]


def step_number(index: int, detail: bool = False, keys: list[int] | None = None) -> int:
    """The number (from 1) of a step: its place in the engine's whole trace, the same in both modes, so « Étape 79 »
    is one step whether the calculation steps are shown or not (the essential mode skips numbers)."""
    return index + 1
