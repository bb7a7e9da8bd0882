"""Four keyword texts printed on real cards that a scenario could not write before (issue 32, item 3): Show Off on a
spell (R. 832), a triggered ability that Predicts (R. 437), Weaponmaster paying an Equip cost that needs a choice
(R. 821, 818, 357.2) and a Repeat with one cost per repetition (R. 820).  Expected values are read from the cards of
``cards/data/cards.json`` and the 2026-10-09 Core Rules."""

from __future__ import annotations

from engine.cards import keyword_costs

from .factories import effect, player, unit
from .test_keywords import CARDS, PONT, card, play, refused, types

# ---------------------------------------------------------------- Show Off on a spell (R. 832)

ROAR = {"do": "cast", "player": "p1", "label": "Primordial Roar", "card": "roar", "target": "ennemi",
        "show_off": "ours", "steps": [{"do": "damage", "object": "ennemi", "might_of_shown": True,
                                       "showed_off": True}]}
ROAR_OBJECTS = [PONT, unit("ours", 4, at="pont"), unit("ennemi", 4, at="pont", controller="p2"),
                card("roar", "RAD-082", zone="hand")]


def test_a_spell_shows_off_as_it_is_played_and_its_linked_instruction_reads_the_might_then():
    """Primordial Roar (RAD-082): « If you showed off a unit, deal damage equal to that unit's Might to a unit ».  The
    4-Might friendly unit is shown off; in answer, p2 gives it -2 Might.  The Might is read when it was shown off
    (R. 832.1.d.1, the rules' own example): 4 damage, the 4-Might enemy dies."""
    frost = effect("givre", "decrease", target="ours", since=None, value=2, duration="turn")
    answer = {"do": "cast", "player": "p2", "label": "Givre", "speed": "reaction", "target": "ours",
              "steps": [{"do": "start", "effect": "givre"}]}
    o = play(ROAR_OBJECTS, [ROAR, answer], effects=[frost])
    assert o.objects["ours"]["power"] == 2
    assert o.objects["ennemi"]["zone"] == "discard"
    t = types(o)
    assert t.index("showed_off") < t.index("chain_added")  # decided while it is finalized (R. 832.1.c.2)
    assert o.objects["roar"]["zone"] == "discard"


def test_a_spell_that_did_not_show_off_skips_the_linked_instruction():
    """Primordial Roar played without showing off: « if you showed off » is false, no damage is dealt (R. 832.1.c.1)."""
    plain = {k: v for k, v in ROAR.items() if k != "show_off"}
    o = play(ROAR_OBJECTS, [plain])
    assert o.objects["ennemi"]["zone"] == "battlefield" and o.objects["ennemi"].get("damage", 0) == 0
    assert "showed_off" not in types(o)


def test_a_spell_shows_off_a_card_of_its_players_hand_and_the_other_text_applies():
    """Rousing Display (RAD-127): two Recruits, four if it showed off a card with Energy cost 7 or more — The Empyrean
    (8 Energy) revealed from the hand stays there (R. 832.1.c)."""
    recruits = [{"do": "create_token", "token": f"r{i}", "name": "Recruit", "player": "p1", "printed_power": 1,
                 "showed_off": i >= 2} for i in range(6)]
    cast = {"do": "cast", "player": "p1", "label": "Rousing Display", "card": "parade", "show_off": "empyrean",
            "steps": recruits}
    objs = [card("parade", "RAD-127", zone="hand"), card("empyrean", "RAD-060", zone="hand")]
    shown = play(objs, [cast])
    assert sorted(k for k, v in shown.objects.items() if v["zone"] == "base") == ["r2", "r3", "r4", "r5"]
    assert shown.objects["empyrean"]["zone"] == "hand"
    plain = play(objs, [{k: v for k, v in cast.items() if k != "show_off"}])
    assert sorted(k for k, v in plain.objects.items() if v["zone"] == "base") == ["r0", "r1"]


def test_a_spell_cannot_show_off_itself_an_enemy_object_or_without_show_off():
    """R. 832.1.c: a card of one's hand or a friendly object, other than the card played; a spell without Show Off
    shows nothing off (R. 832.1)."""
    assert "R. 832.1.c" in refused(ROAR_OBJECTS, [dict(ROAR, show_off="roar")])
    assert "R. 832.1.c" in refused(ROAR_OBJECTS, [dict(ROAR, show_off="ennemi")])
    dirk = [*ROAR_OBJECTS, card("rush", "SFD-003", zone="hand")]
    rush = {"do": "cast", "player": "p1", "label": "Blood Rush", "card": "rush", "speed": "action",
            "show_off": "ours", "steps": []}
    assert "R. 832.1" in refused(dirk, [rush])


