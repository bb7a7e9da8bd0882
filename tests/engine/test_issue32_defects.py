"""The defects of issue 32, each test written from the 2026-10-09 Core Rules text (expected values from the rules)."""

from __future__ import annotations

import json
from pathlib import Path

from engine import load_scenario, run

from .factories import effect, player, scenario, unit

BF = {"id": "pont", "name": "Le Pont", "type": "battlefield", "controller": "p1"}
GUARD = unit("garde", 2, at="pont")  # keeps the battlefield controlled at each cleanup (R. 323.5)


def play(objects, actions, effects=None, **kw):
    players = kw.pop("players", [player("p1"), player("p2")])
    data = scenario(objects=objects, actions=actions, effects=effects or [], players=players, **kw)
    return run(load_scenario(data)).main


# ---------------------------------------------------------------- Legion (R. 812.1.b.1, 812.1.c, 811.1.c.3)

LEGION = effect("legion", "increase", target="source", source="legionnaire", value=2, condition={"legion": True})


def legionnaire(**kw):
    return unit("legionnaire", 2, zone=kw.pop("zone", "hand"), name="Légionnaire", **kw)


def test_the_legion_card_itself_does_not_satisfy_its_condition():
    """R. 812.1.b.1 « if you have played ANOTHER card this turn », 812.1.c « a card different than the one
    with the Legion ability »: played first this turn, the unit's Legion text stays inactive (2 Might)."""
    o = play([BF, GUARD, legionnaire()], [{"do": "play_unit", "object": "legionnaire", "to": "pont"}],
             effects=[LEGION])
    assert o.objects["legionnaire"]["power"] == 2


def test_another_card_played_after_the_legion_card_satisfies_it():
    """R. 812.1.c: « as long as a card different … has been Finalized by you on the same turn »."""
    o = play([BF, GUARD, legionnaire()], [{"do": "play_unit", "object": "legionnaire", "to": "pont"},
                                           {"do": "play_card", "player": "p1"}], effects=[LEGION])
    assert o.objects["legionnaire"]["power"] == 4


def test_a_spell_played_from_facedown_counts_as_a_card_played():
    """R. 811.1.c.3: playing a card from facedown is playing it (it opens a chain), so it satisfies Legion."""
    spell = {"id": "piege", "name": "Piège", "type": "spell", "keywords": ["Caché"], "zone": "facedown",
             "at": "pont", "controller": "p1"}
    o = play([BF, GUARD, spell, legionnaire(zone="battlefield", at="pont")],
             [{"do": "cast", "player": "p1", "label": "Piège", "hidden": "piege", "steps": []}], effects=[LEGION])
    assert o.objects["piege"]["zone"] == "discard"
    assert o.objects["legionnaire"]["power"] == 4
    assert o.players["p1"]["cards_played"] == 1


def test_a_legion_unit_played_from_facedown_is_not_its_own_other_card():
    """R. 811.1.c.3 and 812.1.c together: the hidden Legion unit played from facedown is a card played, but
    not « another » card for itself."""
    hidden = legionnaire(zone="facedown", at="pont", keywords=["Caché"])
    o = play([BF, GUARD, hidden], [{"do": "play_unit", "object": "legionnaire"}], effects=[LEGION])
    assert o.objects["legionnaire"]["zone"] == "battlefield"
    assert o.objects["legionnaire"]["power"] == 2


def test_hiding_a_card_is_not_playing_it():
    """R. 811.1.c.1: Hide is not a subset of Play — hiding a card does not satisfy Legion."""
    card = {"id": "cachee", "name": "Carte", "type": "unit", "printed_power": 1, "keywords": ["Caché"],
            "zone": "hand", "controller": "p1"}
    o = play([BF, GUARD, card, legionnaire(zone="battlefield", at="pont")],
             [{"do": "hide", "object": "cachee", "to": "pont"}], effects=[LEGION],
             players=[player("p1", essence=["Calme"]), player("p2")])
    assert o.objects["legionnaire"]["power"] == 2


# ---------------------------------------------------------------- Tank and Backline on one unit (R. 467.2.c.8)


