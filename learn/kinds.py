"""The kinds of practice question, each declared once: what it asks, which questions an example gives, the
answer field, how the right answer is read from the engine's typed result (``engine.stored``), which player
step shows it and which steps' narration says why, and its French label.

Generation and grading (``questions``), the answer form (``forms``) and the templates read ``KINDS``; nothing
else compares a kind's name.  A new kind of question is one ``QuestionKind`` below (and its tests).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from django import forms

from core.french import de
from engine.kinds import Param
from engine.stored import Branch, Step, StoredResult
from engine.vocab import BOARD_ZONES, Event, ObjectType, StepKind, Zone
from worked_examples import whatif

POWER, DEATHS, POINTS, ORDER, ALLOWED = "puissance", "morts", "points", "ordre", "permis"
UNIT_TYPES = (ObjectType.UNIT, ObjectType.TOKEN)
MAX_ORDERED = 5
POWER_QUESTIONS_PER_EXAMPLE = 2
ORDINALS = ["En premier", "En deuxième", "En troisième", "En quatrième", "En cinquième"]


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


class Asked(Protocol):
    """What a kind reads of a question (``questions.Question``, which reads ``KINDS``: declared here as a
    protocol so the two modules do not import each other)."""

    kind: str
    prompt: str
    subject: str
    example_title: str
    choices: tuple[Choice, ...]

    @property
    def subject_name(self) -> str: ...


@dataclass(frozen=True)
class Source:
    """What an example gives its questions: its slug, scenario, the engine's typed result, the « Et si… ? »
    switches, and ``make(**fields)``: the fields every question of the example shares."""

    slug: str
    data: dict
    result: StoredResult
    switches: list[Param]
    make: Callable[..., dict]

    @property
    def units(self) -> list[dict]:
        return [o for o in self.data.get("objects") or []
                if o.get("type", ObjectType.UNIT) in UNIT_TYPES and o.get("zone", Zone.BASE) in BOARD_ZONES]


@dataclass(frozen=True)
class QuestionKind:
    """One kind of question.  ``asked``: the question as a list names it; ``fields``/``read``: the answer form's
    fields and the answer they give (the shape of ``expected``'s); ``expected(question, branch, data)``: the
    right answer read from the engine's result; ``opens_at``: the trace step that shows it; ``explains``: the
    steps whose narration says why; ``shape``: a ``number``, ``one`` choice, a ``set`` of choices or an ``order``
    of them; ``nobody``: an empty set in words."""

    slug: str
    label: str
    asked: Callable[[Asked], str]
    fields: Callable[[Asked], dict[str, forms.Field]]
    read: Callable[[dict], object] = lambda cleaned: frozenset(cleaned["reponse"])
    expected: Callable[[Asked, Branch, dict], object] | None = None
    generate: Callable[[Source], Iterator[dict]] | None = None
    opens_at: Callable[[Asked, Sequence[Step]], int | None] = lambda question, trace: None
    explains: Callable[[Asked, Step], bool] = lambda question, step: False
    shape: str = "set"
    nobody: str = ""

    @property
    def ordered(self) -> bool:
        return self.shape == "order"

    @property
    def labelled(self) -> bool:
        """The form shows its fields' own labels (a number, the places of an order)."""
        return self.shape in ("number", "order")

    @property
    def from_example(self) -> bool:
        """Asked about a worked example (graded by its result), not about a « permis ? » situation."""
        return self.generate is not None


# --- helpers of the kinds ------------------------------------------------------------------------------------------

def _choices_field(question: Asked, **kwargs) -> dict[str, forms.Field]:
    return {"reponse": forms.MultipleChoiceField(
        label=question.prompt, required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(choice.value, choice.label) for choice in question.choices], **kwargs)}


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


def _with_variant(slug: str, base: dict, variant: tuple[dict, str] | None) -> Iterator[dict]:
    yield {"slug": slug, **base}
    if variant:
        changes, label = variant
        yield {"slug": f"{slug}-et-si", "changes": tuple(changes.items()), "change_label": label, **base}


