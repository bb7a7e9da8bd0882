"""Keyword costs that are not resources (R. 818.1.c.3, 827.1.c.2, 357.2): discarding (R. 423.3), exhausting
(R. 415.4–415.5), killing a friendly unit (R. 429.1.a.1), recycling from the trash (R. 417.3), spending XP (R. 730.2),
and a choice between two costs.  Each card below carries one in ``cards/data/cards.json``; the expected values are
read from the card's text and the 2026-10-09 Core Rules."""

from __future__ import annotations

import re

import pytest

from engine.cards import keyword_costs

from .factories import player, unit
from .test_keywords import CARDS, PONT, card, play, refused, types


@pytest.mark.parametrize(("code", "word", "cost"), [
    ("VEN-007", "empower", {"energy": 0, "power": [], "other": {"discard": 1}}),  # Punching Poro: Discard 1
    ("VEN-110", "empower", {"energy": 0, "power": [], "other": {"discard_spell": 1}}),  # Mel: Discard a spell
    ("VEN-124", "empower", {"energy": 0, "power": [], "other": {"kill_friendly": 1}}),  # Escaped Grayback
    ("VEN-054", "empower", {"energy": 0, "power": [], "other": {"exhaust_this": 1}}),  # Questionable Tome: [E]
    ("VEN-075", "empower", {"energy": 1, "power": [], "other": {"exhaust_this": 1}}),  # Platewyrm Egg: [1], [E]
    ("VEN-074", "empower", {"energy": 1, "power": [], "or": [{"energy": 0, "power": ["Corps"]}]}),  # [1] or [O]
    ("SFD-178", "equip", {"energy": 0, "power": ["Ordre"], "other": {"kill_friendly": 1}}),  # Ruined King
    ("SFD-150", "equip", {"energy": 0, "power": ["Chaos"], "other": {"recycle_trash": 2}}),  # Last Rites
    ("UNL-158", "equip", {"energy": 0, "power": [], "other": {"spend_xp": 1}}),  # Shepherd's Heirloom
    ("RAD-150", "equip", {"energy": 0, "power": ["A"], "or": [{"energy": 0, "power": [],
                                                             "other": {"exhaust_friendly": 1}}]}),  # Blade of the Exile
    ("UNL-017", "repeat", {"energy": 0, "power": [], "other": {"discard": 1}}),  # Square Up: Repeat — Discard 1
    ("SFD-009", "equip", {"energy": 0, "power": ["Fureur"]}),  # a resource cost stays as it was
])
def test_the_keyword_costs_printed_on_the_cards_are_read(code, word, cost):
    assert keyword_costs(CARDS[code]["text"])[word] == cost


def test_every_keyword_cost_written_after_a_dash_is_read():
    """Every « [Equip] — … », « [Repeat] — … », « [Empower] — … » of the cards is read, Curtain Call's one cost per
    Repeat instance (« [1] / [A] / [1][A] », R. 820.1.c.2) included."""
    unread = [(code, word) for code, c in CARDS.items()
              for word in re.findall(r"\[(Equip|Repeat|Empower)\]\s*—", c.get("text") or "")
              if word.lower() not in keyword_costs(c["text"])]
    assert unread == []


RULES_POOL = [player("p1", essence=["Ordre", "Chaos"], energy=2, hand=2, trash=2, xp=1), player("p2")]


def test_empower_by_discarding_a_card():
    """Punching Poro, « [Empower] — Discard 1 »: a card of the hand goes to the trash as the cost (R. 423.1, 423.3);
    with an empty hand the cost cannot be paid and Empower cannot be activated (R. 423.3, 358.2)."""
    objs = [PONT, card("poro", "VEN-007", zone="battlefield", at="pont")]
    o = play(objs, [{"do": "empower", "object": "poro"}], players=RULES_POOL)
    assert (o.players["p1"]["hand"], o.players["p1"]["trash"]) == (1, 3)
    assert o.objects["poro"]["empowered"]
    empty = [player("p1", hand=0), player("p2")]
    assert "R. 423.3" in refused(objs, [{"do": "empower", "object": "poro"}], players=empty)


def test_empower_by_exhausting_itself():
    """Questionable Tome, « [Empower] — [E] »: the exhaust symbol is « exhaust this » (R. 415.5); an exhausted Tome
    cannot be exhausted again to pay it (R. 415.1.b, 415.4)."""
    tome = card("tome", "VEN-054", zone="base")
    o = play([tome], [{"do": "empower", "object": "tome"}], players=RULES_POOL)
    assert o.objects["tome"]["exhausted"] and o.objects["tome"]["empowered"]
    assert "R. 415.4" in refused([dict(tome, exhausted=True)], [{"do": "empower", "object": "tome"}],
                                 players=RULES_POOL)


