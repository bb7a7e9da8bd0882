"""Layers, dependencies, timestamps and power arithmetic (R. 475–482; M1-M8 in RULES.md): one test per rule."""

from __future__ import annotations

from tests.engine.factories import answers, effect, play, power, query, scenario, unit


def apply_steps(res, obj="u"):
    return [s for s in res.to_dict()["trace"] if s["kind"] == "apply" and s["object"] == obj]


# Rule 1 — four layers; copy copies only copiable values.
def test_set_power_then_increase_whatever_the_timestamps():
    data = scenario(effects=[effect("fix", "set_power", value=4, since=2), effect("p2", "increase", value=2, since=1)])
    assert power(data) == 6


def test_copy_ignores_tag_and_bonus_added_by_later_layers():
    data = scenario(
        objects=[unit("a", 3, keywords=["Gank"]), unit("b", 1)],
        effects=[
            effect("tag", "add_tag", target="a", tag="Mecha"),
            effect("bonus", "increase", target="a", value=2),
            effect("cp", "copy", target="b", of="a", since=3),
        ],
    )
    objs = play(data).main.objects
    assert (objs["b"]["power"], objs["b"]["tags"], objs["b"]["keywords"]) == (3, [], ["Gank"])
    assert (objs["a"]["power"], objs["a"]["tags"]) == (5, ["Mecha"])


def test_gear_text_gives_keyword_in_abilities_layer_only_when_attached():
    gear = {"id": "g", "name": "Bottes", "type": "gear", "zone": "base", "controller": "p1"}
    eff = effect("txt", "grant_keywords", target="attached", source="g", keywords=["Gank"])
    assert play(scenario(objects=[unit(), gear], effects=[eff])).main.objects["u"]["keywords"] == []
    gear["attached_to"] = "u"
    res = play(scenario(objects=[unit(), gear], effects=[eff]))
    assert res.main.objects["u"]["keywords"] == ["Gank"]
    assert [s["layer"] for s in apply_steps(res)] == ["abilities"]


def test_increases_before_decreases():
    # -3 with minimum 1 then +3: if the decrease came first it would remove only 2 (3 → 1) then +3 = 4.
    data = scenario(
        objects=[unit(power=3)],
        effects=[
            effect("m", "decrease_floored", value=3, min=1, since=1),
            effect("p", "increase", value=3, since=2),
        ],
    )
    assert power(data) == 3


# Rule 2 — dependency derived by trial, else timestamp.
def test_dependency_beats_timestamp_at_least_5():
    data = scenario(
        objects=[unit(power=4)],
        effects=[
            effect("up5", "increase_up_to", value=5, since=1),
            effect("p2", "increase", value=2, since=2),
        ],
    )
    res = play(data)
    assert res.main.objects["u"]["power"] == 6
    assert [s["effect"] for s in apply_steps(res)] == ["p2", "up5"]
    assert apply_steps(res)[1]["reason"] == {
        "code": "dependency",
        "depends_on": "p2",
        "aspect": "result",
        "result": 0,
    }


def test_mutual_change_falls_back_to_timestamps_both_ways():
    def run_with(t_passive, t_capped):
        return scenario(
            objects=[unit(power=4)],
            effects=[
                effect("up5", "increase_up_to", value=5, since=t_passive),
                effect("cap", "increase_capped", value=2, max=5, since=t_capped),
            ],
        )

    res = play(run_with(1, 2))
    assert [(s["effect"], s["reason"]["result"]) for s in apply_steps(res)] == [("up5", 1), ("cap", 0)]
    res = play(run_with(2, 1))
    assert [(s["effect"], s["reason"]["result"]) for s in apply_steps(res)] == [("cap", 1), ("up5", 0)]


def test_independent_effects_follow_timestamps():
    data = scenario(effects=[effect("b", "increase", value=1, since=5), effect("a", "increase", value=2, since=3)])
    assert [s["effect"] for s in apply_steps(play(data))] == ["a", "b"]


