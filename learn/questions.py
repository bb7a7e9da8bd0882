"""« Prédis, puis regarde »: practice questions derived from the worked examples, graded by the rules engine.

A question is a worked example, optionally changed by one « Et si… ? » switch (``worked_examples.player``: the engine's
``variants`` plus keyword and stun switches), and a kind of question. The expected answer is never written down: it
is read from the engine's result, the stored one for the example as shipped, a fresh run (cached) for a variant.

The catalogue is derived, in a fixed order, from what each stored result holds; an example whose result lacks what a
kind needs (no unit on the board, no effect applied, several possible outcomes) simply gives no question of that
kind. It is built again only when an example changes, and kept in the process.
"""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

import yaml

from engine.actions import Do
from engine.stored import StoredResult
from engine.vocab import ObjectType
from rules import citations
from worked_examples import computing, player, whatif
from worked_examples.models import WorkedExample

from . import permis, situation
from .kinds import ALLOWED, DEATHS, KIND_LABELS, KINDS, ORDER, POINTS, POWER, UNIT_TYPES, Choice, QuestionKind, Source

# Level of each area (the worked examples' topics): 1 débutant, 2 confirmé, 3 juge.
LEVELS = {
    WorkedExample.Topic.MOVEMENT: 1, WorkedExample.Topic.COMBAT: 1, WorkedExample.Topic.SCORE: 1,
    WorkedExample.Topic.POWER: 2, WorkedExample.Topic.CHAIN: 2, WorkedExample.Topic.LEVEL_XP: 2,
    WorkedExample.Topic.LAYERS: 3, WorkedExample.Topic.REPLACEMENT: 3,
}
LEVEL_LABELS = {1: "Débutant", 2: "Confirmé", 3: "Juge"}
# Within a theme, the kinds of question about what the theme teaches come first: a movement question before the
# final Might of a unit that moved (a kind not listed comes last).
AREA_KINDS = {
    WorkedExample.Topic.MOVEMENT: (ALLOWED, POINTS, DEATHS, POWER, ORDER),
    WorkedExample.Topic.COMBAT: (DEATHS, POINTS, ALLOWED, POWER, ORDER),
    WorkedExample.Topic.SCORE: (POINTS, DEATHS, ALLOWED, POWER, ORDER),
    WorkedExample.Topic.CHAIN: (ALLOWED, ORDER, DEATHS, POWER, POINTS),
    WorkedExample.Topic.REPLACEMENT: (DEATHS, POWER, ORDER, POINTS, ALLOWED),
    WorkedExample.Topic.LEVEL_XP: (POWER, ORDER, POINTS, DEATHS, ALLOWED),
}
DEFAULT_KINDS = (POWER, ORDER, DEATHS, POINTS, ALLOWED)


def _kind_rank(question) -> int:
    order = AREA_KINDS.get(question.area, DEFAULT_KINDS)
    return order.index(question.kind) if question.kind in order else len(order)


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed
__all__ = ["ALLOWED", "DEATHS", "KIND_LABELS", "ORDER", "POINTS", "POWER", "Choice"]  # declared in ``kinds``


@dataclass(frozen=True)
class Question:
    slug: str
    example_slug: str
    example_title: str
    area: str
    area_label: str
    kind: str
    prompt: str
    situation: str
    subject: str = ""  # the unit whose Might is asked
    changes: tuple[tuple[str, object], ...] = ()
    change_label: str = ""
    choices: tuple[Choice, ...] = field(default=())
    permis: str = ""  # « Ce coup est-il permis ? »: the slug of its situation (``learn/content/permis.yaml``)
    change_index: int = -1  # which of the situation's changes is applied (-1: none)
    about: str = ""  # what tells this situation from the others in a list: its units, effects and spells
    facts: tuple[str, ...] = ()  # the situation's facts (without the actions), to tell alike titles apart

    @property
    def kind_of(self) -> QuestionKind:
        """What this kind of question asks and how it is answered (``kinds.KINDS``)."""
        return KINDS[self.kind]

    @property
    def title(self) -> str:
        """The question as a list shows it: what is asked, about what, and the change (« Et si… ? »)."""
        parts = [self.kind_of.asked(self), self.about, self.change_label]
        return " — ".join(part for part in parts if part)

    @property
    def subject_name(self) -> str:
        return dict((choice.value, choice.label) for choice in self.choices).get(self.subject, self.subject)

    @property
    def level(self) -> int:
        return LEVELS.get(self.area, 2)

    @property
    def level_label(self) -> str:
        return LEVEL_LABELS[self.level]

    @property
    def kind_label(self) -> str:
        return self.kind_of.label

    @property
    def is_variant(self) -> bool:
        return bool(self.changes)


