"""What the deck page derives: keywords most present first, the areas they lead to, interactions found from card
data (never written per deck), and the engine's answers to their questions matching the rules."""

from pathlib import Path

import pytest

import engine
from decks import interactions, keywords
from tests.decks.factories import DECKLISTS, deck


def test_keywords_are_counted_by_copies():
    carried = keywords.carried(deck("teemo-36-houston"))
    assert carried[0].keyword == "Hidden" and carried[0].copies == 16
    assert all(a.copies >= b.copies for a, b in zip(carried, carried[1:], strict=False))


def test_hidden_and_reaction_lead_to_the_chain():
    titles = [area.slug for area, _ in keywords.areas(keywords.carried(deck("teemo-36-houston")))]
    assert titles[0] in ("chain", "hide") and "chain" in titles


@pytest.mark.parametrize("path", DECKLISTS, ids=[p.stem for p in DECKLISTS])
def test_every_shipped_list_has_an_interaction_the_engine_plays(path):
    found = interactions.found(deck(path.stem))
    played = [item for item in found if item.scenario]
    assert played
    for item in played:
        result = engine.run(engine.load_scenario(item.scenario)).to_dict()
        assert interactions.answer(item.question, result) is not None


def test_legion_is_found_with_the_deck_s_cheap_cards():
    item = interactions.by_slug(deck("viktor-hook-skirmish"), "legion")
    assert item and all(e.card["energy"] <= interactions.CHEAP for e in item.partners)
    result = engine.run(engine.load_scenario(item.scenario)).to_dict()
    # R. 812: Legion holds once another card was played this turn, and stops at the end of the turn.
    assert [q["value"] for q in result["queries"]] == [False, True, False]


def test_deflect_does_not_tax_your_own_spells():
    item = interactions.by_slug(deck("leona-2-nanjing"), "protection")
    result = engine.run(engine.load_scenario(item.scenario)).to_dict()
    assert interactions.answer(item.question, result) == 0  # R. 809: only opponents pay more


def test_hidden_card_is_played_for_no_energy():
    item = interactions.by_slug(deck("teemo-36-houston"), "cache")
    result = engine.run(engine.load_scenario(item.scenario)).to_dict()
    assert interactions.answer(item.question, result) == 0  # R. 811: played from face down, its cost ignored


def test_the_worked_examples_named_by_interactions_exist():
    scenarios = Path(__file__).resolve().parents[2] / "worked_examples" / "scenarios"
    named = {slug for slugs in interactions.EXAMPLES_OF.values() for slug in slugs}
    assert named and all((scenarios / f"{slug}.yaml").exists() for slug in named)
