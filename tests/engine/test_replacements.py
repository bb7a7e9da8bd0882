"""Replacement effects (R. 367; M9-M12 in RULES.md)."""

from __future__ import annotations

from tests.engine.factories import effect, play, scenario, unit

SAVE = ["heal", "exhaust", "recall"]


def rep(eid, **kw):
    kw.setdefault("event", "die")
    return effect(eid, "replacement", target=kw.pop("target", None), since=None if False else 1, **kw)


def gear(gid="g", to="u"):
    return {
        "id": gid,
        "name": "Ange",
        "type": "gear",
        "zone": "battlefield",
        "controller": "p1",
        "attached_to": to,
    }


def types(res_outcome):
    return [e["type"] for e in res_outcome.events]


# Rule 15 — the replaced event does not happen.
def test_replaced_death_does_not_happen():
    res = play(scenario(effects=[rep("tr", target="u", produce=SAVE)], actions=[{"do": "kill", "objects": ["u"]}]))
    o = res.main.objects["u"]
    assert (o["zone"], o["exhausted"]) == ("base", True)
    assert "died" not in types(res.main)


def test_as_it_happens_adds_an_action():
    data = scenario(
        effects=[
            rep(
                "plus",
                event="create_token",
                source="u",
                applies_to="allies",
                mode="also",
                produce=["create_token"],
            )
        ],
        actions=[{"do": "create_token", "token": "t", "name": "PO", "player": "p1"}],
    )
    objs = play(data).main.objects
    assert "t" in objs and "t-copie" in objs


# Rule 16 — several replacements: controller orders; both orders explored.
def guardian_and_retreat(**extra):
    return scenario(
        objects=[unit(), gear()],
        effects=[
            rep("ga", source="g", applies_to="attached", produce=["destroy_source"] + SAVE),
            rep("tr", target="u", produce=SAVE),
        ],
        actions=[{"do": "kill", "objects": ["u"]}],
        topic="remplacement",
        **extra,
    )


def test_open_order_gives_two_outcomes():
    res = play(guardian_and_retreat())
    by_first = {o.choice_log[0]["options"][o.choice_log[0]["picked"]]: o for o in res.outcomes}
    assert set(by_first) == {"ga", "tr"}
    assert by_first["ga"].objects["g"]["zone"] == "discard"
    assert by_first["tr"].objects["g"]["zone"] == "base"  # the gear follows its recalled unit
    assert by_first["tr"].objects["g"]["attached_to"] == "u"
    assert by_first["tr"].objects["u"]["zone"] == "base"
    d = res.to_dict()
    assert [o["label"] for o in d["outcomes"]] == ["ga d'abord", "tr d'abord"]
    assert d["outcomes"][0]["choice"][0]["by"] == "p1"


def test_scripted_order_gives_one_result():
    res = play(guardian_and_retreat(choices=[{"order": ["tr", "ga"]}]))
    assert len(res.outcomes) == 1 and "outcomes" not in res.to_dict()
    assert res.main.objects["g"]["attached_to"] == "u"


def test_player_controlling_the_object_decides():
    data = guardian_and_retreat(players=[{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}], turn_player="p2")
    res = play(data)
    assert {o.choice_log[0]["by"] for o in res.outcomes} == {"p1"}


# Rule 17 — simultaneous events.
def test_replacement_instructions_before_unchanged_deaths():
    data = scenario(
        objects=[unit("a"), unit("b")],
        effects=[rep("tr", target="a", produce=SAVE)],
        actions=[{"do": "kill", "objects": ["b", "a"]}],
    )
    t = types(play(data).main)
    assert t.index("recalled") < t.index("died")


def test_source_arriving_through_the_same_set_is_too_late():
    eff = rep("r", source="s", applies_to="other_allies", active_zone="discard", produce=SAVE)
    together = scenario(objects=[unit("a"), unit("s")], effects=[eff], actions=[{"do": "kill", "objects": ["a", "s"]}])
    assert play(together).main.objects["a"]["zone"] == "discard"
    successive = scenario(
        objects=[unit("a"), unit("s")],
        effects=[eff],
        actions=[{"do": "kill", "objects": ["s"]}, {"do": "kill", "objects": ["a"]}],
    )
    assert play(successive).main.objects["a"]["zone"] == "base"