def combat(defenders, attack_power, choices=None):
    """p1 moves a unit of ``attack_power`` to the Pont, held by p2's ``defenders``: one combat."""
    bf = dict(BF, controller="p2")
    attacker = unit("vi", attack_power, zone="base")
    data = scenario(objects=[bf, attacker, *defenders],
                    actions=[{"do": "standard_move", "objects": ["vi"], "to": "pont"}],
                    players=[player("p1"), player("p2")], topic="combat", choices=choices or [])
    return run(load_scenario(data))


def caitlyn(**kw):
    return unit("caitlyn", 2, at="pont", controller="p2", name="Caitlyn", keywords=["Tank", "Arrière-ligne"], **kw)


def test_tank_and_backline_the_assigning_player_may_apply_backline():
    """R. 467.2.c.8: Caitlyn with Tank and Backline — the attacker may choose Backline and kill the other unit
    first; 2 damage kill only the plain 2-Might unit."""
    res = combat([caitlyn(), unit("garde", 2, at="pont", controller="p2")], 2,
                 choices=[{"assign": ["garde"], "by": "p1"}])
    o = res.main
    assert o.objects["garde"]["zone"] == "discard"
    assert o.objects["caitlyn"]["zone"] == "battlefield"


def test_tank_and_backline_the_assigning_player_may_apply_tank():
    res = combat([caitlyn(), unit("garde", 2, at="pont", controller="p2")], 2,
                 choices=[{"assign": ["caitlyn"], "by": "p1"}])
    o = res.main
    assert o.objects["caitlyn"]["zone"] == "discard"
    assert o.objects["garde"]["zone"] == "battlefield"


def test_tank_and_backline_unscripted_both_orders_are_explored():
    """Not given by ``choices``, the choice is open: two outcomes, one death each."""
    res = combat([caitlyn(), unit("garde", 2, at="pont", controller="p2")], 2)
    dead = sorted(next(u for u in ("caitlyn", "garde") if out.objects[u]["zone"] == "discard")
                  for out in res.outcomes)
    assert dead == ["caitlyn", "garde"]


def test_tank_and_backline_never_in_between():
    """R. 467.2.c.8 (Caitlyn example): first (Tank) or last (Backline), never between two plain units."""
    import pytest

    from engine import ScenarioError

    defenders = [caitlyn(), unit("a", 1, at="pont", controller="p2"), unit("b", 1, at="pont", controller="p2")]
    with pytest.raises(ScenarioError) as e:
        combat(defenders, 4, choices=[{"assign": ["a", "caitlyn", "b"], "by": "p1"}])
    assert "467.2.c.8" in e.value.message
    # Applying Backline: a then b then Caitlyn is allowed; 3 damage kill a and b, 1 left for Caitlyn (2 Might).
    o = combat(defenders, 3, choices=[{"assign": ["a", "b", "caitlyn"], "by": "p1"}]).main
    assert [o.objects[u]["zone"] for u in ("a", "b", "caitlyn")] == ["discard", "discard", "battlefield"]


# ---------------------------------------------------------------- the game ends when it is won (R. 196, 194.2, 432.3)


def spell(label, player_id, steps, speed="normal"):
    return {"do": "cast", "player": player_id, "label": label, "speed": speed, "steps": steps}


def test_the_chain_stops_when_a_cleanup_gives_the_game():
    """R. 194.2, 323.1, 196: the Reaction resolves, the cleanup after it gives p1 the game (8 points) and the game
    ends — the older spell still on the chain never resolves, so p2 gains nothing."""
    actions = [spell("Pour p2", "p1", [{"do": "gain_points", "player": "p2", "amount": 3}]),
               spell("Pour p1", "p1", [{"do": "gain_points", "player": "p1", "amount": 1}], speed="reaction")]
    o = play([unit("vi", 2)], actions, players=[player("p1", points=7), player("p2")])
    assert o.winner == "p1"
    assert o.players["p2"]["points"] == 0
    assert [e["label"] for e in o.events if e["type"] == "chain_resolved"] == ["Pour p1"]


