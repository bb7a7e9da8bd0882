"""A cost that is not a resource (R. 357.2, « coûts atypiques » in the French v1.4) is told by what was paid, with
the official French verbs — Épuiser (R. 415), Éliminer (R. 429), Défausser (R. 423), Recycler (R. 417), spending XP
(R. 730.2) — never as « 0 Énergie » taken from a Rune Pool that was not touched."""

from __future__ import annotations

import pytest

from engine import load_scenario, run
from engine.cards import OTHER_KINDS
from engine.narration import describe
from engine.vocab import OtherCost

from .factories import player, scenario, unit
from .test_keywords import CARDS, PONT, card

STATE = {
    "objects": {"page": {"name": "Page"}, "lame": {"name": "Lame"}, "tome": {"name": "Grimoire"},
                "sort": {"name": "Éclair"}},
    "players": {"p1": {"name": "Ana"}},
}


def told(**reason) -> str:
    return describe({"kind": "event", "state": STATE,
                     "reason": {"code": "cost_paid", "player": "p1", "label": "Équiper Lame", "energy": 0,
                                "essence": {}, "pool": "2 Énergie", **reason}})


@pytest.mark.parametrize(("other", "chosen", "paid", "rule"), [
    ({"kill_friendly": 1}, {"kill": "page"}, "éliminer Page", "429.1.a.1"),
    ({"kill_friendly": 1}, {}, "éliminer une unité alliée", "429.1.a.1"),
    ({"exhaust_friendly": 1}, {"exhaust": "page"}, "épuiser Page", "415.4"),
    ({"exhaust_this": 1}, {}, "épuiser Grimoire", "415.5"),
    ({"discard": 2}, {}, "défausser 2 cartes", "423.3"),
    ({"discard": 1}, {}, "défausser 1 carte", "423.3"),
    ({"discard_spell": 1}, {"discard": "sort"}, "défausser Éclair", "423.3"),
    ({"recycle_trash": 2}, {}, "recycler 2 cartes de sa Défausse", "417.3"),
    ({"spend_xp": 1}, {}, "dépenser 1 XP", "730.2"),
])
def test_a_cost_that_is_not_a_resource_is_named_with_its_official_verb(other, chosen, paid, rule):
    text = told(other=other, chosen=chosen, source="tome")
    assert text == f"Ana paie « Équiper Lame » sans puiser dans sa Réserve runique : {paid} (R. 357.2, {rule})."


def test_resources_and_other_costs_paid_together_are_both_named():
    """Blade of the Ruined King's Equip, « [Y], kill a friendly unit »: one Power of Order from the Rune Pool
    (R. 357.1) and a friendly unit killed (R. 357.2), said in one sentence when the step carries both."""
    text = told(essence={"Ordre": 1}, other={"kill_friendly": 1}, chosen={"kill": "page"}, pool="2 Énergie")
    assert text == ("Ana paie « Équiper Lame » : 0 Énergie, 1 essence runique Ordre et éliminer Page "
                    "(R. 357.1, 445, 357.2, 429.1.a.1) ; il reste 2 Énergie.")


def test_several_other_costs_are_listed_with_each_rule_once():
    text = told(other={"exhaust_this": 1, "discard": 1, "exhaust_friendly": 1}, chosen={"exhaust": "page"},
                source="tome")
    assert text == ("Ana paie « Équiper Lame » sans puiser dans sa Réserve runique : épuiser Grimoire, "
                    "défausser 1 carte et épuiser Page (R. 357.2, 415.5, 423.3, 415.4).")


def test_a_resource_cost_is_told_as_before():
    assert told(energy=2, essence={"Chaos": 1}) == (
        "Ana paie « Équiper Lame » : 2 Énergie, 1 essence runique Chaos (R. 357.1, 445) ; il reste 2 Énergie.")


def test_every_cost_a_card_can_print_is_a_vocabulary_member_told_in_french():
    assert set(OTHER_KINDS) == set(OtherCost.values())
    for kind in OtherCost:
        text = told(other={kind.value: 1})
        assert kind.value not in text and "Énergie" not in text, kind


def _cost_texts() -> list[str]:
    objs = [PONT, unit("garde", 3, at="pont"), unit("page", 1, at="pont"), card("lame", "SFD-178", zone="base")]
    players = [player("p1", essence=["Ordre", "Chaos"], energy=2), player("p2")]
    data = scenario(objects=objs, actions=[{"do": "equip", "object": "lame", "to": "garde", "kill": "page"}],
                    players=players, topic="combat")
    trace = run(load_scenario(data, cards=CARDS)).to_dict()["trace"]
    return [s["text"] for s in trace if s["reason"].get("code") == "cost_paid"]


