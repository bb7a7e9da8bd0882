"""Hidden (R. 811, 422), cost modifications (R. 356.1–356.6) and establishing control (R. 468.5, 348.2):
each test states a rule, its situation written from the rules text."""

from __future__ import annotations

import pytest

from engine import ScenarioError, load_scenario, run

from .factories import player, scenario, unit

BF = {"id": "pont", "name": "Le Pont", "type": "battlefield", "controller": "p1"}
GUARD = unit("garde", 2, at="pont")  # keeps the battlefield controlled at each cleanup (R. 323.5)


def hidden_card(cid="carte", **kw):
    return {"id": cid, "name": "Carte cachée", "type": kw.pop("type", "unit"), "printed_power": 2,
            "keywords": ["Caché"], "zone": kw.pop("zone", "hand"), "controller": "p1", **kw}


def play(objects, actions, **kw):
    players = kw.pop("players", [player("p1", essence=["Calme"]), player("p2")])
    return run(load_scenario(scenario(objects=objects, actions=actions, players=players, **kw))).main


def refused(objects, actions, **kw) -> str:
    with pytest.raises(ScenarioError) as e:
        play(objects, actions, **kw)
    return e.value.message


def test_hide_costs_any_power_and_opens_no_chain():
    """R. 811.1.b, 811.1.c.2: Hide costs [A] and opens no chain."""
    o = play([BF, GUARD, hidden_card()], [{"do": "hide", "object": "carte", "to": "pont"}])
    assert o.objects["carte"]["zone"] == "facedown" and o.objects["carte"]["at"] == "pont"
    assert o.players["p1"]["essence"] == {}
    assert not any(e["type"] == "chain_added" for e in o.events)


def test_a_hidden_card_is_not_playable_the_turn_it_was_hidden():
    """R. 811.1.b: « beginning on the next turn »."""
    msg = refused([BF, GUARD, hidden_card()], [{"do": "hide", "object": "carte", "to": "pont"},
                                        {"do": "play_unit", "object": "carte"}])
    assert "R. 811.1.b" in msg


def test_hide_only_at_a_battlefield_one_controls_with_no_facedown_card():
    """R. 422.1, 107.3.b–c."""
    free = dict(BF, controller=None)
    assert "R. 422.1" in refused([free, hidden_card()], [{"do": "hide", "object": "carte", "to": "pont"}])
    taken = [BF, GUARD, hidden_card(), hidden_card("autre", zone="facedown", at="pont")]
    assert "R. 107.3.b" in refused(taken, [{"do": "hide", "object": "carte", "to": "pont"}])


def test_hide_needs_the_keyword_and_the_power():
    """R. 811.1.b: only a card with Hidden; [A] must be paid (R. 358.2)."""
    plain = hidden_card(keywords=[])
    assert "R. 811.1.b" in refused([BF, GUARD, plain], [{"do": "hide", "object": "carte", "to": "pont"}])
    poor = [player("p1", energy=3), player("p2")]
    assert "358.2" in refused([BF, GUARD, hidden_card()], [{"do": "hide", "object": "carte", "to": "pont"}],
                                 players=poor)


def test_a_hidden_spell_chooses_its_target_at_its_battlefield():
    """R. 811.1.d.2: the target of a spell played from facedown is at that battlefield."""
    other = {"id": "autel", "name": "Autel", "type": "battlefield", "controller": "p2"}
    objs = [BF, other, hidden_card("lame", type="spell", zone="facedown", at="pont"),
            unit("ennemi", 2, controller="p2", at="autel")]
    cast = {"do": "cast", "player": "p1", "label": "Lame", "hidden": "lame", "target": "ennemi",
            "steps": [{"do": "damage", "object": "ennemi", "amount": 2}]}
    assert "811.1.d.2" in refused(objs, [cast])


def test_a_unit_played_from_facedown_arrives_at_its_battlefield_whatever_to_says():
    """R. 811.1.d.1: a hidden permanent is played to that battlefield."""
    objs = [BF, {"id": "autel", "name": "Autel", "type": "battlefield", "controller": "p1"},
            hidden_card(zone="facedown", at="pont")]
    assert "R. 811.1.d.1" in refused(objs, [{"do": "play_unit", "object": "carte", "to": "autel"}])


def test_cost_discounts_never_go_below_zero():
    """R. 356.6: Energy costs can't be reduced below 0."""
    players = [player("p1", energy=0), player("p2")]
    objs = [unit("g", 2, zone="hand", cost=1)]
    effs = [{"id": "r", "label": "-3", "kind": "cost_modifier", "energy": 3, "applies": "units", "player": "p1"}]
    o = play(objs, [{"do": "play_unit", "object": "g"}], players=players, effects=effs)
    assert o.objects["g"]["zone"] == "base"
    assert [e["energy"] for e in o.events if e["type"] == "cost_paid"] == [0]


def test_a_cost_modifier_of_another_player_does_not_touch_ones_own_cards():
    """R. 356.4.a: a discount applies to the cards its text names — here « your units »."""
    players = [player("p1", energy=2), player("p2")]
    objs = [unit("g", 2, zone="hand", cost=2), unit("src", 1, zone="base", controller="p2")]
    effs = [{"id": "r", "label": "-2", "kind": "cost_modifier", "source": "src", "energy": 2, "applies": "units"}]
    o = play(objs, [{"do": "play_unit", "object": "g"}], players=players, effects=effs)
    assert o.players["p1"]["energy"] == 0


def test_showdown_winner_need_not_be_the_contesting_player():
    """R. 348.2.a: the only player with units left establishes control (here: nobody's control changes
    when the contesting units have left)."""
    free = dict(BF, controller=None)
    objs = [free, unit("a", 2, zone="base")]
    o = play(objs, [{"do": "standard_move", "objects": ["a"], "to": "pont"}])
    assert o.objects["pont"]["controller"] == "p1"
    assert [s["how"] for s in o.scores] == ["conquer"]
