"""Pages players read: home, FAQ, guides and the rules reference (the cards are the cards app's)."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from glossary.models import Term
from worked_examples.models import WorkedExample
from worked_examples.views import embedded_cards, embedded_players

from . import changes, citations, editions, reference_index
from .choices import CURRENT_RULES_VERSION, OFFICIAL_RULES_URL, RULES_VERSION_NAMES, Chapter
from .models import Category, FAQEntry, Guide, GuideSection, RuleCitation, RuleSection


@require_GET
def home(request: HttpRequest):
    # Counts, not rows: the home page stays the same size whatever the number of entries.
    # A GROUP BY query ignores Meta.ordering: the order is explicit, or each database picks its own.
    categories = Category.objects.with_counts()
    featured = FAQEntry.objects.filter(featured=True).select_related("category")[:6]
    examples = WorkedExample.objects.filter(faq_entries__featured=True).distinct().order_by("topic", "order")[:4]
    return render(request, "rules/home.html", {
        "categories": categories,
        "featured": featured,
        "examples": examples,
        "guides": Guide.objects.all(),
    })


FAQ_FIRST_PER_CATEGORY = 6
FAQ_PER_PAGE = 40


@require_GET
def faq_index(request: HttpRequest):
    """Every theme with its first questions and a link to the rest: ``?categorie=<slug>&page=<n>`` lists one
    theme, a page at a time. The page stays the same size however many questions the FAQ holds."""
    slug = request.GET.get("categorie")
    if slug:
        categories = list(Category.objects.with_counts())
        category = next((item for item in categories if item.slug == slug), None)
        if category is None:
            raise Http404("Ce thème de la FAQ n'existe pas.")
        page = Paginator(FAQEntry.objects.filter(category=category).order_by("order", "question", "pk")
                         .only("slug", "question"), FAQ_PER_PAGE).get_page(request.GET.get("page"))
        return render(request, "rules/faq-index.html", {"categories": categories, "category": category,
                                                         "page": page})
    # The first questions of every theme and each theme's count in one window query.
    first: dict[int, list[FAQEntry]] = {}
    for entry in FAQEntry.objects.first_per_category(FAQ_FIRST_PER_CATEGORY):
        first.setdefault(entry.category_id, []).append(entry)
    categories = list(Category.objects.all())
    for item in categories:
        item.first_entries = first.get(item.pk, [])
        item.entry_count = item.first_entries[0].total if item.first_entries else 0
    return render(request, "rules/faq-index.html", {"categories": categories})


@require_GET
def faq_detail(request: HttpRequest, slug: str):
    """One question, its cards, the questions it links and its players (from the fragment cache)."""
    entry = get_object_or_404(FAQEntry.objects.select_related("category"), slug=slug)
    cards = entry.cards.order_by("position")
    related = entry.related.in_theme_order().only("slug", "question")
    return render(request, "rules/faq-detail.html", {
        "entry": entry,
        "cards": cards,
        "related": related,
        "cited": cited_rules(entry.rules),
        "rule_changes": entry.rule_changes(),
        "players": embedded_players(f"faq:{entry.pk}", entry.examples.all()),
    })


@require_GET
def guide_index(request: HttpRequest):
    guides = Guide.objects.annotate(section_count=Count("sections")).order_by("order", "title", "pk")
    return render(request, "rules/guide-index.html", {"guides": guides})


@require_GET
def guide_detail(request: HttpRequest, slug: str):
    guide = get_object_or_404(
        Guide.objects.prefetch_related(
            # No examples: the players come from the fragment cache, which reads them only once per version.
            Prefetch("sections", queryset=GuideSection.objects.order_by("order"))
        ),
        slug=slug,
    )
    for section in guide.sections.all():
        # Cards, not players: each player is loaded when the reader opens it (issue 34: a guide weighed 371 KB).
        section.examples_html = embedded_cards(f"guide-section:{section.pk}", section.examples.all())
    return render(request, "rules/guide-detail.html", {"guide": guide, "guides": Guide.objects.all(),
                                                       "rule_changes": guide.rule_changes()})


# --- the rules reference ------------------------------------------------------------------------------------


def cited_rules(numbers) -> list[dict]:
    """Each cited number with its link and summary, for the « Règles citées » list of a page."""
    index = reference_index.get_index()
    rows = []
    for number in dict.fromkeys(filter(None, (citations.parse(n) for n in numbers or []))):
        found = index.summary_for(number)
        rows.append({"number": number, "url": reverse("rules:rule_number", args=[number]),
                     "summary": found[1] if found else ""})
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
    return render(request, "rules/rules-index.html", {"chapters": chapters,
                                                      "edition_name": RULES_VERSION_NAMES[CURRENT_RULES_VERSION]})


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
        "official_url": OFFICIAL_RULES_URL,
        "position": position,
        "rule_changes": section.rule_changes(),
    })


@require_GET
def rule_number(request: HttpRequest, number: str):
    """``/regles/466.2.c/`` → the section that explains rule 466, at that rule's line when it has one."""
    parsed = citations.parse(number)
    url = parsed and reference_index.get_index().url_for(parsed)
    if not url:
        raise Http404(f"Aucune section des règles n'explique la règle « {number[:20]} ».")
    return redirect(url)