def test_source_leaving_at_the_same_time_still_applies():
    eff = rep("r", source="s", applies_to="other_allies", produce=SAVE)
    data = scenario(objects=[unit("a"), unit("s")], effects=[eff], actions=[{"do": "kill", "objects": ["a", "s"]}])
    objs = play(data).main.objects
    assert (objs["a"]["zone"], objs["s"]["zone"]) == ("base", "discard")


def test_one_sequence_per_simultaneous_set():
    # A protection covering both allies at once saves both in its single sequence.
    eff = rep("r", source="s", applies_to="other_allies", produce=["heal"])
    data = scenario(
        objects=[unit("a"), unit("b"), unit("s")],
        effects=[eff],
        actions=[{"do": "kill", "objects": ["a", "b", "s"]}],
    )
    objs = play(data).main.objects
    assert [objs[x]["zone"] for x in "abs"] == ["battlefield", "battlefield", "discard"]


# Rule 18 — inheritance of applicable changes.
def test_extra_copy_inherits_exhausted_but_draw_ignores_it():
    also = rep("c", event="create_token", source="u", applies_to="allies", mode="also", produce=["create_token"])
    data = scenario(
        effects=[also],
        actions=[{"do": "create_token", "token": "t", "name": "PO", "player": "p1", "exhausted": True}],
    )
    assert play(data).main.objects["t-copie"]["exhausted"] is True
    draw = rep("d", event="create_token", source="u", applies_to="allies", produce=["draw"])
    data = scenario(
        effects=[draw],
        actions=[{"do": "create_token", "token": "t", "name": "PO", "player": "p1", "exhausted": True}],
    )
    res = play(data)
    assert res.main.players["p1"]["hand"] == 1 and "t" not in res.main.objects
    step = [s for s in res.to_dict()["trace"] if s["kind"] == "replacement" and s["effect"] == "d"][0]
    assert step["reason"]["ignored"] == ["exhausted"]


# Rule 19 — once per event, no loop; refusal does not use it up.
def test_no_loop_between_two_replacements():
    data = scenario(
        effects=[
            rep("r1", source="u", applies_to="self", active_zone="anywhere", produce=["return_to_hand"]),
            rep(
                "r2",
                event="return_to_hand",
                source="u",
                applies_to="self",
                active_zone="anywhere",
                produce=["die"],
            ),
        ],
        actions=[{"do": "kill", "objects": ["u"]}],
    )
    res = play(data)
    assert res.main.objects["u"]["zone"] == "discard"
    assert [e["effect"] for e in res.main.events if e["type"] == "replaced"] == ["r1", "r2"]


def test_refusing_optional_does_not_use_once_per_turn():
    eff = rep("opt", source="s", applies_to="other_allies", optional=True, once_per_turn=True, produce=["recall"])
    data = scenario(
        objects=[unit("a"), unit("b"), unit("s")],
        effects=[eff],
        actions=[{"do": "kill", "objects": ["a"]}, {"do": "kill", "objects": ["b"]}],
    )
    res = play(data)
    # open choices: accept/refuse at the first death, then (if refused) at the second
    zones = sorted((o.objects["a"]["zone"], o.objects["b"]["zone"]) for o in res.outcomes)
    assert zones == [("base", "discard"), ("discard", "base"), ("discard", "discard")]


def test_once_per_turn_limit_is_separate():
    eff = rep("once", source="s", applies_to="other_allies", once_per_turn=True, produce=["recall"])
    data = scenario(
        objects=[unit("a"), unit("b"), unit("s")],
        effects=[eff],
        actions=[{"do": "kill", "objects": ["a"]}, {"do": "kill", "objects": ["b"]}],
    )
    objs = play(data).main.objects
    assert (objs["a"]["zone"], objs["b"]["zone"]) == ("base", "discard")


def test_gangplank_replacement_changes_one_of_the_two_swap_events():
    data = scenario(
        objects=[unit("g", 6), unit("b", 2)],
        effects=[
            rep(
                "gp",
                event="power_change",
                source="g",
                applies_to="self",
                negative_only=True,
                produce=["power_change"],
                amount=3,
            )
        ],
        actions=[{"do": "swap", "objects": ["g", "b"]}],
    )
    objs = play(data).main.objects
    assert (objs["g"]["power"], objs["b"]["power"]) == (9, 6)
