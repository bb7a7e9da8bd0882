"""Relevance measurement: player questions and the page that answers each (``tests/search/questions.yaml``).

Used by ``bench/relevance.py`` (prints the figures) and ``tests/search/test_relevance.py`` (fails below a floor).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from django.urls import NoReverseMatch, reverse

from . import query

QUESTIONS = Path(__file__).resolve().parent.parent / "tests" / "search" / "questions.yaml"
# Sibling sets with the same format, each with its own chapter: the questions in card vocabulary (``cartes``).
CARD_QUESTIONS = QUESTIONS.with_name("questions-cards.yaml")
QUESTION_FILES = (QUESTIONS, CARD_QUESTIONS)
CARD_CHAPTER = "cartes"


def target_url(target: str) -> str:
    """A site path as written, or the FAQ entry of that slug."""
    if target.startswith("/"):
        return target
    try:
        return reverse("rules:faq_detail", args=[target])
    except NoReverseMatch:
        return target


@dataclass
class Outcome:
    query: str
    expected: list[str]
    found: list[str]
    rank: int | None  # 1-based rank of the first expected page, None when not in the results
    chapter: str = ""
    half: str = ""
    answered: bool = False  # the answer box was shown
    answer_right: bool = False  # … and it was an expected page


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    def share(self, within: int) -> float:
        hits = sum(1 for o in self.outcomes if o.rank is not None and o.rank <= within)
        return hits / len(self.outcomes) if self.outcomes else 0.0

    @property
    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.rank is None or o.rank > 3]

    def only(self, half: str | None = None, chapter: str | None = None) -> Report:
        """The outcomes of one half (``tuning`` or ``held-out``) and/or one chapter."""
        return Report([o for o in self.outcomes
                       if (half is None or o.half == half) and (chapter is None or o.chapter == chapter)])

    @property
    def chapters(self) -> list[str]:
        return sorted({o.chapter for o in self.outcomes})

    @property
    def boxes(self) -> tuple[int, int]:
        """(answer boxes shown, of which right)."""
        return (sum(o.answered for o in self.outcomes), sum(o.answer_right for o in self.outcomes))


def load_questions(path: Path | None = None) -> list[dict]:
    """The questions of one file, or of every set (``QUESTION_FILES``) when none is given."""
    paths = [path] if path is not None else QUESTION_FILES
    return [item for one in paths for item in yaml.safe_load(one.read_text(encoding="utf-8")) or []]


def evaluate(questions: list[dict] | None = None, depth: int = 10) -> Report:
    report = Report()
    for item in questions if questions is not None else load_questions():
        expected = [target_url(t) for t in [item["answer"], *(item.get("also") or [])]]
        results = query.run(item["q"], limit=depth)
        found = [hit.url for hit in results.hits]
        hit_of = [url.split("#")[0] in expected or url in expected for url in found]
        rank = next((i for i, ok in enumerate(hit_of, 1) if ok), None)
        box = results.answer
        report.outcomes.append(Outcome(
            item["q"], expected, found, rank, item.get("chapter", ""), item.get("half", ""),
            answered=box is not None, answer_right=bool(box is not None and hit_of and hit_of[0]),
        ))
    return report


def unknown_targets(questions: list[dict] | None = None) -> list[str]:
    """Expected pages that no indexed document points to (a renamed slug, a typo in the file)."""
    from .models import SearchDocument

    urls = {url.split("#")[0] for url in SearchDocument.objects.values_list("url", flat=True)}
    missing = []
    for item in questions if questions is not None else load_questions():
        for target in [item["answer"], *(item.get("also") or [])]:
            if target_url(target) not in urls:
                missing.append(target)
    return missing
