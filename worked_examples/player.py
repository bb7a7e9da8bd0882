"""The example player's page: which step an address asks for, the « Et si… ? » form, and everything the
template needs for one step (``player_context``).

Its parts, one job each: ``computing`` runs the engine (a stored result, « Et si… ? » variants), ``steps`` says
what one step shows (board, chain, effects, « pourquoi ? ») and which steps matter, ``summary`` tells the end of
the example and what a variant changed. All of them read the result through the engine's typed result
(``engine.stored``), never through the raw dicts, and apply no rule of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlencode

from django.template.loader import render_to_string

from core.fragments import fragment
from engine.stored import Step, StoredResult
from engine.vocab import Reason

from .computing import VariantError, run_variant
from .steps import branches, key_steps, label_decisions, progress, step_number, step_view
from .summary import difference, summary
from .whatif import (
    LOCKED_NOTE,
    WhatIfForm,
    available_switches,
    decided_by_play,
    variant_query,
)

DETAIL_PARAM = "detail"
LAST_STEP = "fin"
TRACE_INDEX = "indice"  # ?indice=N: the same number as ?etape=N (the step's place in the trace, from 1)


def _int_value(query, name: str, default: int = 0) -> int:
    try:
        return int(query.get(name, default))
    except (TypeError, ValueError):
        return default


def _requested_index(query, trace: Sequence[Step], keys: list[int], detail: bool) -> tuple[int, str | None]:
    """The trace index an address asks for (``etape=N`` or ``indice=N``: the number the page shows, from 1;
    ``etape=fin``: the last step), and what was asked when no such step exists (the page says so)."""
    last = len(trace) - 1
    if not trace:
        return 0, None
    for name in ("etape", TRACE_INDEX):
        raw = query.get(name)
        if raw is None:
            continue
        if raw == LAST_STEP:
            return last, None
        try:
            number = int(raw)
        except (TypeError, ValueError):
            return 0, str(raw)[:20]
        if not 1 <= number <= len(trace):
            return (last if number > len(trace) else 0), str(number)
        return number - 1, None
    return 0, None


def whatif_fields(form: WhatIfForm, data: dict, scenario_hash: str) -> str:
    """The « Et si… ? » fields as HTML. Before the form is sent they are the same for every step of a player, so
    they are rendered once per content version (``core.fragments``); a sent form shows what was typed."""

    def render() -> str:
        return render_to_string("examples/_player.html#whatif-fields",
                                {"switch_groups": form.groups(data), "locked_note": LOCKED_NOTE})

    if form.is_bound:
        return render()
    return fragment("whatif-fields", (scenario_hash, form.player_id, sorted(form.locked.items())), render)


def player_context(*, result: dict, data: dict, scenario_hash: str, query, base_url: str, player_id: str,
                   title: str, embedded: bool = False, fixed_params: dict | None = None) -> tuple[dict, int]:
    """Everything the player template shows for a query string: branch, step, what-if variant.

    ``result`` is the stored engine result of ``data``; a what-if in ``query`` re-runs the engine (cached).
    ``fixed_params`` are query parameters every link keeps (the sandbox's share code). Returns (context, status).
    ``?detail=1`` steps through the whole trace; by default only the steps that matter (``key_steps``).
    ``?etape=N`` (or ``?indice=N``) is the number the page shows (« Étape N sur … », from 1): a step's place in the
    whole trace, the same in both modes; a step hidden in the essential mode opens in the detailed one. A number
    with no step gives a 404 that says so, with the nearest step.
    """
    available = available_switches(data)
    original_typed = StoredResult.from_dict(result)  # the stored JSON, read once
    decided = decided_by_play(original_typed)
    locked = {f"defending:{oid}": defends for oid, defends in decided.items()}
    form = WhatIfForm(query, available, locked=locked, player_id=player_id)
    changes = form.changes()
    original = result
    if changes:
        try:
            result = run_variant(scenario_hash, data, changes)
        except VariantError as exc:
            form.add_error(None, exc.message)
            changes = {}
    status = 400 if form.errors else 200
    typed = original_typed if original is result else StoredResult.from_dict(result)
    all_branches = typed.branches
    original_branches = original_typed.branches
    branch_index = max(0, min(_int_value(query, "branche"), len(all_branches) - 1))
    branch = all_branches[branch_index]
    trace = branch.trace
    decisions = label_decisions(branch.order_decisions or typed.main.order_decisions, branch)
    keys = key_steps(trace, decisions)
    detail = query.get(DETAIL_PARAM) == "1"
    index, missing = _requested_index(query, trace, keys, detail)
    if not detail and index not in keys:
        detail = True  # a link to a bookkeeping step still shows that very step
    shown = list(range(len(trace))) if detail else keys
    view = step_view(branch, index, decisions, data=data, shown=shown, result=typed)
    variant = variant_query(changes, available)
    fixed = urlencode(fixed_params or {})
    prefix = "&".join(part for part in (fixed, variant) if part)
    anchor = "#" + player_id

    def step_query(index: int, branch_number: int | None = None, with_detail: bool | None = None) -> str:
        number = branch_index if branch_number is None else branch_number
        params: dict = {"branche": number} if number else {}
        if detail if with_detail is None else with_detail:
            params[DETAIL_PARAM] = 1
        params["etape"] = step_number(index, detail if with_detail is None else with_detail, keys)
        return base_url + "?" + (prefix + "&" if prefix else "") + urlencode(params)

    def link(index: int, branch_number: int | None = None, with_detail: bool | None = None) -> dict:
        url = step_query(index, branch_number, with_detail)
        return {"url": url, "href": url + anchor}

    original_branch = original_branches[min(branch_index, len(original_branches) - 1)]
    reset_url = base_url + ("?" + fixed if fixed else "")
    position = view.position
    previous_index = shown[max(0, position - 1)]
    next_index = shown[min(len(shown) - 1, position + 1)]
    # The detail toggle keeps the step when it is shown in the other mode, else the nearest step before it.
    other_index = index if (not detail or index in keys) else max((k for k in keys if k <= index), default=0)
    if missing is not None and status == 200:
        status = 404  # no such step: the page says so and shows the nearest one
    context = {
        "missing_step": missing,
        "result": result,
        "branch": branches(result)[branch_index],
        "branch_index": branch_index,
        "branches": [
            {"index": i, "label": b.label or f"Choix {i + 1}", **link(0, i), "current": i == branch_index}
            for i, b in enumerate(all_branches)
        ] if len(all_branches) > 1 else [],
        "view": view,
        "progress": [{**p, **link(p["index"])} for p in progress(branch, shown)],
        "first": link(shown[0]),
        "previous": link(previous_index),
        "next": link(next_index),
        "last": link(shown[-1]),
        "first_url": step_query(shown[0]),
        "previous_url": step_query(previous_index),
        "next_url": step_query(next_index),
        "last_url": step_query(shown[-1]),
        "detail": detail,
        "detail_toggle": link(other_index, with_detail=not detail),
        "hidden_steps": len(trace) - len(keys),
        "key_total": len(keys),
        "trace_total": len(trace),
        "permalink": step_query(index),
        "summary": summary(branch, typed, data),
        "decisions": [d for d in decisions if d.reason == Reason.DEPENDENCY],
        "whatif": form,
        "whatif_fields": whatif_fields(form, data, scenario_hash),
        "changes": changes,
        "errors": form.errors,
        "error_list": form.error_list(data),
        "form_error": (form.non_field_errors() or [None])[0],
        "difference": difference(original_branch, branch, data) if changes else [],
        "form_url": base_url,
        "form_action": base_url + anchor,
        "fixed_params": fixed_params or {},
        "reset_url": reset_url,
        "reset_href": reset_url + anchor,
        "variant_query": variant,
        "embedded": embedded,
        "player_id": player_id,
        "player_title": title,
        "player_url": base_url,
    }
    return context, status