class Catalogue:
    """Every question, in a stable order, with a lookup by slug."""

    def __init__(self, questions: list[Question]):
        self.questions = questions
        self.by_slug = {question.slug: question for question in questions}
        # Questions are shown by number, not by their example's title, which often tells the outcome.
        self.numbers = {question.slug: number for number, question in enumerate(questions, start=1)}

    def __len__(self) -> int:
        return len(self.questions)

    def get(self, slug: str) -> Question | None:
        return self.by_slug.get(slug)

    def areas(self) -> list[dict]:
        out = []
        # Beginners' areas first.
        for value, label in sorted(WorkedExample.Topic.choices, key=lambda choice: LEVELS.get(choice[0], 2)):
            items = [question for question in self.questions if question.area == value]
            if items:
                out.append({"slug": value, "label": label, "level": LEVELS.get(value, 2),
                            "level_label": LEVEL_LABELS[LEVELS.get(value, 2)],
                            "questions": [(self.numbers[q.slug], q) for q in items]})
        return out

    def judge_set(self, day, size: int = 10) -> list[tuple[int, Question]]:
        """Judge mode: the harder questions (confirmed and judge areas, changed situations first), mixed across
        areas, a new set each day and the same for everyone."""
        hard = [q for q in self.questions if q.level >= 2 or q.is_variant]
        hard.sort(key=lambda q: (not q.is_variant, -q.level))
        picked: list[Question] = []
        areas: dict[str, int] = {}
        start = day.toordinal() * 7919
        for offset in range(len(hard)):
            question = hard[(start + offset * 13) % len(hard)]
            if question in picked or areas.get(question.area, 0) >= 2:
                continue
            picked.append(question)
            areas[question.area] = areas.get(question.area, 0) + 1
            if len(picked) == size:
                break
        return [(self.numbers[q.slug], q) for q in picked]

    def of_the_day(self, day) -> Question:
        """The same question for everyone on a given date: a fixed stride through the catalogue."""
        return self.questions[(day.toordinal() * 37) % len(self.questions)]


_lock = threading.Lock()
_cached: dict[str, Catalogue] = {}
# What the questions are derived from; the result itself follows the scenario's hash.
_SOURCE_FIELDS = ("slug", "scenario_hash", "topic", "title", "description", "order")


def catalogue() -> Catalogue:
    """The catalogue of the examples as they are now (built again only when one of them changed).

    The key is read from the database on every call (a single light query): cheaper than keying on the content
    version, which moves with any change of any content, and exact for the examples.
    """
    rows = WorkedExample.objects.order_by("topic", "order", "slug").values_list(*_SOURCE_FIELDS)
    key = hashlib.sha256(repr(list(rows)).encode()).hexdigest()
    found = _cached.get(key)
    if found is None:
        topics = list(WorkedExample.Topic.values)
        every = [*build(WorkedExample.objects.order_by("topic", "order", "slug")), *allowed_questions()]
        every = distinct_titles(every)
        built = Catalogue(sorted(every, key=lambda q: (
            q.level, topics.index(q.area) if q.area in topics else len(topics), _kind_rank(q))))
        with _lock:
            _cached.clear()
            _cached[key] = built
        found = built
    return found


# --- building -----------------------------------------------------------------------------------------------------

