"""« Les règles de ton deck »: what a deck's page shows, read from the site's own content.

Each keyword the deck carries gets its official French name and our explanation from its glossary term, the rules
section of its number and the FAQ answers that cite it; the deck's interactions come from ``decks.interactions``
and its practice from the catalogue of ``/entrainement/`` (read-only) plus one engine-graded question for each
interaction. Nothing is stored: the page is computed from the code in its address.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse

from core.content_version import content_version
from glossary.models import Term
from learn import questions as practice
from rules.models import FAQEntry

from . import interactions, keywords, legality
from .deck import Deck

FAQ_PER_KEYWORD = 3
PRACTICE_QUESTIONS = 6
# The areas of ``decks.keywords`` → the themes of the worked examples (``/entrainement/``).
TOPIC_OF_AREA = {"chain": "chaine", "combat": "combat", "movement": "deplacement", "xp": "niveau-xp",
                 "hide": "chaine", "triggers": "remplacement", "attach": "couches", "costs": "chaine",
                 "turn": "deplacement"}


@dataclass
class KeywordView:
    keyword: str
    name: str  # the official French name (the glossary term's), or the English one when it has none yet
    explanation: str
    rule: str
    copies: int
    cards: list
    term_url: str = ""
    faq: list[dict] = field(default_factory=list)

    @property
    def rule_url(self) -> str:
        return reverse("rules:rule_number", args=[self.rule])


def rule_url(number: str) -> str:
    return reverse("rules:rule_number", args=[number])


def _terms(names: list[str]) -> dict[str, Term]:
    found = Term.objects.filter(kind=Term.Kind.KEYWORD, english_name__in=names).only(
        "name", "slug", "english_name", "short_definition")
    return {term.english_name: term for term in found}


_faq_index: dict[int, dict[str, list[dict]]] = {}


def _faq_by_rule() -> dict[str, list[dict]]:
    """Top-level rule number → the FAQ answers citing it or one of its sub-rules, in the FAQ's order; read once
    per content version (every deck page asks, and the FAQ changes only when its content does)."""
    version = content_version()
    found = _faq_index.get(version)
    if found is None:
        found = {}
        for entry in FAQEntry.objects.in_theme_order().only("slug", "question", "rules"):
            item = {"question": entry.question, "url": entry.get_absolute_url()}
            for top in dict.fromkeys(str(n).split(".")[0] for n in entry.rules or []):
                found.setdefault(top, []).append(item)
        _faq_index.clear()
        _faq_index[version] = found
    return found


def _faq(rule: str, name: str) -> list[dict]:
    """The answers citing the rule, those whose question names the keyword first (they are about it, not
    merely touching it)."""
    found = _faq_by_rule().get(rule, [])
    word = name.lower()
    return sorted(found, key=lambda item: word not in item["question"].lower())[:FAQ_PER_KEYWORD]


def keyword_views(deck: Deck, carried: list | None = None) -> list[KeywordView]:
    carried = keywords.carried(deck) if carried is None else carried
    terms = _terms([item.keyword for item in carried])
    views = []
    for item in carried:
        term = terms.get(item.keyword)
        views.append(KeywordView(
            keyword=item.keyword, name=term.name if term else item.keyword,
            explanation=term.short_definition if term else "",
            rule=item.rule, copies=item.copies, cards=item.cards,
            term_url=term.get_absolute_url() if term else "",
            faq=_faq(item.rule, term.name if term else item.keyword)))
    return views


def area_views(deck: Deck) -> list[dict]:
    return [{"title": area.title, "why": area.why, "rule": area.rule, "url": rule_url(area.rule),
             "keywords": names} for area, names in keywords.areas(keywords.carried(deck))]


_picked: dict[tuple, list[dict]] = {}


def practice_questions(deck: Deck, views: list[KeywordView], areas: list[dict]) -> list[dict]:
    """Questions of ``/entrainement/`` about this deck: those naming one of its keywords first, then those of the
    themes its keywords lead to. The choice depends only on those names and themes, so it is kept per content
    version (many decks share them)."""
    # « Action » is also the word the engine's narration numbers every action with: it would match everything.
    names = [view.name.lower() for view in views if view.name and view.keyword != "Action"]
    topics = [TOPIC_OF_AREA[slug] for slug in (a["slug"] for a in _area_slugs(deck)) if slug in TOPIC_OF_AREA]
    key = (content_version(), tuple(names), tuple(topics))
    if key not in _picked:
        if len(_picked) > 500:
            _picked.clear()
        _picked[key] = _choose(names, topics)
    return _picked[key]


def _choose(names: list[str], topics: list[str]) -> list[dict]:
    catalogue = practice.catalogue()
    texts = _texts(catalogue)
    picked, seen_examples = [], set()

    def take(question, why: str) -> None:
        if question.example_slug in seen_examples and question.example_slug:
            return
        seen_examples.add(question.example_slug)
        picked.append({"prompt": question.prompt, "why": why, "area": question.area_label,
                       "url": reverse("learn:question", args=[question.slug]),
                       "number": catalogue.numbers[question.slug]})

    for question, text in texts:
        hit = next((name for name in names if name in text), None)
        if hit and len(picked) < PRACTICE_QUESTIONS:
            take(question, f"mot-clé {hit} · {question.area_label}")
    for topic in dict.fromkeys(topics):
        for question in catalogue.questions:
            if len(picked) >= PRACTICE_QUESTIONS:
                break
            if question.area == topic:
                take(question, question.area_label)
    return picked[:PRACTICE_QUESTIONS]


_texts_of: dict[int, list] = {}


def _texts(catalogue) -> list[tuple[object, str]]:
    """Each question with its words in lower case, once per catalogue (rebuilt only when an example changes)."""
    key = id(catalogue)
    if key not in _texts_of:
        _texts_of.clear()
        _texts_of[key] = [(q, f"{q.situation} {q.example_title} {q.prompt}".lower()) for q in catalogue.questions]
    return _texts_of[key]


def _area_slugs(deck: Deck) -> list[dict]:
    return [{"slug": area.slug} for area, _ in keywords.areas(keywords.carried(deck))]


def page(deck: Deck) -> dict:
    """Everything the deck's page shows (no engine run: the interactions' examples run on their own page)."""
    report = legality.check(deck)
    views = keyword_views(deck)
    areas = area_views(deck)
    return {
        "report": report,
        "keywords": views,
        "areas": areas,
        "interactions": interactions.found(deck),
        "practice": practice_questions(deck, views, areas),
    }