# ---------------------------------------------------------------- a triggered ability that Predicts (R. 437)

EMPYREAN_TEXT = effect("lien", "triggered", target=None, source="empyrean", when="played", subject="self",
                       predict_of_shown="power_cost", draw=2, condition={"showed_off": True})


def test_the_empyrean_predicts_the_power_cost_of_the_card_shown_off_then_draws_two():
    """The Empyrean (RAD-060): « When you play me, if you showed off a card, Predict equal to its Power cost, then
    draw 2 ».  Primordial Roar ([2] Power cost) is shown off: its player looks at 2 cards (R. 437.1.a), the deck
    keeps its size, then 2 cards are drawn."""
    objs = [card("empyrean", "RAD-060", zone="hand"), card("roar", "RAD-082", zone="hand")]
    o = play(objs, [{"do": "play_unit", "object": "empyrean", "show_off": "roar"}], effects=[EMPYREAN_TEXT],
             players=[player("p1", deck=10, hand=2), player("p2")])
    ev = next(e for e in o.events if e["type"] == "predicted")
    assert (ev["player"], ev["looked"]) == ("p1", 2)
    t = types(o)
    assert t.index("predicted") < t.index("drew")  # « then draw 2 »
    assert (o.players["p1"]["deck"], o.players["p1"]["hand"]) == (8, 3)


def test_a_triggered_predict_recycles_the_number_its_controller_chose():
    """R. 437.1.a: of the cards looked at, the player recycles any number (to the bottom of the deck, R. 417), the
    rest goes back on top: the deck keeps its size. The scenario states the choice (1 of the 2 cards)."""
    objs = [card("empyrean", "RAD-060", zone="hand"), card("roar", "RAD-082", zone="hand")]
    text = dict(EMPYREAN_TEXT, predict_recycle=1)
    o = play(objs, [{"do": "play_unit", "object": "empyrean", "show_off": "roar"}], effects=[text],
             players=[player("p1", deck=10, hand=2), player("p2")])
    ev = next(e for e in o.events if e["type"] == "predicted")
    assert (ev["looked"], ev["recycled"]) == (2, 1)
    assert (o.players["p1"]["deck"], o.players["p1"]["hand"]) == (8, 3)


def test_the_empyrean_shows_nothing_off_and_neither_predicts_nor_draws():
    """« if you showed off a card »: nothing shown, the ability does nothing (R. 832.1.c.1)."""
    objs = [card("empyrean", "RAD-060", zone="hand"), card("roar", "RAD-082", zone="hand")]
    o = play(objs, [{"do": "play_unit", "object": "empyrean"}], effects=[EMPYREAN_TEXT],
             players=[player("p1", deck=10, hand=2), player("p2")])
    assert "predicted" not in types(o) and "drew" not in types(o)
    assert (o.players["p1"]["deck"], o.players["p1"]["hand"]) == (10, 1)


def test_a_triggered_predict_looks_at_no_more_cards_than_the_deck_has():
    """R. 437.4: a 2-card Predict with one card left looks at that one; no Burn Out (R. 437.4.a)."""
    objs = [card("empyrean", "RAD-060", zone="hand"), card("roar", "RAD-082", zone="hand")]
    text = dict(EMPYREAN_TEXT, draw=0)
    o = play(objs, [{"do": "play_unit", "object": "empyrean", "show_off": "roar"}], effects=[text],
             players=[player("p1", deck=1, hand=2), player("p2")])
    ev = next(e for e in o.events if e["type"] == "predicted")
    assert ev["looked"] == 1 and o.players["p2"].get("points", 0) == 0


# ---------------------------------------------------------------- Weaponmaster paying a cost with a choice (R. 821)

ASSAILANT_POOL = [player("p1", energy=6, essence=["Fureur", "Ordre"]), player("p2")]


def test_weaponmaster_pays_an_equip_cost_that_kills_a_friendly_unit():
    """Armed Assailant (SFD-002) plays and chooses Blade of the Ruined King (SFD-178, « [Equip] — [Y], Kill a friendly
    unit »): no [A] to reduce, [Y] is paid in full (R. 821.1.c.3) and the friendly unit named is killed (R. 357.2,
    429.1.a.1); the Blade attaches to the Assailant."""
    objs = [card("armee", "SFD-002", zone="hand"), unit("page", 1, zone="base"), card("lame", "SFD-178", zone="base")]
    o = play(objs, [{"do": "play_unit", "object": "armee", "weaponmaster": "lame", "kill": "page"}],
             players=ASSAILANT_POOL)
    assert o.objects["page"]["zone"] == "discard"
    assert o.objects["lame"]["attached_to"] == "armee"
    assert o.players["p1"]["essence"] == {} and o.players["p1"]["energy"] == 0
    assert "R. 429.1.a.1" in refused(objs, [{"do": "play_unit", "object": "armee", "weaponmaster": "lame"}],
                                     players=ASSAILANT_POOL)


