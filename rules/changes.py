"""« Ce qui a changé » (/regles/ce-qui-a-change/): the current edition against the one before it.

Two halves: the editors' text (``rules/content/changes.yaml``, Markdown rendered through the site's pipeline, so
glossary terms and « R. n » citations are linked), and the list of rules that changed, computed from the
shipped map of the two editions (``rules.editions``) and grouped by the reference section that explains them.
The Tournament Rules published the same day have no shipped index: their changes are the editors' text only
(``tournament`` in the YAML), each item linking the FAQ answers it touches.
"""

from __future__ import annotations

import threading
from pathlib import Path

import yaml

from core.content_version import content_version
from glossary.models import Term
from glossary.rendering import render_markdown

from . import citations, editions, reference_index
from .choices import CURRENT_RULES_VERSION, INDEXED_EDITIONS, RULES_VERSION_NAMES, Chapter
from .models import FAQEntry, RuleSection

CHANGES_FILE = Path(__file__).resolve().parent / "content" / "changes.yaml"
# The edition the page compares the current one with.
PREVIOUS_EDITION = "1.4"

_cache = threading.local()


def read_text(path: Path = CHANGES_FILE) -> dict:
    """The editors' text: title, summary, intro, one entry per chapter, one per new keyword, the tournament part."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    chapters = {value for value in Chapter.values}
    for item in data.get("chapters", []):
        if item.get("chapter") not in chapters:
            raise ValueError(f"{path.name}: unknown chapter {item.get('chapter')!r} (one of rules.choices.Chapter)")
    for item in (data.get("tournament") or {}).get("items", []):
        if not item.get("title") or not item.get("body"):
            raise ValueError(f"{path.name}: every tournament item needs a title and a body")
    return data


def _rendered(data: dict) -> dict:
    def html(text: str, key: str) -> str:
        return render_markdown(text or "", section=f"changes-{key}")

    return {
        "title": data.get("title", "Ce qui a changé"),
        "summary": data.get("summary", ""),
        "intro_html": html(data.get("intro"), "intro"),
        "chapters": {item["chapter"]: {"body_html": html(item.get("body"), item["chapter"]),
                                       "rules": [citations.parse(str(n)) for n in item.get("rules", [])]}
                     for item in data.get("chapters", [])},
        "keywords": [{**item, "body_html": html(item.get("body"), f"kw{item['number']}")}
                     for item in data.get("keywords", [])],
        "outro_html": html(data.get("outro"), "outro"),
        "tournament": _rendered_tournament(data.get("tournament") or {}, html),
    }


def _rendered_tournament(data: dict, html) -> dict:
    if not data:
        return {}
    return {
        "title": data.get("title", "Les règles de tournoi"),
        "intro_html": html(data.get("intro"), "tournament-intro"),
        "items": [{"title": item["title"], "faq": list(item.get("faq") or []),
                   "body_html": html(item["body"], f"tournament-{n}")}
                  for n, item in enumerate(data.get("items", []), start=1)],
    }


def _tournament_context(tournament: dict) -> dict:
    """The tournament part with its FAQ slugs turned into published entries (a slug with no entry is left out)."""
    if not tournament:
        return {}
    slugs = {slug for item in tournament["items"] for slug in item["faq"]}
    entries = {entry.slug: entry for entry in FAQEntry.objects.filter(slug__in=slugs).only("slug", "question")}
    items = [{**item, "faq": [entries[slug] for slug in item["faq"] if slug in entries]}
             for item in tournament["items"]]
    return {**tournament, "items": items}


def rendered_text() -> dict:
    """The editors' text rendered once per content version (terms and sections change what links where)."""
    version = content_version()
    cached = getattr(_cache, "text", None)
    if cached is None or cached[0] != version:
        cached = _cache.text = (version, _rendered(read_text()))
    return cached[1]


def _collapse(numbers: list[str]) -> list[str]:
    """Only the highest of nested numbers: « 830 » stands for 830.1, 830.1.a…"""
    kept = set(numbers)
    return [n for n in numbers if not any(parent in kept for parent in editions.parent_numbers(n))]


