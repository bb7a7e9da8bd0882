"""Pages players read: home, FAQ, guides and reference cards."""

from __future__ import annotations

from django.db.models import Prefetch, Q
from django.http import HttpRequest
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from examples.models import WorkedExample
from examples.views import embedded_players

from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404
from django.shortcuts import redirect

from . import citations
from .choices import CURRENT_RULES_VERSION, Chapter
from .models import Card, Category, FAQEntry, Guide, GuideSection, RuleCitation, RuleSection


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
    entry = get_object_or_404(FAQEntry.objects.for_page(), slug=slug)
    return render(request, "rules/faq-detail.html", {
        "entry": entry,
        "cited": cited_rules(entry.rules),
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


# --- the rules reference ------------------------------------------------------------------------------------


def cited_rules(numbers) -> list[dict]:
    """Each cited number with its link and summary, for the « Règles citées » list of a page."""
    index = citations.get_index()
    rows = []
    for number in dict.fromkeys(filter(None, (citations.parse(n) for n in numbers or []))):
        found = index.summary_for(number)
        rows.append({"number": number, "url": f"/regles/{number}/", "summary": found[1] if found else ""})
    return rows


@require_GET
def rules_index(request: HttpRequest):
    sections = list(RuleSection.objects.only("slug", "title", "english_title", "chapter", "order", "covers",
                                             "summary", "checked_version"))
    chapters = []
    for value, label in Chapter.choices:
        items = [section for section in sections if section.chapter == value]
        if items:
            chapters.append({"slug": value, "label": label, "sections": items})
    return render(request, "rules/rules-index.html", {"chapters": chapters, "version": CURRENT_RULES_VERSION})


def citing(section: RuleSection, relation: str):
    condition = Q()
    for first, last in section.covers:
        condition |= Q(top__gte=first, top__lte=last)
    return RuleCitation.objects.filter(condition, **{f"{relation}__isnull": False}).values_list(relation, flat=True)


@require_GET
def rule_section(request: HttpRequest, slug: str):
    section = get_object_or_404(RuleSection.objects.prefetch_related("terms", "examples"), slug=slug)
    entries = FAQEntry.objects.filter(pk__in=citing(section, "faq")).by_category()
    guide_sections = (GuideSection.objects.filter(pk__in=citing(section, "section"))
                      .select_related("guide").order_by("guide__order", "order"))
    terms = {term.pk: term for term in section.terms.all()}
    from glossary.models import Term

    for term in Term.objects.filter(pk__in=citing(section, "term")):
        terms.setdefault(term.pk, term)
    examples = {example.pk: example for example in section.examples.all()}
    for entry in entries.prefetch_related("examples"):
        for example in entry.examples.all():
            examples.setdefault(example.pk, example)
    siblings = list(RuleSection.objects.filter(chapter=section.chapter).only("slug", "title", "order"))
    position = next(i for i, other in enumerate(siblings) if other.pk == section.pk)
    all_sections = list(RuleSection.objects.only("slug", "title", "order"))
    overall = next(i for i, other in enumerate(all_sections) if other.pk == section.pk)
    return render(request, "rules/rule-section.html", {
        "section": section,
        "chapter_label": Chapter(section.chapter).label,
        "entries": entries,
        "guide_sections": guide_sections,
        "terms": sorted(terms.values(), key=lambda term: term.name.casefold()),
        "examples": list(examples.values()),
        "previous": all_sections[overall - 1] if overall > 0 else None,
        "next": all_sections[overall + 1] if overall + 1 < len(all_sections) else None,
        "siblings": siblings if len(siblings) > 1 else [],
        "position": position,
    })


@require_GET
def rule_number(request: HttpRequest, number: str):
    """``/regles/459.2.a/`` → the section that explains rule 459, at that rule's line when it has one."""
    parsed = citations.parse(number)
    url = parsed and citations.get_index().url_for(parsed)
    if not url:
        raise Http404(f"Aucune section des règles n'explique la règle « {number[:20]} ».")
    return redirect(url)


@staff_member_required
@require_GET
def editors_versions(request: HttpRequest):
    """For editors: every text not yet checked against the current edition of the Core Rules."""
    def outdated(queryset):
        return queryset.exclude(checked_version=CURRENT_RULES_VERSION)

    return render(request, "rules/editors-versions.html", {
        "version": CURRENT_RULES_VERSION,
        "groups": [
            ("Questions de la FAQ", outdated(FAQEntry.objects.by_category())),
            ("Guides", outdated(Guide.objects.all())),
            ("Sections des règles", outdated(RuleSection.objects.all())),
        ],
    })
