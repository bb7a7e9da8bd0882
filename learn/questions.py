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

from core.french import de
from engine.kinds import Param
from rules import citations
from worked_examples import computing, player, whatif
from worked_examples.models import WorkedExample

from . import permis, situation

POWER, DEATHS, POINTS, ORDER, ALLOWED = "puissance", "morts", "points", "ordre", "permis"
KIND_LABELS = {
    POWER: "Puissance finale",
    DEATHS: "Qui meurt ?",
    POINTS: "Qui gagne un point ?",
    ORDER: "Dans quel ordre ?",
    ALLOWED: "Ce coup est-il permis ?",
}
# Level of each area (the worked examples' topics): 1 débutant, 2 confirmé, 3 juge.
LEVELS = {
    WorkedExample.Topic.MOVEMENT: 1, WorkedExample.Topic.COMBAT: 1, WorkedExample.Topic.SCORE: 1,
    WorkedExample.Topic.POWER: 2, WorkedExample.Topic.CHAIN: 2, WorkedExample.Topic.LEVEL_XP: 2,
    WorkedExample.Topic.LAYERS: 3, WorkedExample.Topic.REPLACEMENT: 3,
}
LEVEL_LABELS = {1: "Débutant", 2: "Confirmé", 3: "Juge"}
# Within a theme, the kinds of question about what the theme teaches come first: a movement question before the
# final Might of a unit that moved.
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
    return AREA_KINDS.get(question.area, DEFAULT_KINDS).index(question.kind)
ON_BOARD = ("base", "battlefield")
UNIT_TYPES = ("unit", "token")
MAX_ORDERED = 5
POWER_QUESTIONS_PER_EXAMPLE = 2
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


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
    def title(self) -> str:
        """The question as a list shows it: what is asked, about what, and the change (« Et si… ? »)."""
        asked = {POWER: f"Puissance finale {de(self.subject_name)}", DEATHS: "Qui meurt ?",
                 POINTS: "Qui gagne un point ?", ORDER: "Dans quel ordre ?", ALLOWED: self.prompt}[self.kind]
        if self.kind == ALLOWED:
            asked = f"Coup permis ? {self.example_title}"
            return f"{asked} — {self.change_label}" if self.change_label else asked
        parts = [asked, self.about] if self.about else [asked]
        if self.change_label:
            parts.append(self.change_label)
        return " — ".join(parts)

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
        return KIND_LABELS[self.kind]

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

def _units(data: dict) -> list[dict]:
    return [o for o in data.get("objects") or []
            if o.get("type", "unit") in UNIT_TYPES and o.get("zone", "base") in ON_BOARD]


def _switch(switches: list[Param], key: str) -> Param | None:
    return next((s for s in switches if s.name == key), None)


def _power_change(switches: list[Param], unit: dict, delta: int) -> tuple[dict, str] | None:
    switch = _switch(switches, f"power:{unit['id']}")
    if switch is None:
        return None
    value = max(switch.min, min(switch.max, switch.default + delta))
    if value == switch.default:
        return None
    return {switch.name: value}, f"Et si la Puissance imprimée {de(unit['name'])} valait {value} au lieu de " \
                                 f"{switch.default} ?"


def _effect_off(data: dict, switches: list[Param]) -> tuple[dict, str] | None:
    for effect in data.get("effects") or []:
        switch = _switch(switches, f"effect:{effect['id']}")
        if switch is not None:
            return {switch.name: False}, f"Et si l'effet « {effect['label']} » n'existait pas ?"
    return None


def _died(result: dict) -> list[str]:
    return [event["object"] for event in result.get("events") or [] if event.get("type") == "died"
            and event.get("object")]


def _applied_order(result: dict) -> list[str]:
    seen: list[str] = []
    for step in result.get("trace") or []:
        effect = step.get("effect")
        if step.get("kind") == "apply" and effect and effect not in seen:
            seen.append(effect)
    return seen


def build(examples) -> Iterator[Question]:
    for example in examples:
        result = example.result or {}
        if len(result.get("outcomes") or []) > 1 or not result.get("objects"):
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
             if o.get("type", "unit") in UNIT_TYPES and o["id"] != leave_out]
    more = len(units) - 3
    shown = units[:3] + ([f"{more} autre{'s' if more > 1 else ''}"] if more > 0 else [])
    said = ", ".join(shown[:-1]) + (" et " if len(shown) > 1 else "") + shown[-1] if shown else ""
    cards = [e.get("label") or e["id"] for e in data.get("effects") or []]
    cards += [a["label"] for a in data.get("actions") or [] if a.get("do") in ("cast", "resolve") and a.get("label")]
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