def changed_rules(sections) -> list[dict]:
    """The rules the current edition edited, added or removed, by chapter and section, from the shipped map.

    ``sections``: the reference sections (slug, title, chapter, covers, order). A removed rule is placed where its
    closest surviving parent now is."""
    mapping = editions.load_map(PREVIOUS_EDITION, CURRENT_RULES_VERSION)
    if mapping is None:
        return []
    ordered = sorted(sections, key=lambda s: (s.order, s.slug))

    def section_of(number: str):
        top = citations.top_of(number)
        return next((s for s in ordered if s.covers_number(top)), None)

    groups: dict[object, dict] = {}

    def group(section) -> dict:
        key = section.pk if section else None
        if key not in groups:
            groups[key] = {"section": section, "edited": [], "added": [], "removed": []}
        return groups[key]

    renumbered_by_chapter: dict[str, int] = {}
    for change in mapping.changes.values():
        if change.status == editions.EDITED:
            group(section_of(change.target))["edited"].append(change)
        elif change.status == editions.RENUMBERED:
            section = section_of(change.target)
            chapter = section.chapter if section else ""
            renumbered_by_chapter[chapter] = renumbered_by_chapter.get(chapter, 0) + 1
    removed = _collapse([c.number for c in mapping.of_status(editions.REMOVED)])
    for number in removed:
        parent = next((found for found in map(mapping.get, editions.parent_numbers(number))
                       if found and found.target), None)
        group(section_of(parent.target if parent else number))["removed"].append(number)
    for number in _collapse(mapping.added):
        group(section_of(number))["added"].append(number)
    chapters = []
    for value, label in Chapter.choices:
        items = [g for g in groups.values() if g["section"] and g["section"].chapter == value]
        items.sort(key=lambda g: (g["section"].order, g["section"].slug))
        chapters.append({"slug": value, "label": label, "groups": items,
                         "renumbered": renumbered_by_chapter.get(value, 0)})
    if None in groups:
        chapters.append({"slug": "autres", "label": "Règles qu'aucune section n'explique encore",
                         "groups": [groups[None]], "renumbered": renumbered_by_chapter.get("", 0)})
    return chapters


def totals() -> dict[str, int]:
    mapping = editions.load_map(PREVIOUS_EDITION, CURRENT_RULES_VERSION)
    if mapping is None:
        return {}
    counts = {status: len(mapping.of_status(status))
              for status in (editions.SAME, editions.RENUMBERED, editions.EDITED, editions.REMOVED)}
    return {**counts, editions.ADDED: len(mapping.added)}


def page_context() -> dict:
    text = rendered_text()
    sections = list(RuleSection.objects.only("slug", "title", "chapter", "covers", "order"))
    by_slug = {section.slug: section for section in sections}
    index = reference_index.get_index()
    chapters = []
    for chapter in changed_rules(sections):
        written = text["chapters"].get(chapter["slug"], {})
        related = []
        for number in written.get("rules", []):
            section = number and index.section_for(number)
            if section and section not in related:
                related.append(section)
        if written or chapter["groups"]:
            chapters.append({**chapter, "body_html": written.get("body_html", ""), "related": related})
    keywords = []
    for item in text["keywords"]:
        number = citations.parse(str(item["number"]))
        english = item.get("english", "")
        term = (Term.objects.filter(english_name__iexact=english).only("slug", "name").first() if english else None)
        section = by_slug.get(item.get("section", ""))
        keywords.append({**item, "number": number, "section": section, "term": term,
                         "rule_url": None if section else index.url_for(number)})
    return {
        **text,
        "chapters": chapters,
        "keywords": keywords,
        "tournament": _tournament_context(text["tournament"]),
        "totals": totals(),
        "edition_name": RULES_VERSION_NAMES[CURRENT_RULES_VERSION],
        "previous_name": RULES_VERSION_NAMES[PREVIOUS_EDITION],
        "previous_slug": INDEXED_EDITIONS[PREVIOUS_EDITION],
    }
