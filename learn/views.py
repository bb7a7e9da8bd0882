"""/debuter/ (the way in for a new player) and /entrainement/ (questions graded by the rules engine)."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from core.fragments import fragment
from engine.stored import StoredResult
from glossary.models import Term
from rules.models import FAQEntry, Guide, RuleSection
from worked_examples import computing, player, steps, summary, whatif
from worked_examples.models import WorkedExample

from . import first_game, path, permis, questions
from .forms import AnswerForm, PracticeFilter

# A link to a step of the player by the number it shows (its place in the trace, from 1).
TRACE_INDEX = player.TRACE_INDEX
SUBMITTED = "repondu"  # marks a submitted answer in the query string (an empty checkbox list sends nothing)


def _titles(model, field: str, slugs: set[str]) -> dict[str, str]:
    return dict(model.objects.filter(slug__in=slugs).values_list("slug", field))


def _start_steps() -> str:
    path_steps = path.rendered_steps()
    wanted = {kind: set() for kind in path.LINK_KINDS}
    for step in path_steps:
        for kind in path.LINK_KINDS:
            wanted[kind].update(step[kind])
    titles = {
        "faq": _titles(FAQEntry, "question", wanted["faq"]),
        "rules": _titles(RuleSection, "title", wanted["rules"]),
        "terms": _titles(Term, "name", wanted["terms"]),
        "examples": _titles(WorkedExample, "title", wanted["examples"]),
        "guides": _titles(Guide, "title", wanted["guides"]),
    }
    game = first_game.example()
    game_data = computing.parse_scenario(game.scenario) if game else {}
    for step in path_steps:
        # Each step opens the moment of the whole first game that shows it (or the game's start).
        if game:
            index = first_game.moment_index(game_data, game.result or {}, step["slug"])
            query = f"?{TRACE_INDEX}={steps.step_number(index)}" if index else ""
            step["first_game_url"] = f"{reverse('learn:first_game')}{query}#{first_game.PLAYER_ID}"
    for step in path_steps:
        # A slug whose page is missing (an editor deleted it) is left out rather than linked to a 404.
        step["links"] = {kind: [(slug, titles[kind][slug]) for slug in step[kind] if slug in titles[kind]]
                         for kind in path.LINK_KINDS}
    return render_to_string("learn/_steps.html", {"steps": path_steps})


@require_GET
def start(request: HttpRequest):
    content = path.source()
    return render(request, "learn/start.html", {
        "title": content["title"],
        "lead": content["lead"],
        "toc": [(step["slug"], step["title"]) for step in content["steps"]],
        "steps_html": fragment("learn-start", ("debuter",), _start_steps),
    })


@require_GET
@vary_on_headers("HX-Request")
def first_game_page(request: HttpRequest):
    """The whole first game in the example player, with the story of each turn beside it."""
    example = first_game.example()
    if example is None:
        raise Http404("La première partie n'est pas chargée.")
    base_url = reverse("learn:first_game")
    data = computing.parse_scenario(example.scenario)
    context, status = player.player_context(
        result=example.current_result(), data=data, scenario_hash=example.scenario_hash, query=request.GET,
        base_url=base_url, player_id=first_game.PLAYER_ID, title=example.title)
    context["example"] = example
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.boosted and not htmx.history_restore_request:
        response = render(request, "examples/_player.html", context, status=status)
        # A moment of the story opens its step in place: the address bar shows that step's own address.
        response["HX-Replace-Url"] = context["permalink"]
        return response
    if TRACE_INDEX in request.GET and status == 200:
        return redirect(context["permalink"] + "#" + first_game.PLAYER_ID)
    turns = first_game.story(data, example.result)
    for turn in turns:
        for moment in turn["moments"]:
            moment["url"] = f"{base_url}?etape={steps.step_number(moment['index'])}"
    context.update({"turns": turns, "player_anchor": first_game.PLAYER_ID})
    return render(request, "learn/first-game.html", context, status=status)


@require_GET
def practice_index(request: HttpRequest):
    """Every question, grouped by theme; a theme, a kind or a level narrows the list (a plain GET form)."""
    catalogue = questions.catalogue()
    areas = catalogue.areas()
    form = PracticeFilter(areas, request.GET or None)
    filtered = form.is_bound and form.is_valid() and any(form.cleaned_data.values())
    shown = []
    for area in areas:
        kept = [(n, q) for n, q in area["questions"] if not filtered or form.keep(area, q)]
        if kept:
            shown.append({**area, "questions": kept, "total": len(area["questions"])})
    return render(request, "learn/practice-index.html", {
        "areas": shown,
        "count": len(catalogue),
        "form": form,
        "filtered": filtered,
        "shown_count": sum(len(area["questions"]) for area in shown),
    }, status=400 if form.errors else 200)


@require_GET
@never_cache
def question_of_the_day(request: HttpRequest):
    catalogue = questions.catalogue()
    if not len(catalogue):
        raise Http404("Aucune question pour l'instant.")
    today = catalogue.of_the_day(timezone.localdate())
    return redirect("learn:question", slug=today.slug)


@require_GET
@never_cache  # a new set each day
def judge(request: HttpRequest):
    catalogue = questions.catalogue()
    return render(request, "learn/judge.html", {"questions": catalogue.judge_set(timezone.localdate())})


def _following(catalogue, question):
    """The next question of the same area (the first one after the last)."""
    same_area = [q for q in catalogue.questions if q.area == question.area]
    return same_area[(same_area.index(question) + 1) % len(same_area)]


@require_GET
def question(request: HttpRequest, slug: str):
    catalogue = questions.catalogue()
    item = catalogue.get(slug)
    if item is None:
        raise Http404("Cette question n'existe pas.")
    submitted = SUBMITTED in request.GET
    form = AnswerForm(item, request.GET if submitted else None)
    if not item.kind_of.from_example:
        return _allowed(request, catalogue, item, form, submitted)
    example = get_object_or_404(WorkedExample, slug=item.example_slug)
    data = computing.parse_scenario(example.scenario)
    try:
        result = StoredResult.from_dict(questions.result_of(item, example))  # read once, typed
    except computing.VariantError:
        raise Http404("Le moteur refuse cette variante.") from None
    context = {"question": item, "example": example, "form": form, "submitted": submitted,
               "next": _following(catalogue, item), "submitted_marker": SUBMITTED,
               "number": catalogue.numbers[item.slug],
               "situation": questions.situation_lines(questions.situation_data(item, data), result)}
    status = 200
    if submitted and form.is_valid():
        right = questions.expected(item, result, data)
        given = form.answer()
        step = questions.step_of(item, result)
        available = whatif.available_switches(data)
        query = whatif.variant_query(dict(item.changes), available)
        context.update({
            "correct": given == right,
            "given_text": questions.answer_text(item, given),
            "right_text": questions.answer_text(item, right),
            "player_url": f"{example.get_absolute_url()}?{query + '&' if query else ''}{TRACE_INDEX}="
                          f"{step if step == player.LAST_STEP else steps.step_number(step)}#player-{example.slug}",
            "rules": questions.rules_cited(result),
            "why": questions.why_lines(item, result),
            "summary": summary.summary(result.branches[0], result, data),
        })
    elif submitted:
        status = 400
    return render(request, "learn/question.html", context, status=status)


def _allowed(request: HttpRequest, catalogue, item, form, submitted: bool):
    """« Ce coup est-il permis ? »: the engine tries the move in the situation; its refusal is the reason."""
    situation, change = questions.allowed_situation(item)
    data = permis.scenario_of(situation, change)
    lines = questions.situation_lines(data, {"trace": permis.action_steps(situation, change)})
    context = {"question": item, "form": form, "submitted": submitted, "submitted_marker": SUBMITTED,
               "next": _following(catalogue, item), "number": catalogue.numbers[item.slug], "situation": lines}
    status = 200
    if submitted and form.is_valid():
        verdict = permis.judge(situation, change)
        given = form.answer()
        context.update({
            "correct": given == verdict.answer,
            "given_text": questions.answer_text(item, given),
            "right_text": questions.answer_text(item, verdict.answer),
            "allowed_verdict": verdict,
            "rules": list(verdict.rules),
            "why": list(verdict.steps),
        })
    elif submitted:
        status = 400
    return render(request, "learn/question.html", context, status=status)
