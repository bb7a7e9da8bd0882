"""A practice question states every fact its answer depends on (issue 33, item 2).

For each shipped situation, every fact of the scenario (a player's counter, an object's zone, state, Might or
keyword, an effect's target, value, condition or timestamp, whose turn it is, an action's target or text) is changed
in turn. When the change leaves the question's text as it was, the player cannot see that fact: the engine's answer
to every question of that situation must then stay the same. The text is never trusted to say what it shows: « not
shown » means « the text does not change when the fact does ».

``test_the_check_catches_a_hidden_fact`` proves the check can fail: with the text made to omit a rune's state or an
effect's text, it finds the questions whose answer that fact decides.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
import yaml

import engine
from learn import permis, questions, situation
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR

SCENARIOS = sorted(SCENARIOS_DIR.glob("*.yaml"))
TOLD = ("players", "objects", "effects", "actions", "turn_player")
# Keys that name things (an id, a label) or only comment (a note, the checkpoint « query »): not facts of the game.
NOT_FACTS = {"id", "note", "do", "ask"}


def leaves(node, path=()) -> Iterator[tuple[tuple, object]]:
    """Every fact of a scenario: (path, value); a list of plain values (keywords, produce) is one fact."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in NOT_FACTS:
                yield from leaves(value, (*path, key))
    elif isinstance(node, list) and any(isinstance(item, (dict, list)) for item in node):
        for number, item in enumerate(node):
            yield from leaves(item, (*path, number))
    else:
        yield path, node


def ids_of(data: dict) -> list[str]:
    return [entry["id"] for key in ("players", "objects", "effects") for entry in data.get(key) or []]


def alternatives(data: dict, path: tuple, value) -> list:
    """Other values the fact could take: a flipped flag, a number one higher, another id or word of its kind."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if isinstance(value, list):
        return [value[:-1]] if value else []
    if isinstance(value, str):
        ids = ids_of(data)
        if value in ids:
            same = [i for i in ids if i != value]
            return same[:3]
        words = {v for p, v in leaves({k: data.get(k) for k in TOLD}) if p[-1:] == path[-1:] and isinstance(v, str)}
        return sorted(words - {value})[:2]
    return []


def changed(data: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def run(data: dict) -> dict | None:
    try:
        return engine.run(engine.load_scenario(data)).to_dict()
    except engine.ScenarioError:
        return None


def answers(items: list[questions.Question], data: dict, result: dict) -> dict:
    found = {}
    for question in items:
        try:
            found[question.slug] = questions.expected(question, result, data)
        except (KeyError, IndexError, TypeError):
            found[question.slug] = "(sans réponse)"
    return found


def hidden_facts_that_decide(data: dict, items: list[questions.Question]) -> list[str]:
    """The facts the text does not show although an answer changes with them."""
    result = run(data)
    text = questions.situation_lines(data, result)
    before = answers(items, data, result)
    found = []
    for path, value in leaves({key: data[key] for key in TOLD if key in data}):
        for other in alternatives(data, path, value):
            variant = changed(data, path, other)
            variant_result = run(variant)
            if variant_result is None or len(variant_result.get("outcomes") or []) > 1:
                continue  # the engine refuses the changed situation, or it opens a choice: no single answer
            if questions.situation_lines(variant, variant_result) != text:
                continue  # the player sees the change
            after = answers(items, variant, variant_result)
            for slug, answer in after.items():
                if answer != before[slug]:
                    found.append(f"{slug}: {'.'.join(map(str, path))} = {value!r} → {other!r} (not shown) changes "
                                 f"the answer {before[slug]!r} → {answer!r}")
    return found


def example_questions(path) -> tuple[dict, list[questions.Question]]:
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    result = engine.run(engine.load_scenario(text)).to_dict()
    shipped = WorkedExample(slug=path.stem, title=data["title"], topic=data["topic"], scenario=text, result=result)
    return data, [q for q in questions.build([shipped]) if not q.changes]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_no_hidden_fact_decides_an_answer(path):
    data, items = example_questions(path)
    if not items:
        pytest.skip("no question from this example")
    assert hidden_facts_that_decide(data, items) == []


def test_every_allowed_move_situation_states_what_the_verdict_depends_on():
    found = []
    for item in permis.situations():
        for change in [None, *(item.get("changes") or [])]:
            data = permis.scenario_of(item, change)
            text = questions.situation_lines(data, {"trace": permis.action_steps(item, change)})
            verdict = permis.judge(item, change).answer
            for path, value in leaves({key: data[key] for key in TOLD if key in data and key != "actions"}):
                for other in alternatives(data, path, value):
                    moved = {**item, "situation": changed(data, path, other)}
                    try:
                        other_verdict = permis.judge(moved).answer
                    except permis.BrokenSituation:
                        continue
                    if questions.situation_lines(moved["situation"], {"trace": []}) == \
                            questions.situation_lines(data, {"trace": []}) and other_verdict != verdict:
                        found.append(f"{item['slug']}: {path} {value!r} → {other!r} changes {verdict} → "
                                     f"{other_verdict}")
            assert text  # the situation is told
    assert found == []


def test_the_check_catches_a_hidden_fact(monkeypatch):
    # A text that leaves out an effect's text (its value, target, timestamp…) hides what decides the Might.
    data, items = example_questions(SCENARIOS_DIR / "au-moins-5.yaml")
    assert hidden_facts_that_decide(data, items) == []
    monkeypatch.setattr(situation.Teller, "effect_line", lambda self, effect: f"Effet « {effect['label']} ».")
    caught = hidden_facts_that_decide(data, items)
    assert any("effects." in line and "puissance" in line for line in caught)


def test_the_check_catches_an_unsaid_state(monkeypatch):
    # A text that never says a unit is exhausted or where a unit stands hides what decides a move or a combat.
    data, items = example_questions(SCENARIOS_DIR / "combat-tous-morts.yaml")
    assert hidden_facts_that_decide(data, items) == []
    original = situation.Teller.object_line
    monkeypatch.setattr(situation.Teller, "object_line",
                        lambda self, obj: original(self, {k: v for k, v in obj.items() if k != "printed_power"}))
    assert hidden_facts_that_decide(data, items) != []
