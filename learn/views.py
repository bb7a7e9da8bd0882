"""/debuter/ (the way in for a new player) and /entrainement/ (questions graded by the rules engine)."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from examples import player
from examples.models import WorkedExample
from glossary.models import Term
from riftpal.fragments import fragment
from rules.models import FAQEntry, Guide, RuleSection

from . import path, questions
from .forms import AnswerForm

SUBMITTED = "repondu"  # marks a submitted answer in the query string (an empty checkbox list sends nothing)


def _titles(model, field: str, slugs: set[str]) -> dict[str, str]:
    return dict(model.objects.filter(slug__in=slugs).values_list("slug", field))


def _start_steps() -> str:
    steps = path.rendered_steps()
    wanted = {kind: set() for kind in path.LINK_KINDS}
    for step in steps:
        for kind in path.LINK_KINDS:
            wanted[kind].update(step[kind])
    titles = {
        "faq": _titles(FAQEntry, "question", wanted["faq"]),
        "rules": _titles(RuleSection, "title", wanted["rules"]),
        "terms": _titles(Term, "name", wanted["terms"]),
        "examples": _titles(WorkedExample, "title", wanted["examples"]),
        "guides": _titles(Guide, "title", wanted["guides"]),
    }
    for step in steps:
        # A slug whose page is missing (an editor deleted it) is left out rather than linked to a 404.
        step["links"] = {kind: [(slug, titles[kind][slug]) for slug in step[kind] if slug in titles[kind]]
                         for kind in path.LINK_KINDS}
    return render_to_string("learn/_steps.html", {"steps": steps})


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
def practice_index(request: HttpRequest):
    catalogue = questions.catalogue()
    return render(request, "learn/practice-index.html", {
        "areas": catalogue.areas(),
        "count": len(catalogue),
        "kinds": questions.KIND_LABELS,
    })


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
    example = get_object_or_404(WorkedExample, slug=item.example_slug)
    submitted = SUBMITTED in request.GET
    form = AnswerForm(item, request.GET if submitted else None)
    data = player.parse_scenario(example.scenario)
    try:
        result = questions.result_of(item, example)
    except player.VariantError:
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
        available = player.available_switches(data)
        query = player.variant_query(dict(item.changes), available)
        context.update({
            "correct": given == right,
            "given_text": questions.answer_text(item, given),
            "right_text": questions.answer_text(item, right),
            "player_url": f"{example.get_absolute_url()}?{query + '&' if query else ''}etape={step}"
                          f"#player-{example.slug}",
            "rules": questions.rules_cited(result),
            "why": questions.why_lines(item, result),
            "summary": player.summary(result["outcomes"][0] if result.get("outcomes") else result, result, data),
        })
    elif submitted:
        status = 400
    return render(request, "learn/question.html", context, status=status)
