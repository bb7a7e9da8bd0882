"""The typed game state and its fold (issue 21, item 2): ``apply(state, event) -> state``, one state after
every step of the trace, equal to the world the step leaves behind."""

from __future__ import annotations

import dataclasses

import pytest

from engine import load_scenario, run
from engine.snapshots import (
    BoardState,
    EffectState,
    GameState,
    ObjectState,
    PlayerState,
    StateEvent,
    apply,
)
from worked_examples.paths import SCENARIOS_DIR


def shipped(slug: str):
    return run(load_scenario((SCENARIOS_DIR / f"{slug}.yaml").read_text(encoding="utf-8")))


def unit_state(**changes) -> ObjectState:
    base = ObjectState("Vi", 3, 3, (), False, "battlefield", False, "p1", False, "pont", 0, False, False, "unit")
    return dataclasses.replace(base, **changes)


def test_apply_replaces_what_the_event_touched_and_shares_the_rest():
    vi, garen = unit_state(), unit_state(name="Garen")
    state = GameState(objects={"vi": vi, "garen": garen}, players={"p1": PlayerState("A", 0, 0, 0, 20)})
    after = apply(state, StateEvent("event", objects=(("vi", unit_state(damage=2)),)))
    assert after.objects["vi"].damage == 2 and after.objects["garen"] is garen
    assert after.players is state.players  # untouched parts are shared, not copied
    assert state.objects["vi"].damage == 0  # the state before is never changed
    assert apply(after, StateEvent("event")) is after
    with pytest.raises(TypeError):
        after.objects["vi"] = vi  # a state is read-only
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.objects["vi"].damage = 0


def test_every_step_carries_a_typed_state():
    steps = shipped("combat-tank-et-arriere-ligne").main.steps
    for step in steps:
        state = step.state
        assert isinstance(state, GameState) and isinstance(state.board, BoardState)
        assert all(isinstance(o, ObjectState) for o in state.objects.values())
        assert all(isinstance(p, PlayerState) for p in state.players.values())
        assert all(isinstance(e, EffectState) for e in state.effects.values())


def events(steps, code):
    return [s for s in steps if s.kind == "event" and s.reason.get("code") == code]


def test_damage_is_in_the_state_of_the_step_that_deals_it():
    """R. 467.2.d: combat damage is dealt at once, and the step that says so shows it (not the cleanup)."""
    steps = shipped("combat-deux-contre-un").main.steps
    dealt = next(s for s in steps if s.reason.get("code") == "damage_dealt")
    for item in dealt.reason["dealt"]:
        assert dealt.state.objects[item["object"]].damage == item["amount"]
    assert dealt.state.objects["garen"].lethal and not dealt.state.objects["vi"].lethal
    assigned = [s for s in steps if s.kind == "assign"]
    assert assigned and all(s.state.objects["garen"].damage == 0 for s in assigned)  # assigned, not dealt yet


def test_points_are_in_the_state_of_the_step_that_scores_them():
    steps = shipped("combat-deux-contre-un").main.steps
    score = next(s for s in steps if s.kind == "score" and s.reason.get("point"))
    player = score.reason["player"]
    assert score.state.players[player].points == score.reason["points_after"] == 1
    before = steps[score.index - 1]
    assert before.state.players[player].points == 0
    for gained in events(steps, "point_gained"):
        assert gained.state.players[gained.reason["player"]].points == gained.reason["after"]


def test_the_state_after_each_event_is_the_world_it_left():
    """Deaths, moves and healing show at their own event, never later."""
    steps = shipped("combat-deux-contre-un").main.steps
    for died in events(steps, "died"):
        assert died.state.objects[died.reason["object"]].zone == "discard"
    for moved in events(steps, "moved"):
        obj = moved.state.objects[moved.reason["object"]]
        assert obj.zone == moved.reason["zone"]
    for healed in events(steps, "healed"):
        assert healed.state.objects[healed.reason["object"]].damage == 0


def test_gear_and_the_resolving_item_are_in_the_state():
    steps = shipped("chaine-buff-puis-degats").main.steps
    resolving = next(s for s in steps if s.kind == "chain")
    assert resolving.state.board.resolving is not None
    assert resolving.state.board.resolving.id == resolving.reason["item"]
    done = events(steps, "chain_resolved")[0]
    assert done.state.board.resolving is None
    steps = shipped("ange-gardien-d-abord").main.steps
    assert steps[0].state.objects["guardian-angel"].attached_to == "unite-a"  # attached in the situation
    assert steps[-1].state.objects["guardian-angel"].attached_to is None  # destroyed, in the trash


def _disagreements(steps) -> list[str]:
    """Events whose step's state does not show what the event says happened."""
    out = []
    for s in steps:
        if s.kind != "event":
            continue
        r, st = s.reason, s.state
        code, oid = r.get("code"), r.get("object")
        obj = st.objects.get(oid) if oid else None
        bf = {b.id: b for b in st.board.battlefields} if st.board else {}
        wrong = (
            (code == "died" and obj.zone == "base")
            or (code == "moved" and obj.zone != r["zone"])
            or (code == "damaged" and obj.damage != r["total"])
            or (code == "healed" and obj.damage != 0)
            or (code == "exhausted" and not obj.exhausted)
            or (code == "readied" and obj is not None and obj.exhausted)
            or (code == "point_gained" and st.players[r["player"]].points != r["after"])
            or (code == "xp_gained" and st.players[r["player"]].xp != r["after"])
            or (code == "control_gained" and bf[oid].controller != r["player"])
            or (code == "control_lost" and bf[oid].controller is not None)
            or (code == "attached" and obj.attached_to != r["to"])
            or (code == "detached" and obj.attached_to is not None)
        )
        if wrong:
            out.append(f"{s.index} {code} {oid}")
    return out


@pytest.mark.parametrize("path", sorted(SCENARIOS_DIR.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_event_of_every_shipped_example_shows_in_its_state(path):
    result = run(load_scenario(path.read_text(encoding="utf-8")))
    for outcome in result.outcomes:
        assert _disagreements(outcome.steps) == []


def test_a_battlefield_stays_contested_during_its_combat_until_control_is_established():
    """R. 190.3.b: contested from the move in, through the combat, until control is established."""
    steps = shipped("combat-deux-contre-un").main.steps
    dealt = next(s for s in steps if s.reason.get("code") == "damage_dealt")
    pont = {b.id: b for b in dealt.state.board.battlefields}["pont"]
    assert pont.contested_by == "p1"
    gained = events(steps, "control_gained")[0]
    assert {b.id: b for b in gained.state.board.battlefields}["pont"].contested_by is None
