"""Equip (R. 818) and Empower (R. 827) are activated abilities (R. 377): their cost is paid as they are
activated, then the ability waits on the chain, where it can be answered, and does its work only when it
resolves (R. 377.3, 357, 340).  Expected values are read from the 2026-10-09 Core Rules."""

from __future__ import annotations

from .factories import effect, player, unit
from .test_keywords import PONT, card, play, types

RICH = [player("p1", essence=["Fureur"], energy=5), player("p2")]
EQUIP = {"do": "equip", "object": "dague", "to": "garde"}
KILL_GARDE = {"do": "cast", "player": "p2", "label": "Riposte", "speed": "reaction",
              "steps": [{"do": "kill", "objects": ["garde"]}]}


def _equip_objects():
    return [PONT, unit("garde", 2, at="pont"), card("dague", "SFD-009", zone="base")]


def test_equip_goes_on_the_chain_and_attaches_when_it_resolves():
    """R. 377.3, 818.1.b: the Equip cost ([R], Serrated Dirk) is paid, the ability is added to the chain, and the
    gear is attached only as the ability resolves."""
    o = play(_equip_objects(), [EQUIP], players=RICH)
    t = types(o)
    added = [e for e in o.events if e["type"] == "chain_added"]
    assert len(added) == 1 and added[0]["player"] == "p1"
    assert t.index("chain_added") < t.index("attached") < t.index("equipped") < t.index("chain_resolved")
    assert o.objects["dague"]["attached_to"] == "garde"
    assert o.players["p1"]["essence"] == {}


def test_equip_can_be_answered_and_its_cost_stays_paid():
    """R. 377.3.b.2: the opponent answers the Equip ability with a Reaction that kills the chosen unit; the
    ability's target is gone when it resolves, so nothing is attached (R. 818.1.b.1, 359.3.e.2) — the [R] paid as
    it was activated is not given back (R. 357)."""
    o = play(_equip_objects(), [EQUIP, KILL_GARDE], players=RICH)
    t = types(o)
    assert "equipped" not in t and "attached" not in t
    assert o.objects["dague"]["attached_to"] is None
    assert o.objects["garde"]["zone"] == "discard"
    assert o.players["p1"]["essence"] == {}


def _empower_objects():
    return [PONT, card("sable", "VEN-001", zone="battlefield", at="pont"), unit("garde", 2, at="pont")]


EMPOWERED_TEXT = effect("amplifie", "increase", target="source", source="sable", value=2,
                        condition={"empowered": True})


def test_empower_waits_on_the_chain_before_the_object_is_empowered():
    """R. 377.3, 827.2: the [5] is paid at once, but Baccai Sandspinner becomes Empowered only when the ability
    resolves: a query while it waits on the chain still reads the Might without the « Empowered » text."""
    acts = [{"do": "empower", "object": "sable"}, {"do": "query", "ask": "power", "object": "sable"}]
    o = play(_empower_objects(), acts, effects=[EMPOWERED_TEXT], players=RICH)
    assert [q["value"] for q in o.queries] == [6]
    assert o.players["p1"]["energy"] == 0
    assert o.objects["sable"]["empowered"] and o.objects["sable"]["power"] == 8
    t = types(o)
    assert t.index("chain_added") < t.index("empowered") < t.index("chain_resolved")


def test_empower_can_be_answered():
    """R. 377.3.b.2: the opponent kills Baccai Sandspinner in answer; when the ability resolves its source is no
    longer on the board, so nothing becomes Empowered (R. 359.3.e.12) — the [5] stays paid (R. 357)."""
    kill = dict(KILL_GARDE, steps=[{"do": "kill", "objects": ["sable"]}])
    o = play(_empower_objects(), [{"do": "empower", "object": "sable"}, kill], effects=[EMPOWERED_TEXT],
             players=RICH)
    assert "empowered" not in types(o)
    assert not o.objects["sable"].get("empowered")
    assert o.players["p1"]["energy"] == 0


def test_an_equip_target_moved_to_base_is_still_a_legal_choice():
    """R. 818.1.b.1, 359.3.e.3: Equip chooses « a unit you control »; a unit moved from the battlefield to its base in
    answer still is one, so the gear is attached there when the ability resolves."""
    move = dict(KILL_GARDE, steps=[{"do": "move", "object": "garde", "to": "base"}])
    o = play(_equip_objects(), [EQUIP, move], players=RICH)
    assert o.objects["garde"]["zone"] == "base"
    assert o.objects["dague"]["attached_to"] == "garde" and "equipped" in types(o)
