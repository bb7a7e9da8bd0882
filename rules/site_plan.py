"""The HTML site plan (/plan-du-site/): every part of the site, grouped, with counts where lists are long."""

from __future__ import annotations

from django.db.models import Count, Prefetch
from django.http import HttpRequest
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cards.models import Card
from glossary.models import Term
from worked_examples.models import WorkedExample

from .choices import Chapter
from .models import Category, FAQEntry, Guide, RuleSection


@require_GET
def site_plan(request: HttpRequest):
    sections = list(RuleSection.objects.only("slug", "title", "chapter", "order"))
    chapters = []
    for value, label in Chapter.choices:
        items = [section for section in sections if section.chapter == value]
        if items:
            chapters.append({"slug": value, "label": label, "sections": items})
    categories = Category.objects.prefetch_related(
        Prefetch("entries", queryset=FAQEntry.objects.only("slug", "question", "category_id")
                 .order_by("order", "question", "pk"))
    ).annotate(count=Count("entries")).order_by("order", "name", "pk")  # GROUP BY ignores Meta.ordering
    examples = list(WorkedExample.objects.only("slug", "title", "topic").order_by("topic", "order", "title"))
    topics = []
    for value, label in WorkedExample.Topic.choices:
        items = [example for example in examples if example.topic == value]
        if items:
            topics.append({"slug": value, "label": label, "examples": items})
    letters = sorted({term.letter for term in Term.objects.only("name")})
    return render(request, "rules/site-plan.html", {
        "chapters": chapters,
        "section_count": len(sections),
        "categories": categories,
        "entry_count": sum(category.count for category in categories),
        "guides": Guide.objects.only("slug", "title", "summary"),
        "letters": letters,
        "term_count": Term.objects.count(),
        "topics": topics,
        "example_count": len(examples),
        "card_count": Card.objects.count(),
    })
