"""The keywords of the cards (R. 805–832): one module each, and a rule-level test per keyword, written from the
2026-10-09 Core Rules on the real cards that carry them (values of ``cards/data/cards.json``)."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from engine import ScenarioError, load_scenario, run
from engine import keywords as kw
from engine.cards import index

from .factories import effect, player, scenario, unit

CARDS_LIST = json.loads((Path(__file__).resolve().parents[2] / "cards" / "data" / "cards.json").read_text())
CARDS = index(CARDS_LIST)
PONT = {"id": "pont", "name": "Le Pont", "type": "battlefield", "controller": "p1"}
AUTEL = {"id": "autel", "name": "L'Autel", "type": "battlefield", "controller": "p2"}


def play(objects, actions, effects=None, choices=None, players=None, **kw_):
    data = scenario(objects=objects, actions=actions, effects=effects or [], choices=choices or [],
                    players=players or [player("p1"), player("p2")], topic="combat", **kw_)
    return run(load_scenario(data, cards=CARDS)).main


def refused(*args, **kwargs) -> str:
    with pytest.raises(ScenarioError) as e:
        play(*args, **kwargs)
    return e.value.message


def card(oid, code, **kw_):
    return {"id": oid, "card": code, "controller": kw_.pop("controller", "p1"), **kw_}


def types(o) -> list[str]:
    return [e["type"] for e in o.events]


# ---------------------------------------------------------------- every keyword a card carries has its module


def test_every_keyword_of_the_cards_has_a_module():
    """Issue 32: a keyword of ``keywords`` or ``keywords_mentioned`` (less Buff, Add… which are not keywords) with no
    module under ``engine/keywords/`` fails here."""
    missing = set()
    for c in CARDS_LIST:
        for name in [*c["keywords"], *c["keywords_mentioned"]]:
            base, _ = kw.split(name)
            if base not in kw.NOT_KEYWORDS and base not in kw.BY_ENGLISH:
                missing.add(base)
    assert missing == set()


def test_each_module_names_its_rule_and_only_known_hooks():
    rules = (Path(__file__).resolve().parents[3] / "shared" / "rules-text" / "core-rules-2026-10-09-en.txt")
    text = rules.read_text(encoding="utf-8") if rules.exists() else ""
    for m in kw.MODULES:
        k = m.KEYWORD
        assert k.rule.startswith("R. ") and k.kind in kw.base.KINDS and k.says
        number = k.rule.split()[1]
        assert not text or f"\n{number}. " in text, number
        own = {n for n, f in vars(m).items() if inspect.isfunction(f) and f.__module__ == m.__name__}
        # an action's handler, or a part another module uses
        helpers = {"run", "predict", "attach_paid", "steps", "costs", "chosen", "linked_steps"}
        assert {n for n in own if not n.startswith("_")} - set(kw.HOOKS) <= helpers, m.__name__


def test_numbers_are_summed_where_the_rules_sum_them():
    """R. 807.2 (Assault), 814.2 (Shield), 809.2 (Deflect), 823.2 (Hunt), 831.2 (Disarm); X omitted is 1."""
    assert kw.value(("Assaut", "Assaut 3"), kw.Keyword.ASSAUT) == 4
    assert kw.value(("Disarm 2", "Disarm"), kw.Keyword.DISARM) == 3
    assert kw.from_card("Shield 5") == "Bouclier 5" and kw.from_card("Level 11") == "Niveau 11"
    assert kw.from_card("Stun") is None  # an instruction of the text, not the object's keyword


# ---------------------------------------------------------------- Ambush (R. 822)


def test_ambush_plays_as_a_reaction_to_a_battlefield_with_own_units():
    """R. 822.1.b: on p2's turn, with p2's spell on the chain, p1 plays Inferna to the Autel where p1 has a unit:
    it arrives before the spell resolves (Reaction), at a battlefield p1 does not control."""
    objs = [PONT, AUTEL, unit("garde", 2, at="pont"), unit("eclaireur", 1, at="autel"),
            unit("sbire", 1, at="autel", controller="p2"), card("inferna", "UNL-002", zone="hand")]
    acts = [{"do": "cast", "player": "p2", "label": "Sort de B", "steps": []},
            {"do": "play_unit", "object": "inferna", "to": "autel"}]
    o = play(objs, acts, turn_player="p2")
    assert (o.objects["inferna"]["zone"], o.objects["inferna"]["at"]) == ("battlefield", "autel")
    t = types(o)
    assert t.index("unit_played") < t.index("chain_resolved")


def test_ambush_needs_own_units_at_that_battlefield():
    """R. 822.1.b, 822.3: no unit of p1 at the Autel — neither Ambush nor the normal rule lets Inferna go there."""
    objs = [PONT, AUTEL, unit("garde", 2, at="pont"), card("inferna", "UNL-002", zone="hand")]
    assert "R. 822.1.b" in refused(objs, [{"do": "play_unit", "object": "inferna", "to": "autel"}])


# ---------------------------------------------------------------- Deploy (R. 830)


def test_deploy_gear_goes_only_to_a_battlefield_and_stays_there():
    """R. 830.1.b.1, 830.1.b.3: Banner of Conquest is played to the Autel (p2's), and the cleanup does not recall it."""
    objs = [PONT, AUTEL, unit("garde", 2, at="pont"), unit("b", 2, at="autel", controller="p2"),
            card("banniere", "RAD-002", zone="hand")]
    o = play(objs, [{"do": "play_gear", "object": "banniere", "to": "autel"}])
    assert (o.objects["banniere"]["zone"], o.objects["banniere"]["at"]) == ("battlefield", "autel")
    assert "R. 830.1.b" in refused(objs, [{"do": "play_gear", "object": "banniere"}])


def test_deploy_gear_dies_when_an_opponent_holds_its_battlefield():
    """R. 830.1.b « When an opponent holds here, kill this »: p2 holds the Autel at the start of their turn."""
    objs = [PONT, AUTEL, unit("b", 2, at="autel", controller="p2"),
            card("banniere", "RAD-002", zone="battlefield", at="autel")]
    o = play(objs, [{"do": "start_turn"}], turn_player="p2")
    assert o.objects["banniere"]["zone"] == "discard"


def test_a_plain_gear_is_played_to_its_base():
    objs = [PONT, unit("garde", 2, at="pont"), card("dague", "SFD-009", zone="hand")]
    assert "R. 349" in refused(objs, [{"do": "play_gear", "object": "dague", "to": "pont"}])


# ---------------------------------------------------------------- Disarm (R. 831)


def test_disarm_gives_an_enemy_unit_here_minus_x_when_attacking():
    """R. 831.1.d: Ahri, Confident (4 Might, Disarm) attacks the Autel; the 5-Might defender has -1 this turn, so the
    defending side totals 4 in the damage step."""
    objs = [PONT, AUTEL, card("ahri", "RAD-038", zone="base"), unit("b", 5, at="autel", controller="p2")]
    res = play(objs, [{"do": "standard_move", "objects": ["ahri"], "to": "autel"}])
    assert res.combats[0]["might"] == {"attacker": 4, "defender": 4}


# ---------------------------------------------------------------- Vision (R. 817), Predict (R. 437), Burn (R. 441)


def test_vision_predicts_when_played():
    """R. 817.1.b: Jeweled Colossus played: its player looks at the top card and may recycle it."""
    o = play([card("colosse", "OGN-086", zone="hand")], [{"do": "play_unit", "object": "colosse", "recycle": True}])
    ev = next(e for e in o.events if e["type"] == "predicted")
    assert (ev["player"], ev["looked"], ev["recycled"]) == ("p1", 1, 1)


def test_predict_looks_at_no_more_cards_than_the_deck_has():
    o = play([unit()], [{"do": "predict", "player": "p1", "amount": 5, "recycle": 2}],
             players=[player("p1", deck=3), player("p2")])
    ev = next(e for e in o.events if e["type"] == "predicted")
    assert (ev["looked"], ev["recycled"]) == (3, 2)
    assert o.players["p1"]["deck"] == 3  # recycled cards go under the deck (R. 417)


def test_burn_puts_cards_into_the_trash_and_burns_out_when_the_deck_is_empty():
    """R. 441, 432.1.b, 432.2: Burn 3 with 2 cards: two go to the trash, then Burn Out recycles them (p2 gains 1)
    and the third card is burned."""
    o = play([unit()], [{"do": "burn", "player": "p1", "amount": 3}], players=[player("p1", deck=2), player("p2")])
    assert (o.players["p1"]["deck"], o.players["p1"]["trash"], o.players["p2"]["points"]) == (1, 1, 1)


# ---------------------------------------------------------------- Repeat (R. 820), Flow (R. 829)


def test_repeat_executes_the_instructions_once_more_for_its_cost():
    """R. 820.1.d: Blood Rush (1 Energy, Repeat [1]) with Repeat paid: 2 Energy, the instructions twice."""
    objs = [card("rush", "SFD-003", zone="hand"), unit("vi", 3)]
    cast = {"do": "cast", "player": "p1", "label": "Blood Rush", "card": "rush", "speed": "action", "repeat": True,
            "steps": [{"do": "gain_xp", "player": "p1", "amount": 1}]}
    o = play(objs, [cast], players=[player("p1", energy=2), player("p2")])
    assert o.players["p1"]["xp"] == 2 and o.players["p1"]["energy"] == 0
    assert o.objects["rush"]["zone"] == "discard"
    once = play(objs, [dict(cast, repeat=False)], players=[player("p1", energy=2), player("p2")])
    assert once.players["p1"]["xp"] == 1 and once.players["p1"]["energy"] == 1


def test_flow_plays_from_the_trash_for_its_cost_then_banishes():
    """R. 829.1.b, 829.1.c.1: Brittle Steel from the trash for [4][R] (not its base cost), kills a gear, is banished."""
    objs = [card("acier", "VEN-003", zone="discard"), card("dague", "SFD-009", zone="base", controller="p2")]
    cast = {"do": "cast", "player": "p1", "label": "Brittle Steel", "card": "acier", "flow": True, "target": "dague",
            "steps": [{"do": "kill", "objects": ["dague"]}]}
    o = play(objs, [cast], players=[player("p1", energy=4, essence=["Fureur"]), player("p2")])
    assert o.objects["dague"]["zone"] == "discard"
    assert o.objects["acier"]["zone"] == "banished"
    assert o.players["p1"]["energy"] == 0 and o.players["p1"]["essence"] == {}
    assert "R. 829.1.b" in refused([dict(objs[0], zone="hand"), objs[1]], [cast])


# ---------------------------------------------------------------- Equip (R. 818), Quick-Draw (R. 819), Weaponmaster


def test_equip_pays_its_cost_and_attaches_to_a_unit_of_its_player():
    """R. 818.1.c.2: « [R]: Attach this to a unit you control » (Serrated Dirk)."""
    objs = [PONT, unit("garde", 2, at="pont"), card("dague", "SFD-009", zone="base")]
    o = play(objs, [{"do": "equip", "object": "dague", "to": "garde"}],
             players=[player("p1", essence=["Fureur"]), player("p2")])
    assert (o.objects["dague"]["attached_to"], o.objects["dague"]["at"]) == ("garde", "pont")
    assert o.players["p1"]["essence"] == {}
    poor = [player("p1", essence=["Calme"]), player("p2")]
    assert "358.2" in refused(objs, [{"do": "equip", "object": "dague", "to": "garde"}], players=poor)
    theirs = [*objs, unit("b", 2, at="pont", controller="p2")]
    assert "R. 818.1.c.2" in refused(theirs, [{"do": "equip", "object": "dague", "to": "b"}],
                                     players=[player("p1", essence=["Fureur"]), player("p2")])


def test_quick_draw_is_played_as_a_reaction_and_attaches():
    """R. 819.1.b, 819.1.d: during p2's chain, p1 plays Long Sword (Reaction); it attaches to p1's unit."""
    objs = [PONT, unit("garde", 2, at="pont"), card("epee", "SFD-022", zone="hand")]
    acts = [{"do": "cast", "player": "p2", "label": "Sort de B", "steps": []},
            {"do": "play_gear", "object": "epee", "attach_to": "garde"}]
    o = play(objs, acts, turn_player="p2")
    assert (o.objects["epee"]["attached_to"], o.objects["epee"]["at"]) == ("garde", "pont")
    t = types(o)
    assert t.index("attached") < t.index("chain_resolved")


def test_weaponmaster_equips_for_a_any_power_less():
    """R. 821.1.c: Armed Assailant played: Forgefire Cape's Equip [A] is reduced by [A] — nothing to pay; Serrated
    Dirk's [R] has no [A] and is paid in full (R. 821.1.c.3)."""
    cape = card("cape", "SFD-190", zone="base", power_cost=["Calme", "Esprit"])
    o = play([card("armee", "SFD-002", zone="hand"), cape],
             [{"do": "play_unit", "object": "armee", "weaponmaster": "cape"}],
             players=[player("p1", energy=6, essence=["Fureur"]), player("p2")])
    assert o.objects["cape"]["attached_to"] == "armee"
    assert o.players["p1"]["essence"] == {}  # the unit's [R]; the Cape cost nothing
    dirk = play([card("armee", "SFD-002", zone="hand"), card("dague", "SFD-009", zone="base")],
                [{"do": "play_unit", "object": "armee", "weaponmaster": "dague"}],
                players=[player("p1", energy=6, essence=["Fureur", "Fureur"]), player("p2")])
    assert dirk.objects["dague"]["attached_to"] == "armee" and dirk.players["p1"]["essence"] == {}


# ---------------------------------------------------------------- Empower (R. 827), Empowered (R. 828)


def test_empower_once_then_the_empowered_text_applies():
    """R. 827.1.c.1, 828.1.c: Baccai Sandspinner pays [5], becomes Empowered and its « Empowered » text (+2 here,
    written as an effect) applies; a second Empower is refused."""
    objs = [PONT, card("sable", "VEN-001", zone="battlefield", at="pont")]
    text = effect("amplifie", "increase", target="source", source="sable", value=2, condition={"empowered": True})
    o = play(objs, [{"do": "empower", "object": "sable"}], effects=[text],
             players=[player("p1", energy=5), player("p2")])
    assert o.objects["sable"]["empowered"] and o.objects["sable"]["power"] == 8
    assert o.players["p1"]["energy"] == 0
    assert "R. 827.1.c.1" in refused(objs, [{"do": "empower", "object": "sable"}] * 2, effects=[text],
                                     players=[player("p1", energy=10), player("p2")])
    before = play(objs, [], effects=[text])
    assert before.objects["sable"]["power"] == 6


# ---------------------------------------------------------------- Show Off (R. 832), Unique (R. 825)


def test_show_off_is_chosen_as_the_card_is_played_and_read_by_its_linked_text():
    """R. 832.1.c, 832.1.c.1: The Empyrean shows off a card of the hand; its linked text (here +1, written as an
    effect with the condition showed_off) applies; not shown off, it does not."""
    objs = [card("empyrean", "OGN-086", zone="hand"), unit("autre", 1, zone="hand")]
    objs[0] = card("empyrean", "RAD-060", zone="hand")
    text = effect("lien", "increase", target="source", source="empyrean", value=1, condition={"showed_off": True})
    shown = play(objs, [{"do": "play_unit", "object": "empyrean", "show_off": "autre"}], effects=[text])
    assert shown.objects["empyrean"]["power"] == 9
    plain = play(objs, [{"do": "play_unit", "object": "empyrean"}], effects=[text])
    assert plain.objects["empyrean"]["power"] == 8
    assert "R. 832.1.c" in refused(objs, [{"do": "play_unit", "object": "empyrean", "show_off": "empyrean"}],
                                   effects=[text])


def test_unique_allows_one_copy_per_deck():
    """R. 825.3.a: Forgefire Cape has Unique."""
    cape = CARDS["SFD-190"]
    assert kw.unique.deck_problem([cape]) is None
    assert "Forgefire Cape" in kw.unique.deck_problem([cape, cape])