def died(branch: Branch) -> list[str]:
    """The objects that died, in order (``Event.DIED``)."""
    return [event.object for event in branch.events if event.type == Event.DIED and event.object]


def applied_order(branch: Branch) -> list[str]:
    """The effects in the order the engine first applied them (steps of kind ``apply``)."""
    seen: list[str] = []
    for step in branch.trace:
        if step.kind == StepKind.APPLY and step.effect and step.effect not in seen:
            seen.append(step.effect)
    return seen


def _first(kind: StepKind, code: str | None = None) -> Callable[[Asked, Sequence[Step]], int | None]:
    """The first step of ``kind`` (with reason ``code``) opens the player."""
    def opens_at(question: Asked, trace: Sequence[Step]) -> int | None:
        return next((s.index for s in trace if s.kind == kind and (code is None or s.reason.code == code)), None)
    return opens_at


# --- « Puissance finale » ------------------------------------------------------------------------------------------

def _power_questions(source: Source) -> Iterator[dict]:
    # Final Might: the units still on the board at the end, those the situation changes first.
    final = source.result.main.objects
    on_board = [u for u in source.units if u["id"] in final and final[u["id"]].zone in BOARD_ZONES]
    on_board.sort(key=lambda u: final[u["id"]].power == u.get("printed_power", 0))
    for unit in on_board[:POWER_QUESTIONS_PER_EXAMPLE]:
        prompt = f"Quelle est la Puissance {de(unit['name'])} à la fin ?"
        base = source.make(kind=POWER, subject=unit["id"], prompt=prompt,
                           choices=(Choice(unit["id"], unit.get("name") or unit["id"]),))
        variant = _effect_off(source.data, source.switches) or _power_change(source.switches, unit, 2)
        yield from _with_variant(f"{source.slug}-puissance-{unit['id']}", base, variant)


def _power_step(question: Asked, trace: Sequence[Step]) -> int | None:
    applied = [s.index for s in trace if s.kind == StepKind.APPLY and s.object == question.subject]
    return applied[-1] if applied else None


POWER_KIND = QuestionKind(
    POWER, "Puissance finale",
    asked=lambda q: f"Puissance finale {de(q.subject_name)}",
    fields=lambda q: {"reponse": forms.IntegerField(
        label="Votre réponse (un nombre)", min_value=-99, max_value=99,
        error_messages={"required": "Indiquez un nombre.", "invalid": "Indiquez un nombre entier."})},
    read=lambda cleaned: cleaned["reponse"],
    expected=lambda q, branch, data: branch.objects[q.subject].power,
    generate=_power_questions,
    opens_at=_power_step,
    explains=lambda q, s: s.kind in (StepKind.APPLY, StepKind.SKIP, StepKind.QUERY) and s.object in (q.subject, None),
    shape="number",
)


# --- « Qui meurt ? » -----------------------------------------------------------------------------------------------

def _death_questions(source: Source) -> Iterator[dict]:
    units = source.units
    dead = died(source.result.main)
    if units and (dead or (whatif.has_board(source.data) and len(units) >= 2)):
        base = source.make(kind=DEATHS, choices=tuple(Choice(u["id"], u["name"]) for u in units),
                           prompt="Quelles unités meurent ? Cochez-les toutes (aucune si personne ne meurt).")
        target = next((u for u in units if u["id"] in dead), units[0])
        yield from _with_variant(f"{source.slug}-morts", base, _power_change(source.switches, target, 2))


_DEATH_EVENTS = (Event.DIED, Event.COMBAT_DAMAGE, Event.DAMAGED)

DEATHS_KIND = QuestionKind(
    DEATHS, "Qui meurt ?",
    asked=lambda q: "Qui meurt ?",
    fields=_choices_field,
    expected=lambda q, branch, data: frozenset(
        oid for oid in died(branch) if oid in {choice.value for choice in q.choices}),
    generate=_death_questions,
    opens_at=_first(StepKind.EVENT, Event.DIED),
    explains=lambda q, s: s.kind in (StepKind.ASSIGN, StepKind.CLEANUP, StepKind.REPLACEMENT)
    or (s.kind == StepKind.EVENT and s.reason.code in _DEATH_EVENTS),
    nobody="aucune unité",
)


