"""The card pages: the gallery (/cartes/, filters as a form, results as an htmx partial) and one page per card."""

from __future__ import annotations

import re

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from core.htmx import HtmxHttpRequest, wants_fragment
from glossary.models import Term

from . import mentions, rules_notes
from .catalog import catalog
from .forms import GalleryForm
from .models import Card

PER_PAGE = 48
# The placeholder cards' former addresses (/cartes/<slug>/) and the cards they were.
FORMER_SLUGS = {
    "boots-of-swiftness": "SFD-133", "guardian-angel": "SFD-051", "tactical-retreat": "UNL-175",
    "fiora-victorious": "OGN-232", "soraka": "SFD-173", "gangplank": "VEN-086", "gustwalker": "UNL-075",
}
NUMBER = re.compile(r"^[a-z]{2,4}-[a-z0-9*]{1,6}$")


@require_GET
@vary_on_headers("HX-Request")
def gallery(request: HtmxHttpRequest):
    form = GalleryForm(request.GET or None)
    status = 200
    if form.is_bound and not form.is_valid():
        status = 400
    cards = Card.objects.for_gallery().filtered(**form.filters()) if status == 200 else Card.objects.none()
    page = Paginator(cards, PER_PAGE).get_page(request.GET.get("page"))
    context = {"form": form, "page": page, "page_range": page.paginator.get_elided_page_range(page.number)}
    template = "cards/gallery.html#results" if wants_fragment(request) else "cards/gallery.html"
    return render(request, template, context, status=status)


def rule_url(number: str) -> str | None:
    try:
        return reverse("rules:rule_number", args=[number])
    except NoReverseMatch:
        return None


def keywords_of(card: Card) -> list[dict]:
    """Each keyword of the card with its French name, its number, its glossary term and its rules."""
    rows = list(card.keyword_set.all())
    terms = {term.english_name.casefold(): term
             for term in Term.objects.filter(english_name__in=[row.name for row in rows])}
    found = []
    for row in rows:
        term = terms.get(row.name.casefold())
        note = rules_notes.keyword_note(row.name, row.number)
        number = f" {row.number}" if row.number is not None else ""
        rules = list(note.rules if note else (term.rules if term else []))
        found.append({
            "english": f"{row.name}{number}", "french": f"{term.name}{number}" if term else "",
            "term": term, "note": note, "rules": [(n, rule_url(n)) for n in rules],
        })
    return found


@require_GET
def card_detail(request: HttpRequest, number: str):
    card = (Card.objects.prefetch_related("printings", "errata", "keyword_set")
            .select_related("explanation").filter(pk=number.upper()).first())
    if card is None or number != number.lower():
        target = card.id if card else moved_to(number)
        if target:
            return redirect("cards:detail", target.lower(), permanent=True)
        raise Http404("Aucune carte ne porte ce numéro ni ce nom.")
    keywords = keywords_of(card)
    notes = [keyword["note"] for keyword in keywords if keyword["note"]]
    type_note = None if notes else rules_notes.type_note(card.card_type)
    explanation = getattr(card, "explanation", None)
    return render(request, "cards/card-detail.html", {
        "card": card,
        "keywords": keywords,
        "notes": notes,
        "type_note": type_note,
        "explanation": explanation,
        "mentions": mentions.mentions(card, [keyword["term"] for keyword in keywords if keyword["term"]]),
    })


def moved_to(number: str) -> str | None:
    """The card an old address means: a former placeholder's slug, any printing's code, or a name's slug."""
    slug = number.lower()
    if slug in FORMER_SLUGS:
        return FORMER_SLUGS[slug]
    found = catalog().resolve(slug) if NUMBER.match(slug) else None
    found = found or catalog().find_name(slug.replace("-", " "))
    return found if found and Card.objects.filter(pk=found).exists() else None