def test_weaponmaster_pays_the_second_of_two_costs():
    """Blade of the Exile (RAD-150), « [Equip] — [A] or exhaust a friendly unit »: the first cost less [A] is nothing
    (R. 821.1.c); the second exhausts the friendly unit named and is not reduced."""
    exil = card("exil", "RAD-150", zone="base", power_cost=["Chaos"])
    objs = [card("armee", "SFD-002", zone="hand"), unit("page", 1, zone="base"), exil]
    pool = [player("p1", energy=6, essence=["Fureur"]), player("p2")]
    first = play(objs, [{"do": "play_unit", "object": "armee", "weaponmaster": "exil"}], players=pool)
    assert first.objects["exil"]["attached_to"] == "armee" and not first.objects["page"].get("exhausted")
    second = play(objs, [{"do": "play_unit", "object": "armee", "weaponmaster": "exil", "cost_option": 1,
                          "exhaust": "page"}], players=pool)
    assert second.objects["exil"]["attached_to"] == "armee" and second.objects["page"]["exhausted"]


def test_weaponmaster_killing_itself_for_the_cost_leaves_the_gear_where_it_was():
    """R. 821.1.c.5: the Blade cannot be attached to an Assailant that died paying its cost: it stays attached to the
    unit that carried it."""
    objs = [PONT, card("armee", "SFD-002", zone="hand"), unit("garde", 3, at="pont"),
            card("lame", "SFD-178", zone="battlefield", at="pont", attached_to="garde")]
    o = play(objs, [{"do": "play_unit", "object": "armee", "weaponmaster": "lame", "kill": "armee"}],
             players=ASSAILANT_POOL)
    assert o.objects["armee"]["zone"] == "discard"
    assert o.objects["lame"]["attached_to"] == "garde"


def test_weaponmaster_cannot_pay_the_cost_and_the_gear_stays():
    """R. 821.1.c.5: without [Y] in the pool the Blade's cost cannot be paid — the unit is still played, the Blade stays
    in its base and no unit is killed."""
    objs = [card("armee", "SFD-002", zone="hand"), unit("page", 1, zone="base"), card("lame", "SFD-178", zone="base")]
    o = play(objs, [{"do": "play_unit", "object": "armee", "weaponmaster": "lame", "kill": "page"}],
             players=[player("p1", energy=6, essence=["Fureur"]), player("p2")])
    assert o.objects["armee"]["zone"] == "base"
    assert o.objects["lame"]["attached_to"] is None and o.objects["lame"]["zone"] == "base"
    assert o.objects["page"]["zone"] == "base"


# ---------------------------------------------------------------- Repeat with one cost per repetition (R. 820)


def test_curtain_calls_three_repeat_costs_are_read():
    """UNL-182, « [Repeat] — [1] / [A] / [1][A] »: three instances of Repeat, each with its cost (R. 820.1.c.2)."""
    assert keyword_costs(CARDS["UNL-182"]["text"])["repeat"] == {
        "energy": 1, "power": [], "more": [{"energy": 0, "power": ["A"]}, {"energy": 1, "power": ["A"]}]}


CURTAIN = {"do": "cast", "player": "p1", "label": "Curtain Call", "card": "rideau",
           "steps": [{"do": "gain_xp", "player": "p1", "amount": 1}]}


def test_each_repeat_cost_paid_executes_the_instructions_once_more():
    """R. 820.3: every Repeat cost paid adds an execution — all three: 4 + [1] + [A] + [1][A] = 6 Energy and 2 Power,
    four executions; the second cost alone: 4 Energy and [A], two executions."""
    objs = [card("rideau", "UNL-182", zone="hand")]
    rich = [player("p1", energy=6, essence=["Fureur", "Esprit"]), player("p2")]
    all_three = play(objs, [dict(CURTAIN, repeat_costs=[0, 1, 2])], players=rich)
    assert all_three.players["p1"]["xp"] == 4
    assert all_three.players["p1"]["energy"] == 0 and all_three.players["p1"]["essence"] == {}
    second = play(objs, [dict(CURTAIN, repeat_costs=[1])], players=rich)
    assert second.players["p1"]["xp"] == 2
    assert second.players["p1"]["energy"] == 2 and sum(second.players["p1"]["essence"].values()) == 1
    assert "358.2" in refused(objs, [dict(CURTAIN, repeat_costs=[0, 1, 2])],
                              players=[player("p1", energy=5, essence=["Fureur", "Esprit"]), player("p2")])