def test_repeated_burn_out_inside_a_spell_gives_the_opponent_every_point():
    """R. 432.3.a–c, 194.2.a: the spell first brings p1 to the Victory Score (8), which wins nothing before a
    cleanup; then p1 draws with no deck and no trash and burns out again and again, each point to p2, until p2
    has more than every opponent (9 against 8) and wins at once; the spell's last instruction never happens."""
    steps = [{"do": "gain_points", "player": "p1", "amount": 8}, {"do": "draw", "player": "p1"},
             {"do": "gain_points", "player": "p1", "amount": 5}]
    o = play([unit("vi", 2)], [spell("Tout ou rien", "p1", steps)],
             players=[player("p1", deck=0, trash=0), player("p2")])
    assert o.winner == "p2"
    assert o.players["p2"]["points"] == 9
    assert o.players["p1"]["points"] == 8


def test_reaching_the_victory_score_inside_a_spell_waits_for_the_cleanup():
    """R. 194.2: the win is judged in a cleanup — p1 reaching 8 in the middle of a spell whose next instruction
    gives p2 9 points does not win; at the cleanup p2 has more points and wins."""
    steps = [{"do": "gain_points", "player": "p1", "amount": 8}, {"do": "gain_points", "player": "p2", "amount": 9}]
    o = play([unit("vi", 2)], [spell("Course", "p1", steps)])
    assert o.winner == "p2"


def test_a_game_won_in_the_combat_cleanup_ends_before_the_conquest():
    """R. 468.1–468.2, 323.1, 196: p2's defender dies with a Deathknell that gives p2 its 8th point; the cleanup
    after that ability gives p2 the game, so the combat never reaches its resolution and p1 conquers nothing."""
    bf = dict(BF, controller="p2")
    dk = effect("agonie", "triggered", target=None, source="garde", when="died", subject="self", points=1)
    data = scenario(objects=[bf, unit("vi", 5, zone="base"), unit("garde", 2, at="pont", controller="p2")],
                    effects=[dk], actions=[{"do": "standard_move", "objects": ["vi"], "to": "pont"}],
                    players=[player("p1", points=7), player("p2", points=7)], topic="combat")
    o = run(load_scenario(data)).main
    assert o.winner == "p2"
    assert o.players["p1"]["points"] == 7
    assert o.objects["pont"]["controller"] == "p2"


# ---------------------------------------------------------------- gear goes with its unit (R. 435.4, 719.3.a, 323.6)


def gear(gid="lame", **kw):
    return {"id": gid, "name": "Lame", "type": "gear", "controller": "p1", **kw}


def test_equipped_gear_moves_with_its_unit():
    """R. 719.3.a: when the Top-Most Card changes location, the attached cards change location with it."""
    o = play([BF, unit("vi", 2, zone="base"), gear(zone="base", attached_to="vi")],
             [{"do": "standard_move", "objects": ["vi"], "to": "pont"}])
    assert o.objects["vi"]["at"] == "pont"
    assert (o.objects["lame"]["zone"], o.objects["lame"]["at"], o.objects["lame"]["attached_to"]) == (
        "battlefield", "pont", "vi")


def test_attaching_puts_the_gear_where_its_unit_is():
    """R. 435.4: equipped to a unit, the gear takes the location of the card it now sits under."""
    o = play([BF, GUARD, gear(zone="base")], [{"do": "attach", "object": "lame", "to": "garde"}])
    assert (o.objects["lame"]["zone"], o.objects["lame"]["at"]) == ("battlefield", "pont")


def test_gear_left_alone_at_a_battlefield_is_recalled_at_the_cleanup():
    """R. 436.4.b, 436.4.a, 323.6: the unit dies, its gear detaches where the unit last was (the battlefield) and the
    next cleanup recalls the unattached gear to its base."""
    o = play([BF, GUARD, unit("vi", 2, at="pont"), gear(zone="battlefield", at="pont", attached_to="vi")],
             [{"do": "damage", "object": "vi", "amount": 2}])
    assert o.objects["vi"]["zone"] == "discard"
    assert (o.objects["lame"]["zone"], o.objects["lame"]["attached_to"]) == ("base", None)
    assert any(e["type"] == "recalled" and e["object"] == "lame" for e in o.events)


def test_gear_of_a_unit_returned_to_hand_is_detached_and_recalled():
    """R. 436.4.b: the unit leaves the board for the hand — the gear detaches at its last location, then 323.6."""
    o = play([BF, GUARD, unit("vi", 2, at="pont"), gear(zone="battlefield", at="pont", attached_to="vi")],
             [{"do": "return_to_hand", "object": "vi"}])
    assert (o.objects["lame"]["zone"], o.objects["lame"]["attached_to"]) == ("base", None)


