"""XP, Level, resolution and triggers (R. 728, R. 824; M13-M14 in RULES.md)."""

from __future__ import annotations

from tests.engine.factories import answers, effect, play, query, scenario, unit


def level_bonus(n=3, **kw):
    return effect("lvl", "increase", target="source", source="u", value=1, condition={"level": n, **kw})


def test_level_reads_current_xp_immediately_and_spending_deactivates():
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 2}],
        objects=[unit(power=2, keywords=["Gank"])],
        effects=[level_bonus()],
        actions=[
            {"do": "gain_xp", "player": "p1", "amount": 1},
            query(),
            {"do": "spend_xp", "player": "p1", "amount": 1},
            query(),
            query(ask="keywords"),
        ],
    )
    assert answers(data) == [3, 2, ["Gank"]]


def test_level_ignores_teammate_xp_and_follows_controller():
    players = [
        {"id": "p1", "name": "A", "xp": 5, "team": "r"},
        {"id": "p2", "name": "B", "xp": 1, "team": "b"},
        {"id": "p3", "name": "C", "xp": 9, "team": "b"},
    ]
    data = scenario(
        players=players,
        objects=[unit(power=2)],
        effects=[level_bonus(), effect("ctl", "set_controller", player="p2", since=None)],
        actions=[query(), {"do": "start", "effect": "ctl"}, query()],
    )
    assert answers(data) == [3, 2]


def test_hunt_gives_xp_to_controller():
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 1}],
        objects=[unit(power=3, keywords=["Chasse 2"])],
        effects=[level_bonus()],
        actions=[{"do": "hunt", "object": "u"}, query()],
    )
    res = play(data)
    assert res.main.players["p1"]["xp"] == 3
    assert [q["value"] for q in res.main.queries] == [4]


def test_resolution_updates_conditions_after_each_instruction():
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 2}],
        objects=[unit(power=2)],
        effects=[level_bonus()],
        actions=[
            {
                "do": "resolve",
                "steps": [
                    {"do": "gain_xp", "player": "p1", "amount": 1},
                    query(),
                    {"do": "spend_xp", "player": "p1", "amount": 1},
                    query(),
                ],
            }
        ],
    )
    assert answers(data) == [3, 2]


def watcher(cond=None):
    return effect(
        "w",
        "triggered",
        target=None,
        source="u",
        when="buffed",
        subject="ally",
        since=1,
        condition=cond or {"level": 3},
    )


def resolve_trigger_data(first, second):
    steps = {"buff": {"do": "buff", "object": "u"}, "xp": {"do": "gain_xp", "player": "p1", "amount": 1}}
    return scenario(
        players=[{"id": "p1", "name": "A", "xp": 2}],
        objects=[unit(power=2)],
        effects=[watcher()],
        actions=[{"do": "resolve", "steps": [steps[first], steps[second]]}],
    )


def test_buff_before_xp_does_not_trigger_and_is_not_replayed():
    res = play(resolve_trigger_data("buff", "xp"))
    assert "triggered" not in [e["type"] for e in res.main.events]
    skips = [s for s in res.to_dict()["trace"] if s["kind"] == "skip" and s["effect"] == "w"]
    assert skips[0]["reason"]["code"] == "inactive_at_event"


def test_xp_before_buff_triggers_after_resolution():
    t = [e["type"] for e in play(resolve_trigger_data("xp", "buff")).main.events]
    assert t.index("triggered") < t.index("trigger_resolved")


def test_trigger_waits_for_the_end_of_the_resolution():
    trig = effect("t", "triggered", target=None, source="u", when="xp_gained", subject="you", since=1)
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 0}],
        effects=[trig],
        actions=[
            {
                "do": "resolve",
                "steps": [
                    {"do": "gain_xp", "player": "p1", "amount": 1},
                    {"do": "spend_xp", "player": "p1", "amount": 1},
                ],
            }
        ],
    )
    t = [e["type"] for e in play(data).main.events]
    assert t.index("xp_spent") < t.index("trigger_resolved")


def test_becoming_active_at_the_same_moment_counts():
    trig = effect(
        "t",
        "triggered",
        target=None,
        source="u",
        when="xp_gained",
        subject="you",
        since=1,
        condition={"level": 3},
    )
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 2}],
        effects=[trig],
        actions=[{"do": "gain_xp", "player": "p1", "amount": 1}],
    )
    assert "triggered" in [e["type"] for e in play(data).main.events]


def test_pending_activation_finishes_but_cannot_be_activated_again():
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 3}],
        objects=[unit(power=2)],
        effects=[
            effect("act", "activated", target=None, source="u", condition={"level": 3}, then="p1", since=1),
            effect("p1", "increase", value=1, since=None, duration="turn"),
        ],
        actions=[
            {"do": "activate", "effect": "act"},
            {"do": "spend_xp", "player": "p1", "amount": 1},
            {"do": "finish", "effect": "act"},
            {"do": "activate", "effect": "act"},
            query(),
        ],
    )
    res = play(data)
    t = [e["type"] for e in res.main.events]
    assert "ability_resolved" in t and t[-1] == "activation_refused"
    assert res.main.queries[0]["value"] == 3


def test_level_and_legion_both_needed():
    data = scenario(
        players=[{"id": "p1", "name": "A", "xp": 3}],
        objects=[unit(power=2)],
        effects=[level_bonus(legion=True)],
        actions=[
            query(),
            {"do": "play_card", "player": "p1"},
            query(),
            {"do": "spend_xp", "player": "p1", "amount": 1},
            query(),
        ],
    )
    assert answers(data) == [2, 3, 2]
