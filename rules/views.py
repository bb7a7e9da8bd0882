"""Pages players read: home, FAQ, guides and reference cards."""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from examples.models import WorkedExample
from examples.views import embedded_players

from .models import Card, Category, FAQEntry, Guide, GuideSection


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
