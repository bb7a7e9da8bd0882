"""Answering what triggers at the start of a turn (R. 335, 337.4, 340): the turn waits for the chain."""

from __future__ import annotations

from engine import load_scenario, run

from .factories import player, scenario, unit

OBJECTS = [{"id": "pont", "name": "Le Pont", "type": "battlefield", "controller": "p1"}, unit("garen", 3, at="pont")]
EFFECTS = [
    {"id": "ferveur", "label": "+2", "kind": "increase", "value": 2, "target": "garen", "starts": "later",
     "duration": "turn"},
    {"id": "elan", "label": "quand j'occupe", "kind": "triggered", "when": "held", "subject": "self",
     "source": "garen", "then": "ferveur"},
]


def play(actions):
    sc = scenario(objects=OBJECTS, effects=EFFECTS, actions=actions, players=[player("p1"), player("p2")])
    return run(load_scenario(sc)).main


def test_unanswered_trigger_resolves_before_the_turn_goes_on():
    """R. 335: no other phase while a chain item is pending; nobody answers, it resolves (R. 340)."""
    o = play([{"do": "start_turn"}, {"do": "damage", "object": "garen", "amount": 3}])
    types = [e["type"] for e in o.events]
    assert types.index("trigger_resolved") < types.index("runes_channeled") < types.index("damaged")
    assert o.objects["garen"]["zone"] == "battlefield" and o.objects["garen"]["power"] == 5


def test_a_reaction_answers_a_trigger_of_the_beginning_phase():
    """R. 337.4, 340: the answer resolves first; the turn then goes on (channel, draw)."""
    trait = {"do": "cast", "player": "p2", "label": "Trait", "speed": "reaction",
             "steps": [{"do": "damage", "object": "garen", "amount": 3}]}
    o = play([{"do": "start_turn"}, trait, {"do": "pass", "player": "p2"}, {"do": "pass", "player": "p1"},
              {"do": "query", "ask": "hand", "player": "p1"}])
    types = [e["type"] for e in o.events]
    assert types.index("died") < types.index("trigger_resolved") < types.index("runes_channeled")
    assert o.objects["garen"]["zone"] == "discard"
    assert o.players["p1"]["hand"] == 1