def test_equip_by_killing_a_friendly_unit():
    """Blade of the Ruined King, « [Equip] — [Y], Kill a friendly unit »: the Power and the chosen friendly unit are
    paid as the ability is activated (R. 357.2, 429.1.a.1); the unit killed is not the one equipped here."""
    objs = [PONT, unit("garde", 3, at="pont"), unit("page", 1, at="pont"), card("lame", "SFD-178", zone="base")]
    o = play(objs, [{"do": "equip", "object": "lame", "to": "garde", "kill": "page"}], players=RULES_POOL)
    assert o.objects["page"]["zone"] == "discard"
    assert o.objects["lame"]["attached_to"] == "garde"
    assert o.players["p1"]["essence"] == {"Chaos": 1}
    t = types(o)
    assert t.index("died") < t.index("chain_added")  # a cost, paid before the ability waits on the chain
    assert "R. 429" in refused(objs, [{"do": "equip", "object": "lame", "to": "garde"}], players=RULES_POOL)
    foe = [*objs, unit("ennemi", 2, at="pont", controller="p2")]
    assert "R. 429" in refused(foe, [{"do": "equip", "object": "lame", "to": "garde", "kill": "ennemi"}],
                               players=RULES_POOL)


def test_equip_by_recycling_cards_from_the_trash():
    """Last Rites, « [Equip] — [P], Recycle 2 cards from your trash »: two cards go from the trash to the bottom of
    the main deck (R. 417.1.a); with one card in the trash the cost cannot be paid (R. 417.3)."""
    objs = [PONT, unit("garde", 3, at="pont"), card("rites", "SFD-150", zone="base")]
    o = play(objs, [{"do": "equip", "object": "rites", "to": "garde"}], players=RULES_POOL)
    assert (o.players["p1"]["trash"], o.players["p1"]["deck"]) == (0, 22)
    assert o.objects["rites"]["attached_to"] == "garde"
    one = [player("p1", essence=["Chaos"], trash=1), player("p2")]
    assert "R. 417.3" in refused(objs, [{"do": "equip", "object": "rites", "to": "garde"}], players=one)


def test_equip_by_spending_xp():
    """Shepherd's Heirloom, « [Equip] — Spend 1 XP » (R. 730.2): without XP the cost cannot be paid."""
    objs = [PONT, unit("garde", 3, at="pont"), card("heritage", "UNL-158", zone="base")]
    o = play(objs, [{"do": "equip", "object": "heritage", "to": "garde"}], players=RULES_POOL)
    assert o.players["p1"]["xp"] == 0 and o.objects["heritage"]["attached_to"] == "garde"
    assert "R. 730.2" in refused(objs, [{"do": "equip", "object": "heritage", "to": "garde"}],
                                 players=[player("p1", xp=0), player("p2")])


def test_a_choice_between_two_costs():
    """Blade of the Exile, « [Equip] — [A] or exhaust a friendly unit »: paying the second cost exhausts a ready
    friendly unit and spends no Power (R. 415.4); Legion Marauder, « [Empower] — [1] or [O] », pays [O]."""
    exil = card("exil", "RAD-150", zone="base", power_cost=["Chaos"])
    objs = [PONT, unit("garde", 3, at="pont"), unit("page", 1, at="pont"), exil]
    o = play(objs, [{"do": "equip", "object": "exil", "to": "garde", "cost_option": 1, "exhaust": "page"}],
             players=RULES_POOL)
    assert o.objects["page"]["exhausted"] and o.objects["exil"]["attached_to"] == "garde"
    assert o.players["p1"]["essence"] == {"Ordre": 1, "Chaos": 1}
    paid_power = play(objs, [{"do": "equip", "object": "exil", "to": "garde"}], players=RULES_POOL)
    assert not paid_power.objects["page"].get("exhausted") and sum(paid_power.players["p1"]["essence"].values()) == 1
    marauder = [PONT, card("maraudeur", "VEN-074", zone="battlefield", at="pont")]
    m = play(marauder, [{"do": "empower", "object": "maraudeur", "cost_option": 1}],
             players=[player("p1", essence=["Corps"], energy=1), player("p2")])
    assert m.players["p1"]["energy"] == 1 and m.players["p1"]["essence"] == {}


def test_repeat_by_discarding_a_card():
    """Square Up, « [Repeat] — Discard 1 »: paying the Repeat cost discards a card (R. 820.1.c.1, 423.3) and the
    instructions are carried out twice (R. 820.1.d); with no other card in hand, the Repeat cannot be paid."""
    cast = {"do": "cast", "player": "p1", "label": "Square Up", "card": "carre", "speed": "action", "repeat": True,
            "steps": [{"do": "gain_xp", "player": "p1", "amount": 1}]}
    objs = [card("carre", "UNL-017", zone="hand")]
    o = play(objs, [cast], players=[player("p1", energy=4, hand=2), player("p2")])
    # the trash: the card discarded, and Square Up itself once resolved (R. 359.3.d)
    assert (o.players["p1"]["hand"], o.players["p1"]["trash"], o.players["p1"]["xp"]) == (0, 2, 2)
    assert "R. 423.3" in refused(objs, [cast], players=[player("p1", energy=4, hand=1), player("p2")])
