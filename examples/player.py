"""The example player: turns an engine result into what the page shows at each step.

The engine's result (trace included) is computed once per scenario version and stored on the
``WorkedExample``; moving between steps only reads it. "What if?" variants run the engine once per
distinct set of changes and are cached.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import urlencode

from django.core.cache import cache

from rules import engine
from rules.engine import variants
from rules.engine.kinds import LAYER_LABELS, LAYERS

VARIANT_CACHE_SECONDS = 60 * 60
MAX_CHANGES = 60
VARIANT_MARKER = "si"
KEYWORD_LABELS: dict[str, str] = {}


class VariantError(Exception):
    """A "what if?" request the engine refuses; ``errors`` maps field keys to French messages."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(errors.values()))
        self.errors = errors


def compute(scenario_source) -> dict:
    """Run the engine on a scenario (YAML text or dict) and return its JSON-ready result."""
    if isinstance(scenario_source, str):
        return _compute_text(scenario_source)
    return engine.run(engine.load_scenario(scenario_source)).to_dict()


@lru_cache(maxsize=128)
def _compute_text(text: str) -> dict:
    # The engine is deterministic: the same scenario text always gives the same result, so reloading
    # the content (or the test suite loading it again and again) runs each scenario once per process.
    # The returned dict is shared: treat it as read-only.
    return engine.run(engine.load_scenario(text)).to_dict()


@lru_cache(maxsize=256)
def parse_scenario(text: str) -> dict:
    """The scenario as data (validated by the engine); cached, since every step request needs it.

    Callers must not mutate the returned dict (``variants.apply_changes`` returns a new one).
    """
    scenario = engine.load_scenario(text)
    return scenario.data


# --- what if? ----------------------------------------------------------------------------------------


def changes_from_query(query, available: list[dict]) -> tuple[dict, dict[str, str]]:
    """Read the "Et si… ?" form from a query string: only values that differ from the scenario.

    A checkbox that is absent means "off" only when the form was submitted (the ``si`` marker).
    """
    if query.get(VARIANT_MARKER) != "1":
        return {}, {}
    changes: dict = {}
    errors: dict[str, str] = {}
    for switch in available[:MAX_CHANGES]:
        key = switch["key"]
        if switch["type"] == "bool":
            value = query.get(key) in ("1", "on", "true")
        else:
            raw = (query.get(key) or "").strip()
            if raw == "":
                continue
            try:
                value = int(raw)
            except ValueError:
                errors[key] = f"« {switch['label']} » : un nombre entier est attendu."
                continue
            low, high = switch.get("min"), switch.get("max")
            if (low is not None and value < low) or (high is not None and value > high):
                errors[key] = f"« {switch['label']} » : choisissez une valeur entre {low} et {high}."
                continue
        if value != switch["value"]:
            changes[key] = value
    return changes, errors


def variant_query(changes: dict, available: list[dict]) -> str:
    """The query string that rebuilds a set of changes (used for links to a changed situation)."""
    if not changes:
        return ""
    params = [(VARIANT_MARKER, "1")]
    for switch in available:
        key = switch["key"]
        value = changes.get(key, switch["value"])
        if switch["type"] == "bool":
            if value:
                params.append((key, "1"))
        else:
            params.append((key, str(value)))
    return urlencode(params)


def run_variant(scenario_hash: str, data: dict, changes: dict) -> dict:
    """The engine's result for the scenario with ``changes`` applied (cached)."""
    key = "variant:" + hashlib.sha256(
        (scenario_hash + json.dumps(changes, sort_keys=True)).encode()
    ).hexdigest()
    result = cache.get(key)
    if result is None:
        try:
            changed = variants.apply_changes(data, changes)
            result = compute(changed)
        except engine.ScenarioError as exc:
            raise VariantError({"__all__": exc.message}) from exc
        cache.set(key, result, VARIANT_CACHE_SECONDS)
    return result


# --- branches and steps --------------------------------------------------------------------------------


def branches(result: dict) -> list[dict]:
    """Each outcome of an open choice is a branch; a result without open choices is one branch."""
    outcomes = result.get("outcomes") or []
    if outcomes:
        return outcomes
    return [result]


@dataclass
class BoardObject:
    id: str
    name: str
    printed_power: int | None
    power: int | None
    previous_power: int | None
    keywords: list[str]
    new_keywords: list[str]
    lost_keywords: list[str]
    mighty: bool
    zone: str
    exhausted: bool
    controller: str | None
    controller_name: str
    defending: bool
    changed: bool
    focus: bool


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
    step: dict
    objects: list[BoardObject]
    players: list[dict]
    effects: list[EffectRow]
    layers: list[dict]
    reexamined: bool
    text: str
    decision: dict | None = None
    is_last: bool = False
    progress: list[dict] = field(default_factory=list)


ZONE_LABELS = {
    "base": "Base",
    "battlefield": "Champ de bataille",
    "hand": "Main",
    "deck": "Deck",
    "discard": "Défausse",
    "banished": "Bannie",
}
KIND_LABELS = {
    "action": "Action",
    "layer": "Couche",
    "apply": "Application",
    "skip": "Écarté",
    "reexamine": "Réexamen",
    "condition": "Condition",
    "event": "Événement",
    "replacement": "Remplacement",
    "choice": "Choix",
    "query": "Question",
    "result": "Résultat",
}