def build(examples) -> Iterator[Question]:
    for example in examples:
        result = StoredResult.from_dict(example.result or {}, states=False)
        if len(result.outcomes) > 1 or not result.main.objects:
            continue  # an open choice: more than one right answer, or nothing computed
        try:
            # The stored result proves the engine accepted this text: libyaml reads it fast (the engine's own,
            # validating loader takes a tenth of a second per scenario, and the whole catalogue is read at once).
            data = yaml.load(example.scenario, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader
            switches = whatif.available_switches(data)
        except Exception:  # a scenario the current engine refuses gives no question
            continue
        yield from _questions(example, data, result, switches)


def _about(data: dict, leave_out: str = "") -> str:
    """The units, effects and spells of a situation, in a few words (« Vi et Garen, avec « Éclair » »)."""
    units = [o.get("name") or o["id"] for o in data.get("objects") or []
             if o.get("type", ObjectType.UNIT) in UNIT_TYPES and o["id"] != leave_out]
    more = len(units) - 3
    shown = units[:3] + ([f"{more} autre{'s' if more > 1 else ''}"] if more > 0 else [])
    said = ", ".join(shown[:-1]) + (" et " if len(shown) > 1 else "") + shown[-1] if shown else ""
    cards = [e.get("label") or e["id"] for e in data.get("effects") or []]
    cards += [a["label"] for a in data.get("actions") or [] if a.get("do") in (Do.CAST, Do.RESOLVE) and a.get("label")]
    cards = list(dict.fromkeys(cards))
    if cards:
        listed = ", ".join(f"« {label} »" for label in cards[:2]) + (" …" if len(cards) > 2 else "")
        said = f"{said}, avec {listed}" if said else f"avec {listed}"
    return said


def _base(example, data: dict, **kwargs) -> dict:
    return {"example_slug": example.slug, "example_title": example.title, "area": example.topic,
            "area_label": example.get_topic_display(), "situation": (data.get("description") or "").strip(),
            "about": _about(data, kwargs.get("subject", "")), "facts": tuple(situation.lines(data)), **kwargs}


def distinct_titles(items: list[Question]) -> list[Question]:
    """Questions whose titles would read the same get the first fact of their situation the others lack
    (« Joueuse A : 7 points. »), or else their rank among them."""
    groups: dict[str, list[Question]] = {}
    for question in items:
        groups.setdefault(question.title, []).append(question)
    renamed: dict[str, Question] = {}
    for same in groups.values():
        if len(same) < 2:
            continue
        for rank, question in enumerate(same, start=1):
            others = {fact for other in same if other is not question for fact in other.facts}
            own = next((fact for fact in question.facts if fact not in others), "")
            extra = own.rstrip(".") if own and len(own) <= 70 else f"situation {rank}"
            renamed[question.slug] = dataclasses.replace(question, about=f"{question.about} ; {extra}".lstrip(" ;"))
    return [renamed.get(question.slug, question) for question in items]


def _questions(example, data: dict, result: StoredResult, switches) -> Iterator[Question]:
    """The questions of every kind an example gives (``kinds.QuestionKind.generate``)."""
    source = Source(example.slug, data, result, switches, lambda **fields: _base(example, data, **fields))
    for kind in KINDS.values():
        if kind.generate is not None:
            yield from (Question(**fields) for fields in kind.generate(source))


def allowed_questions() -> Iterator[Question]:
    """« Ce coup est-il permis ? »: one question per situation and one per change of it; the engine answers."""
    labels = dict(WorkedExample.Topic.choices)
    for item in permis.situations():
        base = {"example_slug": "", "example_title": item["title"], "area": item["area"],
                "area_label": labels.get(item["area"], item["area"]), "kind": ALLOWED, "prompt": item["ask"],
                "situation": "", "permis": item["slug"],
                "choices": (Choice(permis.YES, "Oui, c'est permis"), Choice(permis.NO, "Non, c'est refusé"))}
        yield Question(slug=f"permis-{item['slug']}", **base)
        for number, change in enumerate(item.get("changes") or []):
            suffix = "" if number == 0 else f"-{number + 1}"
            yield Question(slug=f"permis-{item['slug']}-et-si{suffix}", change_label=change["label"],
                           change_index=number, changes=(("permis", number),), **base)


def allowed_situation(question: Question) -> tuple[dict, dict | None]:
    """The situation of a « permis ? » question and the change it applies."""
    item = permis.situation(question.permis)
    change = (item.get("changes") or [])[question.change_index] if question.change_index >= 0 else None
    return item, change


# --- answers ------------------------------------------------------------------------------------------------------

def result_of(question: Question, example: WorkedExample) -> dict:
    """The engine's result for the question's situation: the stored one, or a variant run (cached)."""
    if not question.changes:
        return example.result
    data = computing.parse_scenario(example.scenario)
    return computing.run_variant(example.scenario_hash, data, dict(question.changes))


def _main(result: StoredResult | dict) -> StoredResult:
    """The engine's result, typed (a stored dict is read once, without the board states practice never reads)."""
    return StoredResult.from_dict(result, states=False)


def expected(question: Question, result: StoredResult | dict, data: dict) -> object:
    """The right answer, read from the engine's result (``kinds.QuestionKind.expected``): an int, a frozenset of
    ids, or a tuple of ids."""
    kind = question.kind_of
    if kind.expected is None:
        raise ValueError(question.kind)
    return kind.expected(question, _main(result).main, data)


def answer_text(question: Question, answer) -> str:
    """An answer in French words."""
    shape = question.kind_of.shape
    if shape == "number":
        return str(answer)
    labels = {choice.value: choice.label for choice in question.choices}
    if shape == "one":
        return labels.get(answer, answer)
    if shape == "order":
        return " → ".join(f"« {labels.get(value, value)} »" for value in answer)
    if not answer:
        return question.kind_of.nobody
    return ", ".join(labels.get(value, value) for value in sorted(answer, key=list(labels).index))


def step_of(question: Question, result: StoredResult | dict) -> int | str:
    """The player step to open: where the asked thing happens, else the final state."""
    found = question.kind_of.opens_at(question, _main(result).main.trace)
    return player.LAST_STEP if found is None else found


def rules_cited(result: StoredResult | dict, limit: int = 8) -> list[str]:
    """The rule numbers the engine's narration cites, in order of first mention (« R. 467, 468.5 » counts both)."""
    found: list[str] = []
    for step in _main(result).main.trace:
        found += [number for number in citations.numbers_in_notes(step.text) if number not in found]
    return found[:limit]


def situation_data(question: Question, data: dict) -> dict:
    """The scenario as the question sets it: with the variant's change applied."""
    if not question.changes:
        return data
    from engine import variants

    return variants.apply_changes(data, dict(question.changes))


def situation_lines(data: dict, result: StoredResult | dict) -> list[str]:
    """The situation told without its outcome, every fact that the engine reads written out (``learn.situation``).

    The worked example's own description often tells the result; a question must not.
    """
    return situation.lines(data, _main(result).main.trace)


def why_lines(question: Question, result: StoredResult | dict, limit: int = 8) -> list[str]:
    """The engine's own narration of the steps that decide the answer (« Pourquoi ? », ``QuestionKind.explains``)."""
    explains = question.kind_of.explains
    lines = [step.text for step in _main(result).main.trace if step.text and explains(question, step)]
    return list(dict.fromkeys(lines))[:limit]