# Rule 3 — timestamp lost when inactive, new one when active again.
def test_reactivated_text_gets_a_new_timestamp():
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 2}],
        effects=[
            effect(
                "give",
                "grant_keywords",
                target="source",
                source="u",
                keywords=["Gank"],
                condition={"level": 2},
                since=1,
            ),
            effect("take", "remove_keywords", keywords=["Gank"], since=2),
        ],
        actions=[
            query(ask="keywords"),
            {"do": "spend_xp", "player": "p1", "amount": 1},
            {"do": "gain_xp", "player": "p1", "amount": 1},
            query(ask="keywords"),
        ],
    )
    assert answers(data) == [[], ["Gank"]]


# Rule 4 — re-examination, each effect once (Fiora).
def fiora(defending=True, buff=True):
    effs = [
        effect(
            "kw",
            "grant_keywords",
            target="source",
            source="u",
            keywords=["Protection", "Gank", "Bouclier"],
            condition={"mighty": True},
        )
    ]
    if buff:
        effs.append(effect("buff", "increase", value=1, since=2))
    return scenario(objects=[unit(power=4, defending=defending)], effects=effs)


def test_fiora_buff_reexamines_abilities_and_shield_adds_one():
    res = play(fiora())
    o = res.main.objects["u"]
    assert (o["power"], sorted(o["keywords"])) == (6, ["Bouclier", "Gank", "Protection"])
    kinds = [s["kind"] for s in res.to_dict()["trace"]]
    assert "reexamine" in kinds
    assert [s["effect"] for s in apply_steps(res)].count("buff") == 1


def test_fiora_not_defending_is_5():
    assert power(fiora(defending=False)) == 5


# Rule 5 — removing the support.
def test_fiora_without_buff_is_4_without_keywords():
    o = play(fiora(buff=False)).main.objects["u"]
    assert (o["power"], o["keywords"]) == (4, [])


# Rule 6 — intermediate values are not events.
def test_set_5_then_minus_1_never_becomes_mighty():
    data = scenario(
        objects=[unit(power=3)],
        effects=[
            effect("s5", "set_power", value=5, since=None),
            effect("m1", "decrease", value=1, since=None),
        ],
        actions=[{"do": "start", "effects": ["s5", "m1"]}],
    )
    res = play(data)
    assert res.main.objects["u"]["power"] == 4
    assert [e for e in res.main.events if e["type"] == "became_mighty"] == []


def test_five_to_six_is_no_new_event():
    data = scenario(objects=[unit(power=4)], actions=[{"do": "buff", "object": "u"}, {"do": "buff", "object": "u"}])
    assert [e["type"] for e in play(data).main.events if "mighty" in e["type"]] == ["became_mighty"]


# Rule 7 — objects computed separately; needed object first; loops together.
def test_object_reading_another_waits_for_it():
    data = scenario(
        objects=[unit("a", 1), unit("b", 2)],
        effects=[
            effect("ra", "increase_by_power_of", target="a", of="b"),
            effect("pb", "increase", target="b", value=2, since=2),
        ],
    )
    res = play(data)
    assert res.main.objects["a"]["power"] == 5
    objs = [s for s in res.to_dict()["trace"] if s["kind"] == "object"]
    assert [s["object"] for s in objs] == ["b", "a"]
    assert objs[1]["reason"] == {"code": "needs_object", "needs": ["b"]}


def test_loop_computed_together():
    data = scenario(
        objects=[unit("a", 1), unit("b", 2)],
        effects=[
            effect("ra", "increase_by_power_of", target="a", of="b", since=1),
            effect("rb", "increase_by_power_of", target="b", of="a", since=2),
        ],
    )
    objs = play(data).main.objects
    assert (objs["a"]["power"], objs["b"]["power"]) == (3, 5)


# Rules 8-10 — set, passive "up to", one-shot locked.
def test_passive_up_to_recalculated_and_removed():
    data = scenario(
        objects=[unit(power=3)],
        effects=[
            effect("u5", "increase_up_to", value=5, since=1),
            effect("u6", "increase_up_to", value=6, since=2),
        ],
        actions=[query(), {"do": "end", "effect": "u6"}, query()],
    )
    assert answers(data) == [6, 5]