def dependency_of(step: dict) -> str | None:
    reason = step.get("reason") or {}
    return reason.get("depends_on") if reason.get("code") == "dependency" else None


def step_view(branch: dict, index: int, decisions: list[dict] | None = None) -> StepView:
    """What the page shows at step ``index`` of a branch (clamped to the trace)."""
    trace = branch.get("trace") or []
    if not trace:
        raise IndexError("trace vide")
    index = max(0, min(index, len(trace) - 1))
    step = trace[index]
    state = step.get("state") or {}
    previous = (trace[index - 1].get("state") or {}) if index else state
    players_state = state.get("players") or {}

    objects = []
    for oid, obj in (state.get("objects") or {}).items():
        before = (previous.get("objects") or {}).get(oid) or obj
        keywords = list(obj.get("keywords") or [])
        old_keywords = list(before.get("keywords") or [])
        controller = obj.get("controller")
        objects.append(BoardObject(
            id=oid, name=obj.get("name", oid), printed_power=obj.get("printed_power"), power=obj.get("power"),
            previous_power=before.get("power"), keywords=keywords,
            new_keywords=[k for k in keywords if k not in old_keywords],
            lost_keywords=[k for k in old_keywords if k not in keywords],
            mighty=bool(obj.get("mighty")), zone=ZONE_LABELS.get(obj.get("zone"), obj.get("zone") or ""),
            exhausted=bool(obj.get("exhausted")), controller=controller,
            controller_name=(players_state.get(controller) or {}).get("name", controller or ""),
            defending=bool(obj.get("defending")), changed=obj != before, focus=step.get("object") == oid,
        ))
    players = [
        {"id": pid, "name": p.get("name", pid), "xp": p.get("xp"),
         "previous_xp": ((previous.get("players") or {}).get(pid) or p).get("xp")}
        for pid, p in players_state.items()
    ]
    effects_state = state.get("effects") or {}
    depends: dict[str, str] = {}
    for past in trace[: index + 1]:
        if past.get("effect") and dependency_of(past):
            depends[past["effect"]] = dependency_of(past)
    effects = [
        EffectRow(
            id=eid, label=e.get("label", eid), since=e.get("since"), active=bool(e.get("active")),
            applied=bool(e.get("applied")), current=step.get("effect") == eid, depends_on=depends.get(eid),
            depends_on_label=(effects_state.get(depends[eid]) or {}).get("label") if eid in depends else None,
        )
        for eid, e in effects_state.items()
    ]
    layer = step.get("layer")
    reexamined = (step.get("kind") == "reexamine" or (step.get("reason") or {}).get("code") == "reexamine"
                  or (step.get("pass") or 0) > 1)
    layers = [
        {"id": name, "label": LAYER_LABELS[name], "current": name == layer,
         "done": layer in LAYERS and LAYERS.index(name) < LAYERS.index(layer)}
        for name in LAYERS
    ]
    decision = None
    for candidate in decisions or []:
        if candidate.get("step") == index:
            decision = candidate
    return StepView(
        index=index, total=len(trace), step=step, objects=objects, players=players, effects=effects,
        layers=layers, reexamined=reexamined, text=step.get("text") or "", decision=decision,
        is_last=index == len(trace) - 1,
    )


def label_decisions(decisions: list[dict], branch: dict) -> list[dict]:
    """Order decisions with the French labels of their two effects."""
    labels: dict[str, str] = {}
    for step in branch.get("trace") or []:
        for eid, effect in ((step.get("state") or {}).get("effects") or {}).items():
            labels.setdefault(eid, effect.get("label", eid))
    return [
        {**d, "first_label": labels.get(d.get("first"), d.get("first")),
         "then_label": labels.get(d.get("then"), d.get("then"))}
        for d in decisions
    ]


def progress(branch: dict) -> list[dict]:
    """One entry per step for the progress line."""
    return [
        {"index": i, "kind": KIND_LABELS.get(s.get("kind"), s.get("kind") or ""), "layer": s.get("layer")}
        for i, s in enumerate(branch.get("trace") or [])
    ]


def summary(branch: dict, result: dict) -> list[str]:
    """The final result stated plainly, one sentence per object and per query."""
    lines = []
    trace = branch.get("trace") or []
    final_state = (trace[-1].get("state") or {}) if trace else {}
    names = {oid: o.get("name", oid) for oid, o in (final_state.get("objects") or {}).items()}
    for oid, obj in (branch.get("objects") or {}).items():
        name = names.get(oid, oid)
        parts = [f"{name} : puissance {obj.get('power')}"]
        keywords = obj.get("keywords") or []
        parts.append("mots-clés " + ", ".join(keywords) if keywords else "aucun mot-clé")
        if obj.get("mighty"):
            parts.append("puissante")
        zone = ZONE_LABELS.get(obj.get("zone"))
        if zone:
            parts.append(zone.lower())
        lines.append(", ".join(parts) + ".")
    for query in branch.get("queries") or []:
        text = query.get("text") if isinstance(query, dict) else None
        if text:
            lines.append(text)
    return lines


