"""Scenario validation: clear French messages naming the faulty field; limits; YAML safety."""

from __future__ import annotations

import pytest

from engine import ScenarioError, load_scenario
from tests.engine.factories import effect, scenario, unit


def error_of(source) -> str:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(source)
    return exc.value.message


def test_wrong_type_names_the_field():
    data = scenario(
        effects=[
            effect("a", "increase", value=1),
            effect("b", "increase", value=1),
            effect("c", "increase", value="deux"),
        ]
    )
    assert error_of(data) == "effects[2].value : un nombre entier est attendu"


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d["effects"].append(effect("x", "nope")), "effects[0].kind"),
        (
            lambda d: d["effects"].append(effect("x", "increase", target="ghost", value=1)),
            "effects[0].target",
        ),
        (lambda d: d["objects"][0].update(zone="lune"), "objects[0].zone"),
        (lambda d: d["objects"][0].update(controller="p9"), "objects[0].controller"),
        (lambda d: d["actions"].append({"do": "voler"}), "actions[0].do"),
        (lambda d: d["actions"].append({"do": "kill", "objects": ["ghost"]}), "actions[0].objects[0]"),
        (lambda d: d.update(topic="cuisine"), "topic"),
        (lambda d: d["players"][0].update(xp=-1), "players[0].xp"),
        (
            lambda d: d["effects"].append(effect("x", "increase", value=1, since=None, condition={"level": 2})),
            "effects[0].condition",
        ),
        (
            lambda d: d["effects"].append(effect("x", "increase", value=1, since=None, duree="tour")),
            "effects[0].duree",
        ),
        (
            lambda d: d["effects"].append({"id": "x", "label": "x", "kind": "increase", "target": "u", "value": 1}),
            "effects[0].since",
        ),
        (lambda d: d.update(expect={"events": ["died"]}), "expect.events[0]"),
    ],
)
def test_invalid_fields_are_named(mutate, field):
    data = scenario()
    mutate(data)
    assert error_of(data).startswith(field)


def path_of(source) -> tuple:
    with pytest.raises(ScenarioError) as exc:
        load_scenario(source)
    return exc.value.path


def test_the_faulty_place_is_data_not_words_to_parse():
    """Code reads ``path`` (the sandbox puts the message beside that field); the French stays for people."""
    data = scenario(effects=[effect("a", "increase", value=1), effect("b", "increase", value="deux")])
    assert path_of(data) == ("effects", 1, "value")
    data = scenario()
    data["actions"].append({"do": "kill", "objects": ["ghost"]})
    assert path_of(data) == ("actions", 0, "objects", 0)
    data = scenario()
    data["players"][0].update(xp=-1)
    assert path_of(data) == ("players", 0, "xp")
    with pytest.raises(ScenarioError) as exc:
        load_scenario("a: [1, 2")
    assert exc.value.path == ()  # the whole text: a line and a column in the message instead


def test_duplicate_and_unknown_ids():
    assert "en double" in error_of(scenario(objects=[unit("a"), unit("a")]))
    assert "effet inconnu" in error_of(scenario(actions=[{"do": "end", "effect": "zz"}]))


def test_size_limits():
    assert "maximum 20" in error_of(scenario(objects=[unit(f"u{i}") for i in range(21)]))
    effs = [effect(f"e{i}", "increase", value=1) for i in range(201)]
    assert "maximum 200" in error_of(scenario(effects=effs))
    assert "maximum 50" in error_of(scenario(actions=[{"do": "end_turn"}] * 51))
    assert "64 Ko" in error_of("title: x\n" + "#" * (65 * 1024))


def test_yaml_errors_are_scenario_errors():
    assert error_of("title: [unclosed").startswith("ligne")
    assert "dictionnaire" in error_of("- a\n- b\n")
    assert "dictionnaire" in error_of(12)


def test_yaml_alias_bomb_refused():
    bomb = "a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nc: [*b, *b, *b, *b]\n"
    assert "alias" in error_of(bomb)


def test_python_tags_refused():
    assert error_of("title: !!python/object/apply:os.system ['echo hi']").startswith("ligne")


def test_valid_yaml_text_loads():
    sc = load_scenario(
        "title: T\ndescription: D\ntopic: couches\nplayers: [{id: p1, name: A}]\n"
        "objects: [{id: u, name: U, printed_power: 2, zone: battlefield}]\n"
        "effects: [{id: e, label: E, kind: increase, value: 1, target: u, since: 1}]\n"
    )
    assert sc.objects[0].controller == "p1"


def test_no_ordinary_action_between_two_instructions():
    data = scenario(
        actions=[{"do": "resolve", "steps": [{"do": "buff", "object": "u"}, {"do": "play_card", "player": "p1"}]}]
    )
    assert error_of(data).startswith("actions[0].steps[1].do : « play_card » est une action ordinaire")


def test_heavy_scenario_fails_cleanly_and_quickly():
    import time

    from engine import EngineLimitError, run

    effects = [effect(f"e{i}", "increase_up_to", value=3 + i % 9, since=i + 1) for i in range(200)]
    data = scenario(effects=effects, actions=[{"do": "end_turn"}] * 50)
    # CPU time of this process: the limit is about the engine's work, not about other jobs sharing the cores
    start = time.process_time()
    with pytest.raises(EngineLimitError) as exc:
        run(load_scenario(data), trace=False)
    assert "limite de sécurité" in exc.value.message
    assert time.process_time() - start < 10