def _questions(example, data: dict, result: dict, switches: list[Param]) -> Iterator[Question]:
    units = _units(data)
    final = result["objects"]
    # Final Might: the units still on the board at the end, those the situation changes first.
    on_board = [u for u in units if final.get(u["id"], {}).get("zone") in ON_BOARD]
    on_board.sort(key=lambda u: final[u["id"]].get("power") == u.get("printed_power", 0))
    for unit in on_board[:POWER_QUESTIONS_PER_EXAMPLE]:
        prompt = f"Quelle est la Puissance {de(unit['name'])} à la fin ?"
        base = _base(example, data, kind=POWER, subject=unit["id"], prompt=prompt,
                     choices=(Choice(unit["id"], unit.get("name") or unit["id"]),))
        yield Question(slug=f"{example.slug}-puissance-{unit['id']}", **base)
        variant = _effect_off(data, switches) or _power_change(switches, unit, 2)
        if variant:
            changes, label = variant
            yield Question(slug=f"{example.slug}-puissance-{unit['id']}-et-si", changes=tuple(changes.items()),
                           change_label=label, **base)
    # Who dies: the units of the situation are the choices.
    died = _died(result)
    if units and (died or (whatif.has_board(data) and len(units) >= 2)):
        choices = tuple(Choice(u["id"], u["name"]) for u in units)
        if choices:
            base = _base(example, data, kind=DEATHS, choices=choices,
                         prompt="Quelles unités meurent ? Cochez-les toutes (aucune si personne ne meurt).")
            yield Question(slug=f"{example.slug}-morts", **base)
            target = next((u for u in units if u["id"] in died), units[0])
            variant = _power_change(switches, target, 2)
            if variant:
                changes, label = variant
                yield Question(slug=f"{example.slug}-morts-et-si", changes=tuple(changes.items()),
                               change_label=label, **base)
    # Who gains a point: only where there is a battlefield to score.
    players = data.get("players") or []
    if whatif.has_board(data) and players and result.get("players"):
        choices = tuple(Choice(p["id"], p.get("name") or p["id"]) for p in players)
        base = _base(example, data, kind=POINTS, choices=choices,
                     prompt="Qui gagne au moins un point ? Cochez chaque joueur concerné (aucun si personne).")
        yield Question(slug=f"{example.slug}-points", **base)
    # Order of application: the effects the engine applied, when there are a few.
    order = _applied_order(result)
    if 2 <= len(order) <= MAX_ORDERED:
        labels = {e["id"]: e.get("label") or e["id"] for e in data.get("effects") or []}
        if all(eid in labels for eid in order):
            choices = tuple(sorted((Choice(eid, labels[eid]) for eid in order), key=lambda c: c.label))
            base = _base(example, data, kind=ORDER, choices=choices,
                         prompt="Dans quel ordre le moteur applique-t-il ces effets ?")
            yield Question(slug=f"{example.slug}-ordre", **base)


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


def expected(question: Question, result: dict, data: dict) -> object:
    """The right answer, read from the engine's result: an int, a frozenset of ids, or a tuple of ids."""
    if question.kind == POWER:
        return result["objects"][question.subject]["power"]
    if question.kind == DEATHS:
        candidates = {choice.value for choice in question.choices}
        return frozenset(oid for oid in _died(result) if oid in candidates)
    if question.kind == POINTS:
        before = {p["id"]: p.get("points", 0) for p in data.get("players") or []}
        return frozenset(pid for pid, p in result["players"].items() if p.get("points", 0) > before.get(pid, 0))
    if question.kind == ORDER:
        return tuple(_applied_order(result))
    raise ValueError(question.kind)


def answer_text(question: Question, answer) -> str:
    """An answer in French words."""
    if question.kind == POWER:
        return str(answer)
    labels = {choice.value: choice.label for choice in question.choices}
    if question.kind == ORDER:
        return " → ".join(f"« {labels.get(value, value)} »" for value in answer)
    if question.kind == ALLOWED:
        return labels.get(answer, answer)
    if not answer:
        return "personne" if question.kind == POINTS else "aucune unité"
    return ", ".join(labels.get(value, value) for value in sorted(answer, key=list(labels).index))


def step_of(question: Question, result: dict) -> int | str:
    """The player step to open: where the asked thing happens, else the final state."""
    trace = result.get("trace") or []
    for step in trace:
        code = (step.get("reason") or {}).get("code")
        if question.kind == DEATHS and step.get("kind") == "event" and code == "died":
            return step["index"]
        if question.kind == POINTS and step.get("kind") == "score":
            return step["index"]
        if question.kind == ORDER and step.get("kind") == "apply":
            return step["index"]
    if question.kind == POWER:
        applied = [s["index"] for s in trace if s.get("kind") == "apply" and s.get("object") == question.subject]
        if applied:
            return applied[-1]
    return player.LAST_STEP


def rules_cited(result: dict, limit: int = 8) -> list[str]:
    """The rule numbers the engine's narration cites, in order of first mention (« R. 467, 468.5 » counts both)."""
    found: list[str] = []
    for step in result.get("trace") or []:
        found += [number for number in citations.numbers_in_notes(step.get("text")) if number not in found]
    return found[:limit]


def situation_data(question: Question, data: dict) -> dict:
    """The scenario as the question sets it: with the variant's change applied."""
    if not question.changes:
        return data
    from engine import variants

    return variants.apply_changes(data, dict(question.changes))


def situation_lines(data: dict, result: dict) -> list[str]:
    """The situation told without its outcome, every fact that the engine reads written out (``learn.situation``).

    The worked example's own description often tells the result; a question must not.
    """
    return situation.lines(data, result.get("trace") or [])


def why_lines(question: Question, result: dict, limit: int = 8) -> list[str]:
    """The engine's own narration of the steps that decide the answer (« Pourquoi ? »)."""
    wanted = {
        POWER: lambda s: s.get("kind") in ("apply", "skip", "query") and s.get("object") in (question.subject, None),
        DEATHS: lambda s: s.get("kind") in ("assign", "cleanup", "replacement")
        or (s.get("kind") == "event" and (s.get("reason") or {}).get("code") in ("died", "combat_damage", "damaged")),
        POINTS: lambda s: s.get("kind") == "score",
        ORDER: lambda s: s.get("kind") == "apply",
    }[question.kind]
    lines = [step["text"] for step in result.get("trace") or [] if step.get("text") and wanted(step)]
    return list(dict.fromkeys(lines))[:limit]
