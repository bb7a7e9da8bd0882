"""The kinds of practice question are declared once (``learn.kinds.KINDS``) and read by the list's filter, the
answer form, grading and the question page."""

import dataclasses

from engine.stored import StoredResult
from learn import kinds, questions
from learn.forms import AnswerForm, PracticeFilter


def question(kind: str, **fields) -> questions.Question:
    base = {"slug": "q", "example_slug": "ex", "example_title": "Exemple", "area": "combat", "area_label": "Combat",
            "kind": kind, "prompt": "Qui ?", "situation": "",
            "choices": (kinds.Choice("vi", "Vi"), kinds.Choice("garen", "Garen"))}
    return questions.Question(**{**base, **fields})


RESULT = {
    "objects": {"vi": {"name": "Vi", "power": 7, "zone": "battlefield"}},
    "players": {"p1": {"name": "A", "points": 2}, "p2": {"name": "B", "points": 0}},
    "events": [{"type": "died", "object": "garen"}, {"type": "died", "object": "jinx"}],
    "trace": [
        {"index": 0, "kind": "setup"},
        {"index": 1, "kind": "apply", "effect": "e2", "object": "vi", "text": "E2 s'applique."},
        {"index": 2, "kind": "apply", "effect": "e1", "object": "vi", "text": "E1 s'applique."},
        {"index": 3, "kind": "event", "reason": {"code": "died", "object": "garen"}, "text": "Garen meurt."},
        {"index": 4, "kind": "score", "text": "A marque."},
    ],
}
DATA = {"players": [{"id": "p1", "points": 1}, {"id": "p2", "points": 0}]}


def test_the_filter_offers_every_kind_with_its_label():
    offered = dict(PracticeFilter([]).fields["type"].choices)
    assert {slug: offered[slug] for slug in kinds.KINDS} == {slug: k.label for slug, k in kinds.KINDS.items()}


def test_each_kind_reads_its_answer_from_the_typed_result():
    typed = StoredResult.from_dict(RESULT)
    assert questions.expected(question(kinds.POWER, subject="vi"), typed, DATA) == 7
    assert questions.expected(question(kinds.DEATHS), typed, DATA) == frozenset({"garen"})  # jinx is no choice
    assert questions.expected(question(kinds.POINTS), RESULT, DATA) == frozenset({"p1"})  # a raw dict is read too
    assert questions.expected(question(kinds.ORDER), typed, DATA) == ("e2", "e1")


def test_each_kind_opens_the_step_that_shows_it_and_explains_with_its_own_steps():
    assert questions.step_of(question(kinds.POWER, subject="vi"), RESULT) == 2  # the last effect applied to it
    assert questions.step_of(question(kinds.DEATHS), RESULT) == 3
    assert questions.step_of(question(kinds.POINTS), RESULT) == 4
    assert questions.step_of(question(kinds.ORDER), RESULT) == 1
    assert questions.step_of(question(kinds.POWER, subject="garen"), RESULT) == "fin"
    assert questions.why_lines(question(kinds.DEATHS), RESULT) == ["Garen meurt."]
    assert questions.why_lines(question(kinds.ORDER), RESULT) == ["E2 s'applique.", "E1 s'applique."]


def test_the_answer_form_and_the_words_follow_the_kind():
    order = question(kinds.ORDER)
    form = AnswerForm(order, {"rang1": "garen", "rang2": "vi"})
    assert form.is_valid() and form.answer() == ("garen", "vi")
    assert questions.answer_text(order, ("garen", "vi")) == "« Garen » → « Vi »"
    same = AnswerForm(order, {"rang1": "vi", "rang2": "vi"})
    assert not same.is_valid()
    deaths = question(kinds.DEATHS)
    assert AnswerForm(deaths, {"reponse": ["vi"]}).is_valid()
    assert questions.answer_text(deaths, frozenset()) == "aucune unité"
    assert questions.answer_text(question(kinds.POINTS), frozenset()) == "personne"
    assert questions.answer_text(question(kinds.POWER), 5) == "5"


def test_a_kind_not_ranked_in_an_area_comes_last_there():
    late = dataclasses.replace(question(kinds.POWER), kind="nouvelle")
    ranked = questions.AREA_KINDS["combat"]
    assert questions._kind_rank(late) == len(ranked) > max(questions._kind_rank(question(k)) for k in ranked)
