"""Real cards in scenarios (issue 32, item 2): the engine reads a named card's characteristics from the card data it
is handed; the expected values are the card records of ``cards/data/cards.json`` (Riot's printed values)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import ScenarioError, load_scenario, run
from engine.cards import index, keyword_costs

from .factories import player, scenario, unit

CARDS = index(json.loads((Path(__file__).resolve().parents[2] / "cards" / "data" / "cards.json").read_text()))


def load(objects, **kw):
    return load_scenario(scenario(objects=objects, players=[player("p1"), player("p2")], **kw), cards=CARDS)


def test_a_named_card_takes_its_printed_characteristics():
    """Chemtech Enforcer (OGN-003): a Fury unit, 2 Energy, 2 Might, [Assault 2], tag Zaun."""
    o = load([{"id": "enforcer", "card": "OGN-003", "zone": "base", "controller": "p1"}]).objects[0]
    assert (o.name, o.type, o.printed_power, o.cost, o.domains, o.keywords, o.tags, o.card) == (
        "Chemtech Enforcer", "unit", 2, 2, ("Fureur",), ("Assaut 2",), ("Zaun",), "OGN-003")


def test_keyword_costs_are_read_from_the_text():
    """[Equip] [R] (Serrated Dirk), [Flow] [4][R] (Brittle Steel), [Empower] [5] (Baccai Sandspinner)."""
    assert keyword_costs(CARDS["SFD-009"]["text"]) == {"equip": {"energy": 0, "power": ["Fureur"]}}
    assert keyword_costs(CARDS["VEN-003"]["text"]) == {"flow": {"energy": 4, "power": ["Fureur"]}}
    assert keyword_costs(CARDS["VEN-001"]["text"])["empower"] == {"energy": 5, "power": []}
    dirk = load([{"id": "dirk", "card": "SFD-009", "controller": "p1"}]).objects[0]
    assert (dirk.type, dirk.tags, dirk.keywords) == ("gear", ("Equipment",), ("Équiper",))


def test_instructions_written_as_keywords_are_not_object_keywords():
    """Back Off (UNL-042): [Hidden] and [Action] are the card's; [Stun] is what its text does (a step)."""
    o = load([{"id": "b", "card": "UNL-042", "zone": "hand", "controller": "p1"}]).objects[0]
    assert o.type == "spell" and set(o.keywords) == {"Caché", "Action"}


def test_a_value_that_contradicts_the_card_is_refused():
    with pytest.raises(ScenarioError) as e:
        load([{"id": "enforcer", "card": "OGN-003", "printed_power": 3, "controller": "p1"}])
    assert e.value.message.startswith("objects[0].printed_power")


def test_an_unknown_card_or_missing_card_data_is_a_clear_error():
    with pytest.raises(ScenarioError) as e:
        load([{"id": "x", "card": "OGN-999", "controller": "p1"}])
    assert "OGN-999" in e.value.message
    with pytest.raises(ScenarioError) as e:
        load_scenario(scenario(objects=[{"id": "x", "card": "OGN-003", "controller": "p1"}]))
    assert "aucune donnée de cartes" in e.value.message


def test_the_loaded_data_reloads_without_the_card_data():
    """``Scenario.data`` carries the completed object: the web layer's variants reload it as it is."""
    sc = load([{"id": "enforcer", "card": "OGN-003", "zone": "base", "controller": "p1"}])
    again = load_scenario(sc.data)
    assert again.objects[0].keywords == ("Assaut 2",)


def test_the_cards_assault_plays_in_combat():
    """R. 807.1.c: Chemtech Enforcer attacks with 2 + 2 = 4 Might and kills a 4-Might defender."""
    bf = {"id": "pont", "name": "Le Pont", "type": "battlefield", "controller": "p2"}
    res = run(load([bf, {"id": "enforcer", "card": "OGN-003", "zone": "base", "controller": "p1"},
                    unit("garde", 4, at="pont", controller="p2")],
                   actions=[{"do": "standard_move", "objects": ["enforcer"], "to": "pont"}], topic="combat"))
    c = res.main.combats[0]
    assert c["might"]["attacker"] == 4
    assert res.main.objects["garde"]["zone"] == "discard"
    assert res.main.objects["enforcer"]["card"] == "OGN-003"