# --- « Qui gagne un point ? » --------------------------------------------------------------------------------------

def _point_questions(source: Source) -> Iterator[dict]:
    # Only where there is a battlefield to score.
    players = source.data.get("players") or []
    if whatif.has_board(source.data) and players and source.result.main.players:
        yield {"slug": f"{source.slug}-points", **source.make(
            kind=POINTS, choices=tuple(Choice(p["id"], p.get("name") or p["id"]) for p in players),
            prompt="Qui gagne au moins un point ? Cochez chaque joueur concerné (aucun si personne).")}


def _scorers(question: Asked, branch: Branch, data: dict) -> frozenset[str]:
    before = {p["id"]: p.get("points", 0) for p in data.get("players") or []}
    return frozenset(pid for pid, p in branch.players.items() if (p.points or 0) > before.get(pid, 0))


POINTS_KIND = QuestionKind(
    POINTS, "Qui gagne un point ?",
    asked=lambda q: "Qui gagne un point ?",
    fields=_choices_field,
    expected=_scorers,
    generate=_point_questions,
    opens_at=_first(StepKind.SCORE),
    explains=lambda q, s: s.kind == StepKind.SCORE,
    nobody="personne",
)


# --- « Dans quel ordre ? » -----------------------------------------------------------------------------------------

def _order_questions(source: Source) -> Iterator[dict]:
    # The effects the engine applied, when there are a few.
    order = applied_order(source.result.main)
    labels = {e["id"]: e.get("label") or e["id"] for e in source.data.get("effects") or []}
    if 2 <= len(order) <= MAX_ORDERED and all(eid in labels for eid in order):
        choices = tuple(sorted((Choice(eid, labels[eid]) for eid in order), key=lambda c: c.label))
        yield {"slug": f"{source.slug}-ordre", **source.make(
            kind=ORDER, choices=choices, prompt="Dans quel ordre le moteur applique-t-il ces effets ?")}


def _order_fields(question: Asked) -> dict[str, forms.Field]:
    options = [("", "— choisir —")] + [(choice.value, choice.label) for choice in question.choices]
    required = {"required": "Choisissez un effet pour chaque place."}
    return {f"rang{position + 1}": forms.ChoiceField(label=ORDINALS[position], choices=options, error_messages=required)
            for position in range(len(question.choices))}


ORDER_KIND = QuestionKind(
    ORDER, "Dans quel ordre ?",
    asked=lambda q: "Dans quel ordre ?",
    fields=_order_fields,
    read=lambda cleaned: tuple(cleaned.values()),  # the places in order
    expected=lambda q, branch, data: tuple(applied_order(branch)),
    generate=_order_questions,
    opens_at=_first(StepKind.APPLY),
    explains=lambda q, s: s.kind == StepKind.APPLY,
    shape="order",
)


# --- « Ce coup est-il permis ? » (graded by ``permis``, not by a worked example) -----------------------------------

ALLOWED_KIND = QuestionKind(
    ALLOWED, "Ce coup est-il permis ?",
    asked=lambda q: f"Coup permis ? {q.example_title}",
    fields=lambda q: {"reponse": forms.ChoiceField(
        label=q.prompt, widget=forms.RadioSelect, choices=[(choice.value, choice.label) for choice in q.choices],
        error_messages={"required": "Choisissez oui ou non."})},
    read=lambda cleaned: cleaned["reponse"],
    shape="one",
)

# In the order of the practice list's filter.
KINDS: dict[str, QuestionKind] = {kind.slug: kind for kind in (POWER_KIND, DEATHS_KIND, POINTS_KIND, ORDER_KIND,
                                                               ALLOWED_KIND)}
KIND_LABELS = {slug: kind.label for slug, kind in KINDS.items()}