def test_the_engine_kill_cost_is_not_told_as_energy():
    """Blade of the Ruined King (SFD-178) equipped by killing a friendly unit: the kill is told without Energy."""
    texts = _cost_texts()
    assert any("1 essence runique Ordre" in t for t in texts)
    assert [t for t in texts if "Énergie" not in t and "sans puiser dans sa Réserve runique" in t]


def test_the_engine_kill_cost_is_told_with_the_official_verb_and_the_unit():
    assert any("éliminer Unité page (R. 357.2, 429.1.a.1)" in t for t in _cost_texts())  # the factory names it so


def _equip_payments(option: int) -> list[dict]:
    """Armed Assailant (SFD-002, Weaponmaster) played with Blade of the Exile (RAD-150), « [Equip] — [A] or exhaust a
    friendly unit »: the cost_paid events of the Equip (the unit's own cost aside)."""
    exil = card("exil", "RAD-150", zone="base", power_cost=["Chaos"])
    objs = [card("armee", "SFD-002", zone="hand"), unit("page", 1, zone="base"), exil]
    act = {"do": "play_unit", "object": "armee", "weaponmaster": "exil", "cost_option": option}
    if option:
        act["exhaust"] = "page"
    data = scenario(objects=objs, actions=[act], players=[player("p1", energy=6, essence=["Fureur"]), player("p2")],
                    topic="combat")
    res = run(load_scenario(data, cards=CARDS))
    unit_name = res.main.objects["armee"]["name"]
    return [e for e in res.main.events if e["type"] == "cost_paid" and e["label"] != unit_name]


def test_a_cost_with_no_resource_part_pays_nothing_from_the_rune_pool():
    """R. 357.2: exhausting a friendly unit is the whole cost — no resource payment of « 0 Énergie » comes first."""
    paid = _equip_payments(1)
    assert len(paid) == 1 and paid[0]["other"] == {"exhaust_friendly": 1} and paid[0]["chosen"] == {"exhaust": "page"}


def test_a_resource_cost_reduced_to_nothing_is_still_paid():
    """R. 821.1.c.3: Weaponmaster takes [A] off « [A] »: the resource cost is paid, at nothing, and said so."""
    paid = _equip_payments(0)
    assert [(e["energy"], e["essence"], "other" in e) for e in paid] == [(0, {}, False)]


@pytest.mark.parametrize(("why", "says"), [
    ("equip_unpaid", "le coût d'équipement de Lame ne peut pas être payé"),
    ("cannot_attach", "Lame ne peut pas être attaché à cette unité"),
])
def test_a_gear_that_stays_says_why(why, says):
    """R. 821.1.c.5: an Equip cost that cannot be paid, or a unit that cannot carry the gear, leaves it where it was —
    the sentence says so instead of a bare « Rien ne se passe »."""
    text = describe({"kind": "event", "object": "lame", "state": STATE,
                     "reason": {"code": "nothing_happens", "object": "lame", "why": why}})
    assert text.startswith(f"Rien ne se passe : {says}") and "reste où il était" in text


def test_weaponmaster_with_an_equip_cost_it_cannot_pay_says_why_nothing_happens():
    """Blade of the Ruined King's Equip needs [Y] (Order): a pool with none leaves the Blade at its base
    (R. 821.1.c.5)."""
    objs = [card("armee", "SFD-002", zone="hand"), unit("page", 1, zone="base"), card("lame", "SFD-178", zone="base")]
    act = {"do": "play_unit", "object": "armee", "weaponmaster": "lame", "kill": "page"}
    data = scenario(objects=objs, actions=[act],
                    players=[player("p1", energy=6, essence=["Fureur"]), player("p2")], topic="combat")
    d = run(load_scenario(data, cards=CARDS)).to_dict()
    assert d["objects"]["lame"]["attached_to"] is None and d["objects"]["lame"]["zone"] == "base"
    assert [s["text"] for s in d["trace"] if s["reason"].get("code") == "nothing_happens"] == [
        "Rien ne se passe : le coût d'équipement de Blade of the Ruined King ne peut pas être payé, ou l'unité ne peut "
        "pas le porter ; il reste où il était (R. 821.1.c.5)."]
