"""Pages players read: home, FAQ, guides, reference cards and search."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails
from django.http import HttpRequest

from . import search as site_search
from .models import Card, Category, FAQEntry, Guide, GuideSection


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_GET
def home(request: HttpRequest):
    categories = Category.objects.prefetch_related(
        Prefetch("entries", queryset=FAQEntry.objects.order_by("order", "question"))
    )
    featured = FAQEntry.objects.filter(featured=True).select_related("category")[:6]
    return render(request, "rules/home.html", {
        "categories": categories,
        "featured": featured,
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
    return render(request, "rules/faq-detail.html", {"entry": entry})


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