def difference(original: dict, changed: dict) -> list[str]:
    """What a "what if?" changed in the final result: « Fiora : 6 → 4, Bouclier perdu »."""
    lines = []
    before_objects = original.get("objects") or {}
    after_objects = changed.get("objects") or {}
    trace = original.get("trace") or []
    final = (trace[-1].get("state") or {}).get("objects", {}) if trace else {}
    for oid in sorted(set(before_objects) | set(after_objects)):
        before, after = before_objects.get(oid) or {}, after_objects.get(oid) or {}
        name = (final.get(oid) or {}).get("name", oid)
        parts = []
        if before.get("power") != after.get("power"):
            parts.append(f"{before.get('power')} → {after.get('power')}")
        lost = [k for k in before.get("keywords") or [] if k not in (after.get("keywords") or [])]
        won = [k for k in after.get("keywords") or [] if k not in (before.get("keywords") or [])]
        parts += [f"{k} perdu" for k in lost] + [f"{k} gagné" for k in won]
        if bool(before.get("mighty")) != bool(after.get("mighty")):
            parts.append("devient puissante" if after.get("mighty") else "n'est plus puissante")
        if before.get("zone") != after.get("zone"):
            parts.append(f"{ZONE_LABELS.get(before.get('zone'), before.get('zone'))} → "
                         f"{ZONE_LABELS.get(after.get('zone'), after.get('zone'))}")
        if parts:
            lines.append(f"{name} : " + ", ".join(parts))
    return lines


# --- the whole player context ---------------------------------------------------------------------------------


def _int_value(query, name: str, default: int = 0) -> int:
    try:
        return int(query.get(name, default))
    except (TypeError, ValueError):
        return default


def player_context(*, result: dict, data: dict, scenario_hash: str, query, base_url: str, player_id: str,
                   title: str, embedded: bool = False, fixed_params: dict | None = None) -> tuple[dict, int]:
    """Everything the player template shows for a query string: branch, step, what-if variant.

    ``result`` is the stored engine result of ``data``; a what-if in ``query`` re-runs the engine (cached).
    ``fixed_params`` are query parameters every link keeps (the sandbox's share code). Returns (context, status).
    """
    available = variants.available_changes(data)
    changes, errors = changes_from_query(query, available)
    original = result
    status = 200
    if changes and not errors:
        try:
            result = run_variant(scenario_hash, data, changes)
        except VariantError as exc:
            errors = exc.errors
    if errors:
        status = 400
        changes = {}
    all_branches = branches(result)
    original_branches = branches(original)
    branch_index = max(0, min(_int_value(query, "branche"), len(all_branches) - 1))
    branch = all_branches[branch_index]
    decisions = label_decisions(branch.get("order_decisions") or result.get("order_decisions") or [], branch)
    view = step_view(branch, _int_value(query, "etape"), decisions)
    variant = variant_query(changes, available)
    fixed = urlencode(fixed_params or {})
    prefix = "&".join(part for part in (fixed, variant) if part)

    def step_url(index: int, branch_number: int | None = None) -> str:
        number = branch_index if branch_number is None else branch_number
        params = {"branche": number} if number else {}
        params["etape"] = index
        return base_url + "?" + (prefix + "&" if prefix else "") + urlencode(params)

    switches = []
    for switch in available:
        value = changes.get(switch["key"], switch["value"])
        switches.append({**switch, "current": value, "error": errors.get(switch["key"]),
                         "field_id": f"{player_id}-si-" + "".join(c if c.isalnum() else "-" for c in switch["key"])})
    original_branch = original_branches[min(branch_index, len(original_branches) - 1)]
    reset_url = base_url + ("?" + fixed if fixed else "")
    context = {
        "result": result,
        "branch": branch,
        "branch_index": branch_index,
        "branches": [
            {"index": i, "label": b.get("label") or f"Choix {i + 1}", "url": step_url(0, i),
             "current": i == branch_index}
            for i, b in enumerate(all_branches)
        ] if len(all_branches) > 1 else [],
        "view": view,
        "progress": [{**p, "url": step_url(p["index"])} for p in progress(branch)],
        "first_url": step_url(0),
        "previous_url": step_url(max(0, view.index - 1)),
        "next_url": step_url(min(view.total - 1, view.index + 1)),
        "last_url": step_url(view.total - 1),
        "summary": summary(branch, result),
        "decisions": [d for d in decisions if d.get("reason") == "dependency"],
        "switches": switches,
        "changes": changes,
        "errors": errors,
        "form_error": errors.get("__all__"),
        "difference": difference(original_branch, branch) if changes else [],
        "form_url": base_url,
        "fixed_params": fixed_params or {},
        "reset_url": reset_url,
        "variant_query": variant,
        "embedded": embedded,
        "player_id": player_id,
        "player_title": title,
        "player_url": base_url,
    }
    return context, status
