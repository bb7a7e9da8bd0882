"""Which practice questions go with a page (an FAQ entry, a guide, a rules section): derived, never listed by hand.

A question is about the worked example it comes from and about the rules the engine cites while resolving it (for
« Ce coup est-il permis ? », the rules of its verdicts). A page is about the examples it links and the rules it cites
(a rules section: the rules it covers). A question goes with a page when it shares an example with it (strongest) or
rules, compared by top-level number (« 471.1.b » is about 471), weighed by how focused the question is.
"""

from __future__ import annotations

import math
import re
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from core import rule_numbers
from engine import kinds
from engine.stored import StoredResult
from worked_examples.models import WorkedExample

from . import permis, questions

LIMIT = 6
PER_SOURCE = 2  # at most two questions of the same situation, so a page offers several
EXAMPLE_WEIGHT = 3  # a shared example says more than one shared rule
_lock = threading.Lock()
_built: list[tuple[questions.Catalogue, Index]] = []  # the last catalogue and its index


_NUMBER = re.compile(r"\b(\d{3})(?:\.\w+)*(?:[–-](\d{3}))?")


def _doc_tops(doc: str) -> set[int]:
    """Top-level numbers a vocabulary entry's rule note names (« R. 475–482 » names each of them)."""
    found: set[int] = set()
    for first, last in _NUMBER.findall(doc or ""):
        found.update(range(int(first), int(last or first) + 1))
    return found


def _docs(enum) -> dict[str, set[int]]:
    return {member.value: _doc_tops(member.doc) for member in enum}


def result_rules(result: StoredResult | dict) -> set[int]:
    """What a resolution is about: the rules its narration cites, and those of the kinds of steps, layers and
    reasons the engine used (its vocabulary names a rule for each)."""
    result = StoredResult.from_dict(result, states=False)
    steps, layers, whys = _docs(kinds.StepKind), _docs(kinds.Layer), _docs(kinds.Why)
    found = {n for n in map(top, questions.rules_cited(result, limit=200)) if n is not None}
    for step in result.main.trace:
        found |= steps.get(step.kind, set()) | layers.get(step.layer, set())
        why = step.reason.why
        found |= whys.get(step.reason.code, set()) | (whys.get(why.code, set()) if why else set())
    return found


def top(number: str) -> int | None:
    return rule_numbers.top_of(number) if rule_numbers.NUMBER_IN_TEXT_RE.fullmatch(str(number)) else None


@dataclass(frozen=True)
class Index:
    rules: dict[str, frozenset[int]]  # question slug → top-level rules it is about
    examples: dict[str, str]  # question slug → its worked example


def index(catalogue: questions.Catalogue) -> Index:
    """The topics of every question of a catalogue (built once per catalogue)."""
    if _built and _built[0][0] is catalogue:
        return _built[0][1]
    results = dict(WorkedExample.objects.filter(
        slug__in={q.example_slug for q in catalogue.questions if q.example_slug}).values_list("slug", "result"))
    rules: dict[str, frozenset[int]] = {}
    examples: dict[str, str] = {}
    by_example: dict[str, frozenset[int]] = {}
    for question in catalogue.questions:
        if not question.kind_of.from_example:
            # The situation is about the rules of every verdict on it, changed or not.
            item, _ = questions.allowed_situation(question)
            numbers = []
            for change in [None, *(item.get("changes") or [])]:
                try:
                    numbers.extend(permis.judge(item, change).rules)
                except permis.BrokenSituation:
                    continue
            rules[question.slug] = frozenset(n for n in map(top, numbers) if n is not None)
        else:
            if question.example_slug not in by_example:
                by_example[question.example_slug] = frozenset(result_rules(results.get(question.example_slug) or {}))
            rules[question.slug] = by_example[question.example_slug]
            examples[question.slug] = question.example_slug
    built = Index(rules, examples)
    with _lock:
        _built[:] = [(catalogue, built)]
    return built


def matching(numbers: Iterable[str] = (), examples: Iterable[str] = (), covers: Iterable = (),
             limit: int = LIMIT) -> dict:
    """The questions that go with a page, best first, and the area most of them belong to."""
    catalogue = questions.catalogue()
    topics = index(catalogue)
    wanted = {n for n in map(top, numbers) if n is not None}
    for first, last in covers or ():
        wanted.update(range(int(first), int(last) + 1))
    linked = set(examples)
    scored = []
    for position, question in enumerate(catalogue.questions):
        about = topics.rules.get(question.slug, frozenset())
        # Shared rules, weighed by how focused the question is: a whole game touches every rule a little.
        score = len(about & wanted) / math.sqrt(len(about)) if about else 0.0
        if topics.examples.get(question.slug) in linked:
            score += EXAMPLE_WEIGHT
        if score:
            scored.append((-score, position, question))
    scored.sort(key=lambda item: item[:2])
    picked: list[questions.Question] = []
    per_source: Counter = Counter()
    for _, _, question in scored:
        source = question.example_slug or question.permis
        if per_source[source] < PER_SOURCE and len(picked) < limit:
            picked.append(question)
            per_source[source] += 1
    areas = Counter(question.area for _, _, question in scored)
    area = areas.most_common(1)[0][0] if areas else ""
    return {
        "questions": [(catalogue.numbers[question.slug], question) for question in picked],
        # One count per theme everywhere: the number of questions the theme's own list shows.
        "area_total": sum(1 for question in catalogue.questions if question.area == area),
        "area": area,
        "area_label": dict(WorkedExample.Topic.choices).get(area, ""),
    }