# ---------------------------------------------------------------- answers to a trigger in combat (R. 468.2, 337.4)


def test_a_reaction_answers_a_deathknell_that_triggered_in_the_combat_cleanup():
    """R. 468.1–468.2, 383.3, 337.4: the defender dies in the combat cleanup, its Deathknell goes on the chain and
    the players may answer it before it resolves — p1's Reaction resolves first (newest item), while p2 still has
    no point; the Deathknell then gives p2 its point, and only then does the combat reach its resolution step."""
    bf = dict(BF, controller="p2")
    dk = effect("agonie", "triggered", target=None, source="garde", when="died", subject="self", points=1,
                label="Agonie du garde")
    answer = {"do": "cast", "player": "p1", "label": "Réponse", "speed": "reaction",
              "steps": [{"do": "query", "ask": "points", "player": "p2"}]}
    data = scenario(objects=[bf, unit("vi", 5, zone="base"), unit("garde", 2, at="pont", controller="p2")],
                    effects=[dk], topic="combat", players=[player("p1"), player("p2")],
                    actions=[{"do": "standard_move", "objects": ["vi"], "to": "pont"},
                             {"do": "pass", "player": "p1"}, {"do": "pass", "player": "p2"}, answer])
    o = run(load_scenario(data)).main
    assert o.queries[0]["value"] == 0
    assert [e["label"] for e in o.events if e["type"] == "chain_resolved"] == ["Réponse", "Agonie du garde"]
    assert o.players["p2"]["points"] == 1
    assert o.objects["pont"]["controller"] == "p1"
    assert o.players["p1"]["points"] == 1  # the conquest, after the chain


# ---------------------------------------------------------------- « when you play me » (R. 383.4.a)


def test_a_play_effect_goes_on_the_chain_and_can_be_answered():
    """R. 359.2, 383.4.a.2: the unit enters the board as it is finalized; its « when you play me » ability is put on
    the chain after that, where p2 may answer it — p2's Reaction resolves first and sees p1 without the XP yet."""
    heraut = unit("heraut", 2, zone="hand", name="Héraut")
    play_effect = effect("jouee", "triggered", target=None, source="heraut", when="played", subject="self",
                         gain_xp=2, label="Quand on me joue : 2 XP")
    answer = {"do": "cast", "player": "p2", "label": "Réponse", "speed": "reaction",
              "steps": [{"do": "query", "ask": "xp", "player": "p1"}]}
    o = play([heraut], [{"do": "play_unit", "object": "heraut"}, answer], effects=[play_effect])
    assert o.queries[0]["value"] == 0
    assert o.players["p1"]["xp"] == 2
    assert [e["label"] for e in o.events if e["type"] == "chain_resolved"] == ["Réponse", "Quand on me joue : 2 XP"]
    t = [e["type"] for e in o.events]
    assert t.index("unit_played") < t.index("triggered")


def test_a_legion_cost_reduction_needs_another_card_played_first():
    """R. 812.1.b.1, 356.4.a: Noxus Hopeful (4 Energy, « [Legion] — I cost [2] less »), written as a cost reduction of
    the card itself with the Legion condition: played first this turn it costs 4; after another card, 2."""
    from engine.cards import index

    cards = index(json.loads((Path(__file__).resolve().parents[2] / "cards/data/cards.json").read_text()))
    hopeful = {"id": "espoir", "card": "OGN-012", "zone": "hand", "controller": "p1"}
    legion = effect("legion", "cost_modifier", target=None, source="espoir", change="discount", applies="self",
                    energy=2, condition={"legion": True})

    def paid(actions):
        data = scenario(objects=[hopeful], effects=[legion], actions=actions,
                        players=[player("p1", energy=4), player("p2")])
        o = run(load_scenario(data, cards=cards)).main
        return 4 - o.players["p1"]["energy"]

    assert paid([{"do": "play_unit", "object": "espoir"}]) == 4
    assert paid([{"do": "play_card", "player": "p1"}, {"do": "play_unit", "object": "espoir"}]) == 2