def test_one_shot_limit_keeps_its_amount():
    data = scenario(
        objects=[unit(power=2)],
        effects=[
            effect("m", "decrease_floored", value=4, min=1, oneshot=True, since=None),
            effect("p", "increase", value=3, since=None),
        ],
        actions=[{"do": "start", "effect": "m"}, {"do": "start", "effect": "p"}, query()],
    )
    assert answers(data) == [4]


def test_passive_limit_is_recalculated():
    data = scenario(
        objects=[unit(power=2)],
        effects=[
            effect("m", "decrease_floored", value=4, min=1, since=None),
            effect("p", "increase", value=3, since=None),
        ],
        actions=[{"do": "start", "effect": "m"}, {"do": "start", "effect": "p"}, query()],
    )
    assert answers(data) == [1]


# Rule 11 — doubling.
def test_doubling_is_a_fixed_amount_and_never_negative():
    data = scenario(
        objects=[unit(power=3)],
        effects=[effect("p", "increase", value=1, since=None)],
        actions=[{"do": "double", "object": "u"}, query(), {"do": "start", "effect": "p"}, query()],
    )
    assert answers(data) == [6, 7]
    data = scenario(
        objects=[unit(power=1)],
        effects=[effect("m", "decrease", value=3)],
        actions=[{"do": "double", "object": "u"}, query()],
    )
    assert answers(data) == [-2]


# Rule 12 — swapping.
def test_swap_equal_values_changes_nothing():
    data = scenario(objects=[unit("a", 3), unit("b", 3)], actions=[{"do": "swap", "objects": ["a", "b"]}])
    res = play(data)
    assert [e["type"] for e in res.main.events] == ["swap_nothing"]


def test_swap_uses_real_negative_values():
    data = scenario(
        objects=[unit("a", 1), unit("b", 3)],
        effects=[effect("m", "decrease", target="a", value=3)],
        actions=[{"do": "swap", "objects": ["a", "b"]}],
    )
    objs = play(data).main.objects
    assert (objs["a"]["power"], objs["b"]["power"]) == (3, -2)


# Rule 13 — negative power read as 0 by references and combat damage.
def test_negative_power_reference_and_damage():
    data = scenario(
        objects=[unit("a", 1), unit("b", 0)],
        effects=[
            effect("m", "decrease", target="a", value=3),
            effect("r", "increase_by_power_of", target="b", of="a", since=2),
        ],
        actions=[{"do": "combat_damage", "object": "a"}],
    )
    res = play(data)
    assert res.main.objects["a"]["power"] == -2
    assert res.main.objects["b"]["power"] == 0
    assert res.main.events[-1]["amount"] == 0


# Rule 14 — durations and off-board.
def test_two_expiries():
    data = scenario(
        objects=[unit(power=3, keywords=["Bouclier 2"], defending=True)],
        actions=[
            {"do": "double", "object": "u", "duration": "turn"},
            query(),
            {"do": "end_combat"},
            query(),
            {"do": "end_turn"},
            query(),
        ],
    )
    assert answers(data) == [10, 8, 3]


def test_off_board_uses_printed_power():
    data = scenario(
        objects=[unit(power=3)],
        effects=[effect("p", "increase", value=3)],
        actions=[query(), {"do": "move", "object": "u", "zone": "discard"}, query(), query(ask="mighty")],
    )
    assert answers(data) == [6, 3, False]


def test_characteristics_layer_name_cost_domain_and_copy_takes_printed_ones():
    data = scenario(
        objects=[unit("a", 3, cost=2, domains=["Chaos"]), unit("b", 1, cost=5)],
        effects=[
            effect("nom", "set_name", target="a", name="Unité renommée"),
            effect("cout", "set_cost", target="a", value=7),
            effect("dom", "add_domain", target="a", domain="Ordre"),
            effect("cp", "copy", target="b", of="a", since=2),
        ],
    )
    objs = play(data).main.objects
    assert (objs["a"]["name"], objs["a"]["cost"], objs["a"]["domains"]) == (
        "Unité renommée",
        7,
        ["Chaos", "Ordre"],
    )
    assert (objs["b"]["name"], objs["b"]["cost"], objs["b"]["domains"]) == ("Unité a", 2, ["Chaos"])
