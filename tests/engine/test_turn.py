"""The whole turn: movement, the chain, showdowns, combat and scoring — one rule per test, plus
property tests (hypothesis) on random legal combats."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineLimitError, ScenarioError, load_scenario, run
from engine.kinds import STEP_KIND_LABELS, CombatResult, Event, StepKind, Why
from engine.stored import StoredResult
from tests.engine.factories import player, scenario, unit


def duel(objects, actions, **kw) -> dict:
    bfs = [
        {"id": "pont", "name": "Pont", "type": "battlefield", "controller": kw.pop("pont", "p2")},
        {"id": "autel", "name": "Autel", "type": "battlefield"},
    ]
    return scenario(
        objects=bfs + objects,
        actions=actions,
        players=kw.pop("players", [player("p1"), player("p2")]),
        topic="combat",
        **kw,
    )


def error_of(data) -> str:
    with pytest.raises(ScenarioError) as exc:
        run(load_scenario(data))
    return exc.value.message


def test_moving_an_exhausted_unit_is_refused_naming_the_rule():
    data = duel(
        [unit("vi", 3, zone="base", exhausted=True)], [{"do": "standard_move", "objects": ["vi"], "to": "autel"}]
    )
    msg = error_of(data)
    assert "épuisée" in msg and "R. 144" in msg and msg.startswith("actions[0]")


def test_ganking_without_the_keyword_is_refused():
    data = duel(
        [unit("vi", 3, at="pont", controller="p1")],
        [{"do": "standard_move", "objects": ["vi"], "to": "autel"}],
        pont="p1",
    )
    assert "Gank" in error_of(data) and "R. 810" in error_of(data)


def test_acting_without_focus_is_refused():
    data = duel(
        [unit("vi", 3, zone="base"), unit("garen", 3, at="pont", controller="p2")],
        [
            {"do": "standard_move", "objects": ["vi"], "to": "pont"},
            {
                "do": "cast",
                "player": "p2",
                "label": "Buff",
                "speed": "action",
                "steps": [{"do": "buff", "object": "garen"}],
            },
        ],
    )
    msg = error_of(data)
    assert "focalisation" in msg and "R. 311" in msg


def test_passing_without_priority_is_refused():
    """R. 337.4: after casting, the caster keeps priority; the opponent cannot pass in their place."""
    data = duel(
        [unit("vi", 3, zone="base")],
        [
            {"do": "cast", "player": "p1", "label": "A", "steps": [{"do": "buff", "object": "vi"}]},
            {"do": "pass", "player": "p2"},
        ],
    )
    assert "priorité" in error_of(data)


def test_assigning_damage_past_a_tank_is_refused():
    data = duel(
        [
            unit("jinx", 5, zone="base"),
            unit("braum", 2, at="pont", controller="p2", keywords=["Tank"]),
            unit("lux", 3, at="pont", controller="p2"),
        ],
        [{"do": "standard_move", "objects": ["jinx"], "to": "pont"}],
        choices=[{"assign": ["lux", "braum"], "by": "p1"}],
    )
    msg = error_of(data)
    assert "Tank" in msg and "R. 815" in msg


def test_accelerate_without_the_keyword_is_refused():
    data = duel([unit("vi", 3, zone="hand")], [{"do": "play_unit", "object": "vi", "accelerate": True}])
    assert "R. 805" in error_of(data)


def test_why_of_each_assignment_and_score_is_structured_with_its_rule():
    data = duel(
        [unit("jinx", 5, zone="base"), unit("braum", 2, at="pont", controller="p2", keywords=["Tank"])],
        [{"do": "standard_move", "objects": ["jinx"], "to": "pont"}],
    )
    d = run(load_scenario(data)).to_dict()
    item = d["combats"][0]["assignments"][0]["items"][0]
    assert item["why"]["code"] == Why.TANK_FIRST and item["why"]["rule"] == "R. 815" and item["why"]["label"]
    assert d["scores"][0]["why"] == {"code": "conquer", "rule": "R. 471", "label": Why.CONQUER.label}
    assert any(s["kind"] == "assign" and "R. 815" in s["text"] for s in d["trace"])
    assert d["board"]["battlefields"]["pont"]["controller"] == "p1"


@pytest.mark.parametrize(("might_a", "might_d", "stunned", "expected"), [
    (5, 2, False, "conquered"),  # R. 468.3.a: only the attacker's units are left; it establishes control (R. 468.5)
    (2, 5, False, "defended"),  # R. 468.3.a: only the defender's units are left
    (3, 3, False, "uncontrolled"),  # R. 468.3.d, 468.5.b: no unit is left, nobody controls the battlefield
    (1, 5, True, "recalled"),  # R. 468.1.a.2: defenders left (a stunned one deals no damage), attackers recalled
])
def test_a_combat_result_is_a_member_of_the_vocabulary_stored_as_its_text(might_a, might_d, stunned, expected):
    data = duel(
        [unit("jinx", might_a, zone="base"), unit("braum", might_d, at="pont", controller="p2", stunned=stunned)],
        [{"do": "standard_move", "objects": ["jinx"], "to": "pont"}],
    )
    d = run(load_scenario(data)).to_dict()
    result = d["combats"][0]["result"]
    assert type(result) is CombatResult and result == CombatResult(expected) and result.label
    assert json.loads(json.dumps(d["combats"]))[0]["result"] == expected
    ended = [e for e in d["events"] if e["type"] == Event.COMBAT_ENDED]
    assert [type(e["result"]) for e in ended] == [CombatResult]
    assert type(StoredResult.from_dict(json.loads(json.dumps(d))).main.combats[0].result) is CombatResult


def test_every_step_kind_and_event_has_a_french_label():
    d = run(
        load_scenario(duel([unit("vi", 3, zone="base")], [{"do": "standard_move", "objects": ["vi"], "to": "autel"}]))
    )
    for s in d.to_dict()["trace"]:
        assert s["kind"] in STEP_KIND_LABELS and s["kind_label"] == StepKind(s["kind"]).label
    for e in d.main.events:
        assert Event(e["type"]).label


def test_legacy_zone_move_does_not_stage_combat_without_battlefields():
    data = scenario(objects=[unit("u", 3, zone="base")], actions=[{"do": "move", "object": "u", "zone": "battlefield"}])
    res = run(load_scenario(data))
    assert not res.main.combats and res.main.objects["u"]["zone"] == "battlefield"


# --------------------------------------------------------------------------- properties


@st.composite
def combats(draw):
    kws = ["Tank", "Arrière-ligne", "Assaut 1", "Bouclier 1", "Gank", "Chasse 1", "Temporaire"]
    objects = []
    for side, pid in (("a", "p1"), ("d", "p2")):
        for i in range(draw(st.integers(1, 4))):
            o = unit(
                f"{side}{i}",
                draw(st.integers(-1, 6)),
                controller=pid,
                keywords=draw(st.lists(st.sampled_from(kws), max_size=2, unique=True)),
            )
            if side == "a":
                o["zone"] = "base"
            else:
                o["at"] = "pont"
                o["stunned"] = draw(st.booleans())
            objects.append(o)
    attackers = [o["id"] for o in objects if o["id"].startswith("a")]
    moving = draw(st.lists(st.sampled_from(attackers), min_size=1, unique=True))
    actions = [{"do": "standard_move", "objects": moving, "to": "pont"}]
    if draw(st.booleans()):
        actions += [{"do": "end_turn"}, {"do": "start_turn"}]
    pts = draw(st.integers(0, 7))
    return duel(objects, actions, players=[player("p1", points=pts), player("p2", points=draw(st.integers(0, 7)))])


PROPS = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(combats())
def test_random_combats_terminate_and_keep_the_invariants(data):
    try:
        res = run(load_scenario(data), trace=True)
    except EngineLimitError:
        return
    start_points = {p["id"]: p.get("points", 0) for p in data["players"]}
    for o in res.outcomes:
        # no unit is both dead and on the board
        last = {}
        for e in o.events:
            if e["type"] in ("died", "moved", "recalled", "unit_played", "returned_to_hand") and e.get("object"):
                last[e["object"]] = e["type"]
        for oid, what in last.items():
            if what == "died":
                assert o.objects[oid]["zone"] == "discard"
        # points never decrease
        seen = dict(start_points)
        for e in o.events:
            if e["type"] == "point_gained":
                assert e["after"] >= e["before"] == seen[e["player"]]
                seen[e["player"]] = e["after"]
        for pid, p in o.players.items():
            assert p["points"] >= start_points[pid]
        # total damage assigned equals the total Might dealt
        for c in o.combats:
            for a in c["assignments"]:
                assert sum(i["amount"] for i in a["items"]) == a["total"] or not a["items"]
                side = "attacker" if a["by"] == c["attacker"] else "defender"
                assert a["total"] == c["might"][side]
