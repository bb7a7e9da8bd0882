"""The sandbox page: build a situation, resolve it with the example player, share or export it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from examples import player
from examples.models import WorkedExample
from rules import engine
from rules.engine.kinds import ACTIONS, KINDS
from sandbox import builder as sb

PLAYER_ID = "sandbox-player"
WORKSPACE_ID = "sandbox-workspace"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# --------------------------------------------------------------------------- presenting the form


@dataclass
class BoundField:
    """A control ready for the template: name, id, label, value, options and error."""

    key: str
    name: str
    html_id: str
    label: str
    widget: str  # text | number | checkbox | select | checks | slots
    value: Any
    options: list[dict] = field(default_factory=list)
    slots: list[dict] = field(default_factory=list)
    error: str | None = None
    help: str = ""
    required: bool = False
    maxlength: int | None = None
    autofocus: bool = False
    wide: bool = False

    @property
    def error_id(self) -> str:
        return self.html_id + "-error"

    @property
    def help_id(self) -> str:
        return self.html_id + "-help"

    @property
    def describedby(self) -> str:
        ids = ([self.help_id] if self.help else []) + ([self.error_id] if self.error else [])
        return " ".join(ids)


def _options(
    values: list[tuple[str, str]], current: Any, *, empty: str | None, stale: bool = True
) -> list[dict]:
    current = "" if current is None else str(current)
    opts = [{"value": "", "label": empty, "selected": current == ""}] if empty is not None else []
    opts += [{"value": v, "label": label, "selected": v == current} for v, label in values]
    if stale and current and current not in {v for v, _ in values}:
        opts.append({"value": current, "label": f"« {current[:60]} » (introuvable)", "selected": True})
    return opts


def bind(form: sb.Form, spec: sb.Spec, prefix: str, raw: Any, error: str | None) -> BoundField:
    name = f"{prefix}-{spec.key}" if prefix else spec.key
    html_id = sb.field_id(prefix, spec.key) if prefix else f"sb-{spec.key}"
    help_text = spec.help
    kwargs: dict[str, Any] = {}
    if spec.type == "int":
        widget = "number"
        bounds = f"Nombre entier entre {spec.min} et {spec.max}."
        help_text = (help_text + " " + bounds).strip() if spec.min is not None else help_text
    elif spec.type in ("text", "id", "keywords"):
        widget = "text"
        kwargs["maxlength"] = None  # long input stays possible, so the error can say how long it was
        kwargs["wide"] = spec.key in ("description", "note")
    elif spec.type == "bool":
        widget = "checkbox"
    elif spec.type == "tristate":
        widget = "select"
        kwargs["options"] = _options([("1", "oui"), ("0", "non")], raw, empty="— sans condition —")
    elif spec.type == "enum":
        widget = "select"
        kwargs["options"] = _options(list(spec.choices), raw, empty=None if spec.required else "—")
    elif spec.type == "ref":
        widget = "select"
        if spec.required:
            empty = None if str(raw or "") != "" else "— choisir —"
        else:
            empty = "— aucune —"
        kwargs["options"] = _options(sb.ref_options(form, spec.ref), raw, empty=empty)
    elif spec.type == "refs":
        widget = "checks"
        chosen = [str(x) for x in (raw or [])]
        values = sb.ref_options(form, spec.ref)
        known = {v for v, _ in values}
        kwargs["options"] = [
            {"value": v, "label": label, "selected": v in chosen, "id": f"{html_id}-{i}"}
            for i, (v, label) in enumerate(
                values + [(x, f"« {x[:60]} » (introuvable)") for x in chosen if x not in known]
            )
        ]
    else:  # slots
        widget = "slots"
        items = list(raw or [])
        kwargs["slots"] = [
            {
                "name": f"{name}-{i}",
                "id": f"{html_id}-{i}",
                "label": f"{i + 1}{'re' if i == 0 else 'e'}",
                "options": _options(list(spec.choices), items[i] if i < len(items) else "", empty="—"),
            }
            for i in range(max(spec.slots, len(items)))
        ]
    return BoundField(
        key=spec.key,
        name=name,
        html_id=html_id,
        label=spec.label,
        widget=widget,
        value=raw,
        error=error,
        help=help_text,
        required=spec.required,
        **kwargs,
    )


ROW_TITLES = {"p": "Joueur", "o": "Unité"}


def present(form: sb.Form) -> dict:
    """The form as sections of rows of bound fields."""
    meta_fields = [
        bind(form, spec, "", form.meta.get(spec.key, ""), form.meta_errors.get(spec.key))
        for spec in sb.META_SPECS
    ]
    turn_spec = sb.Spec("turn_player", "Joueur dont c'est le tour", "ref", required=True, ref="players")
    turn_field = bind(
        form, turn_spec, "", form.meta.get("turn_player", ""), form.meta_errors.get("turn_player")
    )
    sections: dict[str, list[dict]] = {}
    clock = 0
    for section, rows in form.rows.items():
        out = []
        in_spell = False
        for i, row in enumerate(rows):
            prefix = f"{section}{i}"
            info = {"kind": row.kind, "do": row.kind, "type": row.kind}
            main, advanced = [], []
            for spec in sb.row_specs(section, info):
                bf = bind(form, spec, prefix, row.values.get(spec.key), row.errors.get(spec.key))
                bf.autofocus = form.focus == bf.html_id
                if section == "e" and (spec.key.startswith("cond_") or spec.key == "starts_later"):
                    advanced.append(bf)
                else:
                    main.append(bf)
            title, subtitle, badge = "", "", ""
            if section in ROW_TITLES:
                title = f"{ROW_TITLES[section]} {i + 1}"
                subtitle = str(row.values.get("name") or "")
            elif section == "e":
                kind = sb.KINDS[row.kind]
                later = bool(row.values.get("starts_later"))
                if kind.category == "continuous" and not later:
                    if not (row.values.get("same_time") and clock):
                        clock += 1
                    badge = f"t{clock}"
                else:
                    badge = "plus tard" if later else ""
                title = kind.label
                subtitle = str(row.values.get("label") or "")
            elif section == "a":
                title = f"Action {i + 1} · {ACTIONS[row.kind][0]}"
                if row.kind == "resolve":
                    in_spell = True
                elif row.values.get("in_spell") and in_spell:
                    title = f"Instruction {i + 1} · {ACTIONS[row.kind][0]}"
                else:
                    in_spell = False
            else:
                title = f"Choix {i + 1} · {sb.CHOICE_LABELS[row.kind]}"
            advanced_open = any(bf.error for bf in advanced) or any(
                (bf.value not in ("", None, False)) for bf in advanced
            )
            out.append(
                {
                    "prefix": prefix,
                    "id": row.id,
                    "kind": row.kind,
                    "index": i,
                    "title": title,
                    "subtitle": subtitle,
                    "badge": badge,
                    "fields": main,
                    "advanced": advanced,
                    "advanced_open": advanced_open,
                    "row_error": row.row_error,
                    "is_step": section == "a" and bool(row.values.get("in_spell")),
                    "focus_up": form.focus == f"sb-{prefix}-up",
                    "focus_down": form.focus == f"sb-{prefix}-down",
                    "has_errors": bool(row.errors or row.row_error),
                }
            )
        sections[section] = out
    errors = []
    for key, message in form.meta_errors.items():
        errors.append({"href": f"#sb-{key}", "text": message})
    for section, message in form.section_errors.items():
        errors.append({"href": f"#sb-section-{section}", "text": message})
    for section, rows in form.rows.items():
        for i, row in enumerate(rows):
            for key, message in row.errors.items():
                errors.append(
                    {
                        "href": "#" + sb.field_id(f"{section}{i}", key),
                        "text": f"{sb.SECTION_NAMES[section].capitalize()} {i + 1} : {message}",
                    }
                )
            if row.row_error:
                errors.append(
                    {
                        "href": f"#sb-{section}{i}",
                        "text": f"{sb.SECTION_NAMES[section].capitalize()} {i + 1} : {row.row_error}",
                    }
                )
    return {
        "meta_fields": meta_fields,
        "turn_field": turn_field,
        "sections": sections,
        "section_errors": form.section_errors,
        "errors": errors,
        "kinds": [(name, kind.label) for name, kind in KINDS.items()],
        "actions": [(name, label) for name, (label, _params) in ACTIONS.items()],
        "focus": form.focus,
        "limits": {
            "players": sb.MAX_PLAYERS,
            "objects": sb.MAX_OBJECTS,
            "effects": sb.MAX_EFFECTS,
            "actions": sb.MAX_ACTIONS,
            "choices": sb.MAX_CHOICES,
            "name": sb.MAX_NAME,
            "label": sb.MAX_LABEL,
            "keywords": sb.MAX_KEYWORDS,
        },
    }


# --------------------------------------------------------------------------- views


def _load_example(slug: str) -> tuple[sb.Form, str | None, int]:
    example = WorkedExample.objects.filter(slug=slug[:80]).first()
    if example is None:
        return sb.empty_form(), f"Aucun exemple commenté ne porte l'identifiant « {slug[:80]} ».", 404
    try:
        data = dict(player.parse_scenario(example.scenario))
    except engine.ScenarioError as exc:
        return sb.empty_form(), f"Cet exemple ne peut pas être ouvert : {exc.message}", 400
    data.pop("expect", None)
    form = sb.form_from_scenario(data)
    return form, None, 200


def _summary(outcome: sb.Outcome) -> str:
    if outcome.form.has_errors():
        count = len(present_errors(outcome.form))
        return f"La situation contient {count} erreur{'s' if count > 1 else ''} à corriger."
    if outcome.engine_error:
        return "Le moteur refuse cette situation : " + outcome.engine_error
    if outcome.result:
        lines = player.summary(player.branches(outcome.result)[0], outcome.result)
        return "Résultat mis à jour. " + " ".join(lines)
    return "Situation valide. Appuyez sur « Lancer » pour la résoudre."


def present_errors(form: sb.Form) -> list:
    return (
        [1 for _ in form.meta_errors]
        + [1 for _ in form.section_errors]
        + [
            1
            for rows in form.rows.values()
            for r in rows
            for _ in list(r.errors) + ([1] if r.row_error else [])
        ]
    )


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def sandbox(request: HtmxHttpRequest):
    status = 200
    load_error = None
    run = False
    query: Any = {}
    if request.method == "POST":
        form = sb.form_from_post(request.POST)
        op = str(request.POST.get("op", ""))
        sb.apply_op(form, op, request.POST)
        run = op == "run" or request.POST.get("lance") == "1"
    elif "s" in request.GET:
        query = request.GET
        try:
            form = sb.form_from_scenario(sb.decode(request.GET.get("s", "")))
            run = True
        except sb.ShareCodeError as exc:
            form, load_error, status = sb.empty_form(), exc.message, 400
    elif "exemple" in request.GET:
        form, load_error, status = _load_example(request.GET.get("exemple", ""))
        run = load_error is None
    else:
        form = sb.empty_form()
    outcome = sb.evaluate(form, run=run)
    if request.method == "POST" and str(request.POST.get("op", "")) == "run":
        form.focus = "sb-errors" if form.has_errors() else "sb-result-title"
    if status == 200 and (form.has_errors() or outcome.engine_error):
        status = 400
    base_url = reverse("sandbox:sandbox")
    context: dict[str, Any] = {
        **present(form),
        "outcome": outcome,
        "load_error": load_error,
        "notices": form.notices,
        "ran": run,
        "status_text": _summary(outcome),
        "share_url": request.build_absolute_uri(f"{base_url}?s={outcome.code}") if outcome.code else None,
        "export_url": f"{reverse('sandbox:export')}?s={outcome.code}" if outcome.code else None,
        "yaml": sb.to_yaml(outcome.data) if outcome.data else None,
        "player_html": None,
        "workspace_id": WORKSPACE_ID,
        "new_kind": request.POST.get("new_kind", "") if request.method == "POST" else "",
        "new_action": request.POST.get("new_action", "") if request.method == "POST" else "",
    }
    player_context = None
    if outcome.result and outcome.data:
        try:
            player_context, player_status = player.player_context(
                result=outcome.result,
                data=outcome.data,
                scenario_hash=sb.scenario_hash(outcome.data),
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
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        if request.htmx.target == PLAYER_ID and player_context is not None:
            return render(request, "examples/_player.html", context, status=status)
        response = render(request, "sandbox/sandbox.html#workspace", context, status=status)
        if outcome.code and request.method == "POST":
            response["HX-Replace-Url"] = f"{base_url}?s={outcome.code}"
        return response
    return render(request, "sandbox/sandbox.html", context, status=status)


@require_GET
def sandbox_export(request: HttpRequest):
    """The scenario file (YAML) of a share code, as a download an editor pastes into the admin."""
    try:
        form = sb.form_from_scenario(sb.decode(request.GET.get("s", "")))
    except sb.ShareCodeError as exc:
        return HttpResponse(exc.message, status=400, content_type="text/plain; charset=utf-8")
    outcome = sb.evaluate(form, run=False)
    if outcome.data is None:
        message = (
            outcome.engine_error or "Cette situation contient des erreurs : corrigez-les dans le bac à sable."
        )
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")
    name = slugify(outcome.data["title"])[:60] or "situation"
    response = HttpResponse(sb.to_yaml(outcome.data), content_type="application/x-yaml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.yaml"'
    return response