def test_a_repeat_cost_is_paid_once_and_must_be_printed():
    """R. 820.1.c.3: each Repeat cost is paid a single time; Curtain Call has three (R. 820.1.c.2)."""
    objs = [card("rideau", "UNL-182", zone="hand")]
    rich = [player("p1", energy=10, essence=["Fureur", "Esprit", "Chaos"]), player("p2")]
    assert "R. 820.1.c.3" in refused(objs, [dict(CURTAIN, repeat_costs=[1, 1])], players=rich)
    assert "R. 820.1.c" in refused(objs, [dict(CURTAIN, repeat_costs=[3])], players=rich)


def test_each_execution_may_make_its_own_choices():
    """R. 820.2.a: « Choose one you haven't already chosen » — the first execution draws, the second deals 2 to a unit
    at a battlefield; an instruction of an execution whose cost is not paid is not carried out."""
    objs = [PONT, card("rideau", "UNL-182", zone="hand"), unit("b", 2, at="pont", controller="p2")]
    steps = [{"do": "draw", "player": "p1", "execution": 0},
             {"do": "damage", "object": "b", "amount": 2, "execution": 1}]
    pool = [player("p1", energy=5, deck=5, hand=1), player("p2")]
    o = play(objs, [dict(CURTAIN, repeat_costs=[0], steps=steps)], players=pool)
    assert o.players["p1"]["hand"] == 1 and o.objects["b"]["zone"] == "discard"  # drew 1 after playing its card
    once = play(objs, [dict(CURTAIN, steps=steps)], players=pool)
    assert once.objects["b"]["zone"] == "battlefield" and once.players["p1"]["energy"] == 1


def test_weaponmaster_moves_a_gear_already_attached_paying_the_cost_chosen():
    """R. 821.1.c « even if it's already attached »: Blade of the Exile leaves the Guard at the Bridge for the Assailant
    in the base, its second cost (exhaust a friendly unit) paid with the Guard itself; it goes where its new unit is
    (R. 435.4)."""
    exil = card("exil", "RAD-150", zone="battlefield", at="pont", attached_to="garde", power_cost=["Chaos"])
    objs = [PONT, card("armee", "SFD-002", zone="hand"), unit("garde", 3, at="pont"), exil]
    o = play(objs, [{"do": "play_unit", "object": "armee", "weaponmaster": "exil", "cost_option": 1,
                     "exhaust": "garde"}], players=[player("p1", energy=6, essence=["Fureur"]), player("p2")])
    assert (o.objects["exil"]["attached_to"], o.objects["exil"]["zone"]) == ("armee", "base")
    assert o.objects["garde"]["exhausted"]


def test_repeat_true_pays_the_first_of_several_repeat_costs():
    """Curtain Call with ``repeat: true``: its first Repeat cost, [1], once — 5 Energy, two executions."""
    o = play([card("rideau", "UNL-182", zone="hand")], [dict(CURTAIN, repeat=True)],
             players=[player("p1", energy=5), player("p2")])
    assert o.players["p1"]["xp"] == 2 and o.players["p1"]["energy"] == 0


def test_only_a_played_spell_links_its_instructions_to_a_keyword():
    """``showed_off`` and ``execution`` belong to the instructions of a card played with ``cast`` (R. 832.1.c.1,
    820.2.a); a bare ``resolve`` has neither Show Off nor Repeat."""
    bare = {"do": "resolve", "label": "Sort", "steps": [{"do": "gain_xp", "player": "p1", "amount": 1,
                                                         "showed_off": True}]}
    assert "showed_off" in refused([unit()], [bare])


def test_the_might_shown_is_read_only_inside_a_played_spell():
    """« Damage equal to that unit's Might » needs a spell that showed off (R. 832.1.d): outside a ``cast`` there is
    no Might shown, and the scenario is refused in French instead of failing inside the engine."""
    damage = {"do": "damage", "object": "u", "might_of_shown": True}
    for action in ({"do": "resolve", "label": "Sort", "steps": [damage]}, damage):
        assert "might_of_shown" in refused([unit()], [action])