@require_GET
def rule_in_edition(request: HttpRequest, edition: str, number: str):
    """``/regles/v1.4/466.1/``: a number of an older edition → the section that now explains that rule.

    The shipped map (``rules.editions``) gives the rule's number in the current edition; the reader goes to the
    section that explains it. A rule the current edition removed gets a page that says so (status 410: the rule
    is gone for good, and the page links what took its place when its parent rule is still there). A rule no
    section explains yet gets a page with its new number (status 200)."""
    key = editions.edition_for_slug(edition)
    # « 000 » (the golden and silver rules' heading) is a number of the index, though not one a text cites.
    parsed = citations.parse(number) or ("000" if number.lower().lstrip("r") == "000" else None)
    if key is None or parsed is None:
        raise Http404("Cette édition des règles n'est pas connue du site.")
    if key == CURRENT_RULES_VERSION:
        return redirect("rules:rule_number", parsed)
    mapping = editions.load_map(key)
    change = mapping and mapping.get(parsed)
    if not change:
        raise Http404(f"L'édition {edition} des règles n'a pas de règle « {number[:20]} ».")
    index = reference_index.get_index()
    if change.target:
        url = index.url_for(change.target)
        if url:
            return redirect(url)
    parent = next((found for found in map(mapping.get, editions.parent_numbers(parsed))
                   if found and found.target), None)
    return render(request, "rules/rule-in-edition.html", {
        "number": parsed,
        "edition_slug": edition,
        "edition_name": RULES_VERSION_NAMES[key],
        "current_name": RULES_VERSION_NAMES[CURRENT_RULES_VERSION],
        "change": change,
        "parent": parent,
        "parent_url": parent and index.url_for(parent.target),
    }, status=410 if change.status == editions.REMOVED else 200)


@require_GET
def what_changed(request: HttpRequest):
    """« Ce qui a changé »: the current edition against the one before, chapter by chapter."""
    return render(request, "rules/changes.html", changes.page_context())


@staff_member_required
@require_GET
def editors_versions(request: HttpRequest):
    """For editors: every text not yet checked against the current edition of the Core Rules, and among them
    those citing a rule that edition edited or removed (computed from the shipped index, ``rules.editions``)."""
    groups = [
        ("Questions de la FAQ", FAQEntry.objects.by_category()),
        ("Guides", Guide.objects.prefetch_related("sections")),
        ("Sections des règles", RuleSection.objects.all()),
    ]
    outdated, changed = [], []
    for label, queryset in groups:
        items = list(queryset.exclude(checked_version=CURRENT_RULES_VERSION))
        outdated.append((label, items))
        rows = [(item, item.rule_changes()) for item in items]
        changed.append((label, [(item, rows) for item, rows in rows if rows]))
    return render(request, "rules/editors-versions.html", {
        "edition_name": RULES_VERSION_NAMES[CURRENT_RULES_VERSION],
        "groups": outdated,
        "changed": changed,
        "changed_count": sum(len(items) for _label, items in changed),
    })
