"""Relevance measurement: player questions and the page that answers each (``tests/search/questions.yaml``).

Used by ``bench/relevance.py`` (prints the figures) and ``tests/search/test_relevance.py`` (fails below a floor).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from django.urls import NoReverseMatch, reverse

from . import engine

QUESTIONS = Path(__file__).resolve().parent.parent / "tests" / "search" / "questions.yaml"


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


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    def share(self, within: int) -> float:
        hits = sum(1 for o in self.outcomes if o.rank is not None and o.rank <= within)
        return hits / len(self.outcomes) if self.outcomes else 0.0

    @property
    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.rank is None or o.rank > 3]


def load_questions(path: Path = QUESTIONS) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8")) or []


def evaluate(questions: list[dict] | None = None, depth: int = 10) -> Report:
    report = Report()
    for item in questions if questions is not None else load_questions():
        expected = [target_url(t) for t in [item["answer"], *(item.get("also") or [])]]
        found = [hit.url for hit in engine.search(item["q"], limit=depth)]
        rank = next((i for i, url in enumerate(found, 1) if url.split("#")[0] in expected or url in expected), None)
        report.outcomes.append(Outcome(item["q"], expected, found, rank))
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
