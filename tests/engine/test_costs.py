"""Costs and resources (R. 160–168, 356–358, 805, 809) — one rule per test."""

from __future__ import annotations

import pytest

from engine import ScenarioError, load_scenario, run
from tests.engine.factories import play, player, scenario, unit


def rune(rid, domain, controller="p1", **kw):
    return {"id": rid, "name": f"Rune {rid}", "type": "rune", "domains": [domain], "zone": "base",
            "controller": controller, **kw}


def game(objects, actions, **kw):
    return scenario(objects=objects, actions=actions, players=kw.pop("players", [player("p1"), player("p2")]),
                    topic="chaine", **kw)


def refused(data) -> str:
    with pytest.raises(ScenarioError) as exc:
        run(load_scenario(data))
    return exc.value.message


def test_exhausting_a_rune_adds_one_energy():
    """R. 164.2.a: exhaust: add 1 Energy."""
    o = play(game([rune("r1", "Fureur")], [{"do": "add", "object": "r1"}])).main
    assert o.players["p1"]["energy"] == 1 and o.objects["r1"]["exhausted"]


def test_recycling_a_rune_adds_power_of_its_domain_and_returns_it_to_the_rune_deck():
    """R. 164.2.b, 417.1.b."""
    o = play(game([rune("r1", "Calme")], [{"do": "add", "object": "r1", "how": "power"}])).main
    assert o.players["p1"]["essence"] == {"Calme": 1}
    assert o.objects["r1"]["zone"] == "rune_deck" and o.players["p1"]["runes"] == 13


def test_an_exhausted_rune_adds_no_energy():
    assert "épuisée" in refused(game([rune("r1", "Fureur", exhausted=True)], [{"do": "add", "object": "r1"}]))


def test_a_unit_costs_its_energy_and_its_power_by_domain():
    """R. 357.1: the Energy and the Power of the right domain are paid from the pool."""
    jinx = unit("jinx", 3, zone="hand", cost=2, power_cost=["Chaos"])
    data = game([jinx], [{"do": "play_unit", "object": "jinx"}],
                players=[player("p1", energy=2, essence=["Chaos", "Calme"]), player("p2")])
    o = play(data).main
    assert o.players["p1"]["energy"] == 0 and o.players["p1"]["essence"] == {"Calme": 1}


def test_power_of_another_domain_does_not_pay():
    jinx = unit("jinx", 3, zone="hand", cost=0, power_cost=["Chaos"])
    data = game([jinx], [{"do": "play_unit", "object": "jinx"}],
                players=[player("p1", essence=["Calme"]), player("p2")])
    msg = refused(data)
    assert "Chaos" in msg and "R. 357.1" in msg


def test_accelerate_is_paid_with_one_of_the_units_domains():
    """R. 805.1.b.1: the extra Power must match one of the unit's domains."""
    jinx = unit("jinx", 3, zone="hand", cost=1, domains=["Chaos"], keywords=["Accélération"])
    ok = game([jinx], [{"do": "play_unit", "object": "jinx", "accelerate": True}],
              players=[player("p1", energy=2, essence=["Chaos"]), player("p2")])
    o = play(ok).main
    assert o.objects["jinx"]["exhausted"] is False and o.players["p1"]["essence"] == {}
    wrong = game([jinx], [{"do": "play_unit", "object": "jinx", "accelerate": True}],
                 players=[player("p1", energy=2, essence=["Calme"]), player("p2")])
    assert "Chaos" in refused(wrong)


def test_accelerate_of_a_domainless_unit_takes_any_power():
    """R. 805.1.b.2."""
    golem = unit("golem", 2, zone="hand", keywords=["Accélération"])
    data = game([golem], [{"do": "play_unit", "object": "golem", "accelerate": True}],
                players=[player("p1", energy=1, essence=["Ordre"]), player("p2")])
    assert play(data).main.objects["golem"]["exhausted"] is False


def test_deflect_adds_its_value_in_power_of_any_domain_for_an_opponent():
    """R. 809.1.c: an opponent choosing the Deflect unit pays its Deflect Value more."""
    braum = unit("braum", 3, controller="p2", keywords=["Protection 2"])
    bolt = {"do": "cast", "player": "p1", "label": "Éclair", "target": "braum", "cost": 1,
            "steps": [{"do": "damage", "object": "braum", "amount": 1}]}
    short = game([braum], [bolt], players=[player("p1", energy=1, essence=["Fureur"]), player("p2")])
    assert "n'importe quel domaine" in refused(short)
    enough = game([braum], [bolt],
                  players=[player("p1", energy=1, essence=["Fureur", "Calme"]), player("p2")])
    assert play(enough).main.players["p1"]["essence"] == {}


def test_deflect_costs_nothing_to_its_own_controller():
    braum = unit("braum", 3, keywords=["Protection"])
    buff = {"do": "cast", "player": "p1", "label": "Renfort", "target": "braum",
            "steps": [{"do": "buff", "object": "braum"}]}
    data = game([braum], [buff], players=[player("p1", energy=0), player("p2")])
    assert play(data).main.objects["braum"]["power"] == 4


def test_the_rune_pool_empties_at_the_end_of_the_turn():
    """R. 167."""
    data = game([rune("r1", "Fureur")], [{"do": "add", "object": "r1"}, {"do": "end_turn"}])
    o = play(data).main
    assert o.players["p1"]["energy"] == 0
    assert any(e["type"] == "pool_emptied" for e in o.events)


def test_channel_puts_the_top_runes_of_the_rune_deck_on_the_board_ready():
    """R. 315.3, 431.1, 431.2.a."""
    data = game([], [{"do": "start_turn"}],
                players=[player("p1", rune_deck=["Fureur", "Calme", "Ordre"]), player("p2")])
    o = play(data).main
    runes = [x for x in o.objects.values() if x["type"] == "rune"]
    assert sorted(r["domains"][0] for r in runes) == ["Calme", "Fureur"]
    assert all(r["zone"] == "base" and not r["exhausted"] for r in runes)
    assert o.players["p1"]["runes"] == 1


def test_players_described_by_counts_only_play_without_a_cost_check():
    jinx = unit("jinx", 3, zone="hand", cost=5)
    assert play(game([jinx], [{"do": "play_unit", "object": "jinx"}])).main.objects["jinx"]["zone"] == "base"
