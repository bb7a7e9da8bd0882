"""A real card's keyword costs, shown greyed on its row, say every part of the cost the engine will pay: a cost that
is not a resource with its official verb (R. 357.2), a choice between two costs, Repeat's further costs
(R. 820.1.c.2). The form takes the card's own values, never the text read back."""

from __future__ import annotations

from sandbox.forms import costs_text


def test_a_cost_that_is_not_a_resource_is_shown_with_its_verb():
    assert costs_text({"equip": {"energy": 0, "power": ["Ordre"], "other": {"kill_friendly": 1}}}) == (
        "Équiper : 0, Ordre, éliminer une unité alliée")


def test_a_choice_between_two_costs_is_shown_with_ou():
    cost = {"equip": {"energy": 0, "power": ["A"],
                      "or": [{"energy": 0, "power": [], "other": {"exhaust_friendly": 1}}]}}
    assert costs_text(cost) == "Équiper : 0, tout domaine ou 0, épuiser une unité alliée"


def test_repeat_further_costs_follow_the_first():
    cost = {"repeat": {"energy": 1, "power": [],
                       "more": [{"energy": 0, "power": ["A"]}, {"energy": 1, "power": ["A"]}]}}
    assert costs_text(cost) == "Répétition : 1 / 0, tout domaine / 1, tout domaine"


def test_a_resource_cost_reads_as_before():
    assert costs_text({"equip": {"energy": 1, "power": ["Fureur"]}, "flow": {"energy": 4, "power": []}}) == (
        "Équiper : 1, Fureur ; Flux : 4")
