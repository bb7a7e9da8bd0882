"""The sandbox page: build a situation, resolve it with the example player, share or export it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import replace_url

import engine
from core.fragments import fragment
from core.htmx import HtmxHttpRequest, wants_fragment
from core.stylesheets import first_visit
from engine.kinds import ACTIONS, KINDS
from sandbox import board, formdata, importing, operations, running, share, situation
from sandbox import forms as sf
from sandbox.explain import board_notes
from sandbox.presets import PRESETS, grouped
from worked_examples import computing, player, steps, summary
from worked_examples import fields as ef
from worked_examples.models import WorkedExample

# Where each visitor's CSRF token goes in the empty sandbox rendered once for all (see ``sandbox``).
CSRF_SLOT = "riftpal-csrf-slot-3b9e0d2c"
PLAYER_ID = "sandbox-player"
WORKSPACE_ID = "sandbox-workspace"
RESULT_ANCHOR = "resultat"


# --------------------------------------------------------------------------- presenting the forms


def _focus(form, focus: str | None) -> None:
    """Give ``autofocus`` to the field the learner lands on (htmx and full pages both honour it)."""
    if not focus:
        return
    for bf in form.visible_fields():
        if focus in (bf.auto_id, f"{bf.auto_id}_0"):
            bf.field.widget.attrs["autofocus"] = True


def present(sandbox: situation.Sandbox, focus: str | None) -> dict:
    """The sections of the page: each row with its title, its fields and where its buttons land."""
    _focus(sandbox.situation, focus)
    sections: dict[str, dict] = {}
    for prefix, formset in sandbox.formsets.items():
        section = sf.SECTIONS[prefix]
        rows = []
        clock = 0
        count = len(formset.forms)
        for i, form in enumerate(formset.forms):
            _focus(form, focus)
            title, subtitle, badge, is_step = "", "", "", False

            def value(name, form=form):
                return form[name].value() if name in form.fields else None

            if prefix == "p":
                title, subtitle = f"Joueur {i + 1}", value("name") or ""
            elif prefix == "b":
                title = str(value("name") or "").strip() or f"Champ de bataille {i + 1}"
            elif prefix == "o":
                title, subtitle = f"Unité {i + 1}", value("name") or ""
            elif prefix == "e":
                kind = KINDS[form.kind]
                later = bool(value("starts_later"))
                if kind.category == "continuous" and not later:
                    if not (value("same_time") and clock):
                        clock += 1
                    badge = f"horodatage {clock}"
                elif later:
                    badge = "commence plus tard"
                title, subtitle = kind.label, value("label") or ""
            elif prefix == "a":
                name = ACTIONS[form.kind][0]
                title = f"Action {i + 1} · {name}"
                if form.spell is not None:  # an instruction of the spell above, as the form reads the rows
                    title, is_step = f"Instruction {i + 1} · {name}", True
            else:
                title = f"Choix {i + 1} · {sf.CHOICE_TYPES[form.kind]}"
            advanced = form.advanced_fields()
            rows.append(
                {
                    "form": form,
                    "index": i,
                    "html_id": formdata.row_id(prefix, i),
                    "title": title,
                    "subtitle": str(subtitle)[:120],
                    "name": str(subtitle or title)[:120],
                    "badge": badge,
                    "is_step": is_step,
                    "kind_key": section.kind_key,
                    "fields": form.main_fields(),
                    "advanced": advanced,
                    "advanced_open": form.folded_open(),
                    "has_errors": bool(form.errors),
                    "focus_row": focus == formdata.row_id(prefix, i),
                    "focus_up": focus == f"sb-{prefix}-{i}-up",
                    "focus_down": focus == f"sb-{prefix}-{i}-down",
                    # Without JavaScript the page lands on the row that changed (the fragment of the button).
                    "after_delete": formdata.row_id(prefix, min(i, count - 2)) if count > 1 else f"sb-section-{prefix}",
                    "after_up": formdata.row_id(prefix, max(0, i - 1)),
                    "after_down": formdata.row_id(prefix, min(count - 1, i + 1)),
                }
            )
        sections[prefix] = {
            "prefix": prefix,
            "formset": formset,
            "rows": rows,
            "errors": [*sandbox.section_errors.get(prefix, []), *formset.non_form_errors()],
            "movable": section.movable,
            "next_row": formdata.row_id(prefix, count),
            "focus_add": focus == f"sb-add-{prefix}",
        }
    return {
        "situation": sandbox.situation,
        "sections": sections,
        "errors": sandbox.errors(),
        "kinds": [(name, kind.label) for name, kind in KINDS.items()],
        "actions": [(name, label) for name, (label, _params) in ACTIONS.items()],
        "choice_buttons": [(kind, sf.CHOICE_BUTTONS.get(kind, label)) for kind, label in sf.CHOICE_TYPES.items()],
        "preset_groups": grouped(),
        "board": board.board_view(sandbox.data),
        "focus": focus,
        "limits": {
            "players": sf.MAX_PLAYERS,
            "battlefields": sf.MAX_BATTLEFIELDS,
            "objects": sf.MAX_OBJECTS,
            "effects": sf.MAX_EFFECTS,
            "actions": sf.MAX_ACTIONS,
            "choices": sf.MAX_CHOICES,
            "name": sf.MAX_NAME,
            "keywords": ef.MAX_KEYWORDS,
        },
    }


# --------------------------------------------------------------------------- views


def _load_example(slug: str) -> tuple[formdata.FormData, str | None, int]:
    example = WorkedExample.objects.filter(slug=slug[:80]).first()
    if example is None:
        return board.board_data(), f"Aucun exemple commenté ne porte l'identifiant « {slug[:80]} ».", 404
    try:
        data = dict(computing.parse_scenario(example.scenario))
    except engine.ScenarioError as exc:
        return board.board_data(), f"Cet exemple ne peut pas être ouvert : {exc.message}", 400
    data.pop("expect", None)
    return importing.data_from_scenario(data), None, 200


def _summary(outcome: running.Outcome, errors: list, pending: str | None = None) -> str:
    if pending and not errors and outcome.data is None:
        return f"Il reste à faire les choix de la ligne « {pending} » ; le résultat se mettra à jour ensuite."
    if errors:
        count = len(errors)
        return f"La situation contient {count} erreur{'s' if count > 1 else ''} à corriger."
    if outcome.engine_error:
        return "Le moteur refuse cette situation : " + outcome.engine_error
    if outcome.result:
        lines = summary.summary(steps.branches(outcome.result)[0], outcome.result)
        return "Résultat mis à jour. " + " ".join(lines)
    return "Situation valide. Appuyez sur « Lancer » pour la résoudre."


@dataclass
class Incoming:
    """What a request brings: the form data, whether to run it, and where the learner lands."""

    data: formdata.FormData
    run: bool = False
    load_error: str | None = None
    status: int = 200
    query: Any = field(default_factory=dict)
    op: str = ""
    landing: operations.OpResult = field(default_factory=operations.OpResult)


def _posted(request: HttpRequest) -> Incoming:
    """The form as the learner sent it, with the button they pressed applied."""
    data = formdata.split(request.POST)
    op = str(request.POST.get("op", ""))[:40]
    landing = operations.apply_op(data, op, request.POST)
    return Incoming(data, run=op == "run" or request.POST.get("lance") == "1", op=op, landing=landing)


def _shared(request: HttpRequest) -> Incoming:
    """A shared link: it opens at its result (links made before they carried « #resultat » too)."""
    try:
        data = importing.data_from_scenario(share.decode(request.GET.get("s", "")))
    except share.ShareCodeError as exc:
        return Incoming(board.board_data(), load_error=exc.message, status=400)
    return Incoming(data, run=True, query=request.GET, landing=operations.OpResult(focus="sb-result-title"))


def _example(request: HttpRequest) -> Incoming:
    data, load_error, status = _load_example(request.GET.get("exemple", ""))
    return Incoming(data, run=load_error is None, load_error=load_error, status=status)


def _preset(request: HttpRequest) -> Incoming:
    preset = PRESETS.get(request.GET.get("modele", ""))
    if preset is None:
        return Incoming(board.board_data(), load_error="Ce modèle de situation n'existe pas.", status=404)
    return Incoming(importing.data_from_scenario(preset.scenario), run=True)


def _incoming(request: HttpRequest) -> Incoming:
    if request.method == "POST":
        return _posted(request)
    for key, read in (("s", _shared), ("exemple", _example), ("modele", _preset)):
        if key in request.GET:
            return read(request)
    return Incoming(board.board_data())


def _empty_visit(request: HtmxHttpRequest) -> bool:
    """A full page, nothing asked for: the same empty sandbox for every anonymous visitor but for its token."""
    return (request.method == "GET" and not request.GET and not wants_fragment(request)
            and not request.user.is_authenticated)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def sandbox(request: HtmxHttpRequest):
    """The sandbox page. Its empty form (a plain visit) costs the whole template, about 50 ms of server time on an
    idle machine and 0.3-0.5 s on a loaded one (issue 34); it depends only on the code and the content, so it is
    rendered once per content version (core.fragments) with a slot where each visitor's CSRF token goes. The
    token stays: the page remains private (it sets the CSRF cookie) and every post is checked as before."""
    if _empty_visit(request):
        html = fragment("sandbox-empty", (request.get_host(), first_visit(request)),
                        lambda: _page(request, {"csrf_token": CSRF_SLOT}).content.decode())
        return HttpResponse(html.replace(CSRF_SLOT, get_token(request)))
    return _page(request)


def _page(request: HtmxHttpRequest, extra: dict | None = None) -> HttpResponse:
    incoming = _incoming(request)
    data, run, load_error, status = incoming.data, incoming.run, incoming.load_error, incoming.status
    query, op, landing = incoming.query, incoming.op, incoming.landing
    sandbox = situation.Sandbox(data)
    outcome = running.evaluate(sandbox, run=run)
    pending = None
    if landing.added and sandbox.set_aside(*landing.added):
        # The new row waits for the learner's choices: no error, no engine refusal, until they have made them.
        prefix, index = landing.added
        pending = f"{sf.SECTIONS[prefix].noun.capitalize()} {index + 1}"
        if outcome.engine_error and not sandbox.errors():
            outcome.engine_error = None
    errors = sandbox.errors()
    if op == "run":
        landing = operations.OpResult(focus="sb-errors" if errors else "sb-result-title")
    if status == 200 and (errors or outcome.engine_error):
        status = 400
    base_url = reverse("sandbox:sandbox")
    editor = request.user.is_staff
    context: dict[str, Any] = {
        **present(sandbox, landing.focus),
        "outcome": outcome,
        "load_error": load_error,
        "notices": data.notices,
        "ran": run,
        "status_text": _summary(outcome, errors, pending),
        "share_url": (
            request.build_absolute_uri(f"{base_url}?s={outcome.code}#{RESULT_ANCHOR}") if outcome.code else None
        ),
        # The scenario file is editors' tooling (pasted into the admin to publish a worked example).
        "export_url": f"{reverse('sandbox:export')}?s={outcome.code}" if outcome.code and editor else None,
        "yaml": running.to_yaml(outcome.data) if outcome.data and editor else None,
        "workspace_id": WORKSPACE_ID,
        "result_anchor": RESULT_ANCHOR,
        "new_kind": request.POST.get("new_kind", "") if request.method == "POST" else "",
        "new_action": request.POST.get("new_action", "") if request.method == "POST" else "",
    }
    player_context = None
    if outcome.result and outcome.data:
        try:
            player_context, player_status = player.player_context(
                result=outcome.result,
                data=outcome.data,
                scenario_hash=share.scenario_hash(outcome.data),
                query=query,
                base_url=base_url,
                player_id=PLAYER_ID,
                title=outcome.data["title"],
                fixed_params={"s": outcome.code},
            )
            status = max(status, player_status)
            context.update(player_context)
        except (engine.ScenarioError, IndexError) as exc:
            outcome.result = None
            outcome.engine_error = getattr(exc, "message", "Le moteur n'a rien produit pour cette situation.")
            status = 400
    context["board_notes"] = board_notes(outcome.data, outcome.result)
    if wants_fragment(request):
        if request.htmx.target == PLAYER_ID and player_context is not None:
            return render(request, "examples/_player.html", context, status=status)
        response = render(request, "sandbox/sandbox.html#workspace", context, status=status)
        if outcome.code and request.method == "POST":
            replace_url(response, f"{base_url}?s={outcome.code}#{RESULT_ANCHOR}")
        return response
    return render(request, "sandbox/sandbox.html", {**context, **(extra or {})}, status=status)


@require_GET
def sandbox_export(request: HttpRequest):
    """The scenario file (YAML) of a share code, as a download an editor pastes into the admin."""
    try:
        data = importing.data_from_scenario(share.decode(request.GET.get("s", "")))
    except share.ShareCodeError as exc:
        return HttpResponse(exc.message, status=400, content_type="text/plain; charset=utf-8")
    outcome = running.evaluate(situation.Sandbox(data), run=False)
    if outcome.data is None:
        message = outcome.engine_error or "Cette situation contient des erreurs : corrigez-les dans le bac à sable."
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")
    name = slugify(outcome.data["title"])[:60] or "situation"
    response = HttpResponse(running.to_yaml(outcome.data), content_type="application/x-yaml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.yaml"'
    return response
