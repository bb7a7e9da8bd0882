"""Pages players read: home, FAQ, guides, reference cards and search."""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from . import player
from . import search as site_search
from .models import Card, Category, FAQEntry, Guide, GuideSection, WorkedExample


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_GET
def home(request: HttpRequest):
    categories = Category.objects.prefetch_related(
        Prefetch("entries", queryset=FAQEntry.objects.order_by("order", "question"))
    )
    featured = FAQEntry.objects.filter(featured=True).select_related("category")[:6]
    examples = WorkedExample.objects.filter(faq_entries__featured=True).distinct().order_by("topic", "order")[:4]
    return render(request, "rules/home.html", {
        "categories": categories,
        "featured": featured,
        "examples": examples,
        "guides": Guide.objects.all(),
    })


@require_GET
def faq_index(request: HttpRequest):
    categories = Category.objects.prefetch_related(
        Prefetch("entries", queryset=FAQEntry.objects.order_by("order", "question"))
    )
    return render(request, "rules/faq-index.html", {"categories": categories})


@require_GET
def faq_detail(request: HttpRequest, slug: str):
    entry = get_object_or_404(
        FAQEntry.objects.select_related("category").prefetch_related("cards", "related", "examples"), slug=slug
    )
    return render(request, "rules/faq-detail.html", {
        "entry": entry,
        "players": embedded_players(request, entry.examples.all()),
    })


@require_GET
def guide_index(request: HttpRequest):
    return render(request, "rules/guide-index.html", {"guides": Guide.objects.prefetch_related("sections")})


@require_GET
def guide_detail(request: HttpRequest, slug: str):
    guide = get_object_or_404(
        Guide.objects.prefetch_related(
            Prefetch("sections", queryset=GuideSection.objects.order_by("order").prefetch_related("examples"))
        ),
        slug=slug,
    )
    for section in guide.sections.all():
        section.players = embedded_players(request, section.examples.all())
    return render(request, "rules/guide-detail.html", {"guide": guide, "guides": Guide.objects.all()})


@require_GET
def card_index(request: HttpRequest):
    return render(request, "rules/card-index.html", {"cards": Card.objects.all()})


@require_GET
def card_detail(request: HttpRequest, slug: str):
    card = get_object_or_404(Card, slug=slug)
    return render(request, "rules/card-detail.html", {
        "card": card,
        "entries": card.faq_entries.select_related("category"),
    })


@require_GET
@vary_on_headers("HX-Request")
def search_view(request: HtmxHttpRequest):
    query = request.GET.get("q", "")
    too_long = len(query) > site_search.MAX_QUERY_LENGTH
    terms = site_search.query_terms(query)
    hits = site_search.search(query) if terms else []
    context = {"query": query[: site_search.MAX_QUERY_LENGTH], "hits": hits, "terms": terms,
               "too_long": too_long, "searched": bool(query.strip())}
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        return render(request, "rules/search.html#results", context)
    return render(request, "rules/search.html", context)


# --- worked examples: the example player ------------------------------------------------------------------


def embedded_players(request: HttpRequest, examples) -> list[str]:
    """The live example player of each example, at its first step, ready to drop into a page."""
    rendered = []
    for example in examples:
        context, _ = example_context(example, embedded=True)
        rendered.append(render_to_string("rules/_player.html", context, request))
    return rendered


@require_GET
def example_index(request: HttpRequest):
    topics = []
    examples = list(WorkedExample.objects.order_by("topic", "order", "title"))
    for value, label in WorkedExample.Topic.choices:
        items = [example for example in examples if example.topic == value]
        if items:
            topics.append({"slug": value, "label": label, "examples": items})
    return render(request, "rules/example-index.html", {"topics": topics})


def example_context(example: WorkedExample, query=None, embedded: bool = False) -> tuple[dict, int]:
    """The player for a stored worked example (its result was computed on save)."""
    context, status = player.player_context(
        result=example.result,
        data=player.parse_scenario(example.scenario),
        scenario_hash=example.scenario_hash,
        query=query or {},
        base_url=example.get_absolute_url(),
        player_id=f"player-{example.slug}",
        title=example.title,
        embedded=embedded,
    )
    context["example"] = example
    return context, status


@require_GET
@vary_on_headers("HX-Request")
def example_detail(request: HtmxHttpRequest, slug: str):
    example = get_object_or_404(WorkedExample, slug=slug)
    context, status = example_context(example, request.GET, embedded=request.GET.get("integre") == "1")
    context["faq_entries"] = example.faq_entries.all()
    context["guide_sections"] = example.guide_sections.select_related("guide")
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        return render(request, "rules/_player.html", context, status=status)
    return render(request, "rules/example-detail.html", context, status=status)


@require_GET
def example_api(request: HttpRequest, slug: str):
    example = WorkedExample.objects.filter(slug=slug).first()
    if example is None:
        return JsonResponse({"erreur": f"Aucun exemple commenté ne porte l'identifiant « {slug} »."}, status=404,
                            json_dumps_params={"ensure_ascii": False})
    payload = {
        "version": 1,
        "slug": example.slug,
        "title": example.title,
        "topic": example.topic,
        "description": example.description,
        "url": request.build_absolute_uri(example.get_absolute_url()),
        "result": example.result,
    }
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
