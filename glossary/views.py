"""Glossary pages: every term from A to Z, and one page per term."""

from __future__ import annotations

import string
from itertools import groupby

from django.db.models import Q
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from rules.models import Card, FAQEntry, Guide, GuideSection

from .models import Term, sort_key

MAX_QUERY_LENGTH = 100


def matches(term: Term, query: str) -> bool:
    haystack = sort_key(" ".join([term.name, term.english_name, *term.form_list]))
    return all(word in haystack for word in query.split())


@require_GET
def index(request: HttpRequest):
    """Every term, A to Z. ``?q=`` hides the terms that do not match (the filter box without JavaScript);
    all terms stay in the page so that the script can widen the filter again as the player types."""
    query = request.GET.get("q", "")[:MAX_QUERY_LENGTH].strip()
    needle = sort_key(query)
    terms = sorted(Term.objects.all(), key=lambda term: sort_key(term.name))
    for term in terms:
        term.shown = matches(term, needle) if needle else True
    groups = []
    for letter, items in groupby(terms, key=lambda term: term.letter):
        items = list(items)
        groups.append({"letter": letter, "terms": items, "shown": any(term.shown for term in items)})
    exists = {group["letter"]: group["shown"] for group in groups}
    letters = [{"letter": letter, "exists": letter in exists, "shown": exists.get(letter, False)}
               for letter in string.ascii_uppercase]
    count = sum(term.shown for term in terms)
    return render(request, "glossary/index.html", {
        "query": query,
        "groups": groups,
        "letters": letters,
        "count": count,
        "total": len(terms),
    })


def linking_texts(term: Term) -> dict[str, list]:
    """The FAQ entries, guides, cards and other terms whose stored text links ``term``."""
    marker = f'href="{term.get_absolute_url()}"'

    def having(model, fields):
        condition = Q()
        for field in fields:
            condition |= Q(**{f"{field}__contains": marker})
        return model.objects.filter(condition)

    sections = having(GuideSection, ["body_html"]).select_related("guide").order_by("guide__order", "order")
    guide_ids = set(having(Guide, ["intro_html"]).values_list("pk", flat=True))
    guides: dict[int, dict] = {}
    for guide in Guide.objects.filter(Q(pk__in=guide_ids) | Q(sections__in=sections)).distinct():
        guides[guide.pk] = {"guide": guide, "sections": []}
    for section in sections:
        guides[section.guide_id]["sections"].append(section)
    return {
        "faq": list(having(FAQEntry, ["short_answer_html", "explanation_html", "example_html"])
                    .select_related("category")),
        "guides": list(guides.values()),
        "cards": list(having(Card, ["rules_html", "attached_html", "notes_html"])),
        "terms": sorted(having(Term, ["explanation_html"]).exclude(pk=term.pk),
                        key=lambda other: sort_key(other.name)),
    }


@require_GET
def detail(request: HttpRequest, slug: str):
    term = get_object_or_404(Term.objects.prefetch_related("related"), slug=slug)
    appearances = linking_texts(term)
    return render(request, "glossary/detail.html", {
        "term": term,
        "related": sorted(term.related.all(), key=lambda t: sort_key(t.name)),
        "appearances": appearances,
        "appears_anywhere": any(appearances.values()),
    })
