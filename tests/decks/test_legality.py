"""Deck construction (Core Rules 2026-10-09, R. 101–103, 825; Tournament Rules 601.1.c): the 12 shipped lists are
legal, and one broken copy per rule gives exactly that rule's problem."""

import pytest

from cards.catalog import catalog
from decks import legality
from decks.deck import Entry
from tests.decks.factories import DECKLISTS, deck


def entry(code: str, count: int = 1) -> Entry:
    return Entry(code, catalog().card(code), count)


def rules_broken(d) -> list[str]:
    return [finding.rule for finding in legality.check(d).problems]


@pytest.mark.parametrize("path", DECKLISTS, ids=[p.stem for p in DECKLISTS])
def test_shipped_decklists_are_legal(path):
    report = legality.check(deck(path.stem))
    assert report.legal and report.verdict == "deck conforme", report.problems


def test_no_legend():
    d = deck()
    d.legend = None
    assert rules_broken(d) == ["103.2"]


def test_two_legends_without_neeko():
    d = deck()
    d.extra_legends.append(entry("OGN-251"))
    assert rules_broken(d) == ["103.2"]


def test_neeko_needs_three_more_legends():
    d = deck()
    d.main.append(entry("RAD-167"))  # Neeko, Blending In: colourless
    d.main[0].count -= 1 if d.main[0].count > 1 else 0
    assert "103.1" in rules_broken(d)
    d.extra_legends += [entry("OGN-251"), entry("OGN-261"), entry("OGN-263")]
    assert "103.1" not in rules_broken(d)


def test_fewer_than_forty_cards():
    d = deck()
    d.main[0].count -= 1
    assert rules_broken(d) == ["103.3"]


def test_more_than_forty_is_a_tournament_note_only():
    d = deck()
    d.main.append(entry("OGN-001"))  # Fury, in Kai'Sa's Fury/Mind identity
    report = legality.check(d)
    assert report.legal and [n.rule for n in report.notes] == ["601.1.b"]


def test_a_rune_in_the_main_deck():
    d = deck()
    d.main.append(entry("OGN-007"))
    assert rules_broken(d) == ["103.3"]


def test_four_copies_of_a_name_across_printings():
    d = deck()  # 3 Plundering Poro (SFD-069); UNL-222 is a reprint of the same card, so the same name
    d.main.append(entry("UNL-222"))
    assert rules_broken(d) == ["103.3.b"]


def test_copies_in_the_sideboard_count_with_the_main_deck():
    d = deck()
    d.sideboard.append(entry("SFD-069"))
    assert rules_broken(d) == ["103.3.b"]


def test_spiderling_lifts_the_limit_for_its_name():
    d = deck("diana-3-fuzhou")  # Mind/Chaos: Spiderling is Chaos
    d.main.append(entry("VEN-097", 8))
    assert "103.3.b" not in rules_broken(d)


def test_unique_allows_one():
    d = deck("ornn-1-barcelona")
    d.main.append(entry("SFD-190"))
    d.main.append(entry("SFD-190"))
    assert "825.3.a" in rules_broken(d)


def test_a_card_outside_the_domain_identity():
    d = deck()  # Fury/Mind
    d.main.append(entry("OGN-044"))  # Clockwork Keeper: Calm
    assert "103.2.b.4" in rules_broken(d)


def test_runes_of_another_domain_and_eleven_runes():
    d = deck()
    d.runes[0].count -= 1
    assert rules_broken(d) == ["103.4.a"]
    d.runes[0].count += 1
    d.runes.append(entry("OGN-042"))
    d.runes[0].count -= 1
    assert rules_broken(d) == ["103.4.a.1"]


def test_battlefields_count_and_names():
    d = deck()
    d.battlefields.pop()
    assert rules_broken(d) == ["487.4.a"]
    d.battlefields.append(Entry(d.battlefields[0].code, d.battlefields[0].card, 1))
    assert rules_broken(d) == ["103.5.c"]


def test_chosen_champion_must_match_the_legend():
    d = deck()
    d.champion = entry("OGN-030")  # Jinx, Demolitionist: a champion of another legend
    assert "103.3.a.2" in rules_broken(d)


def test_chosen_champion_cannot_be_a_signature_card():
    d = deck("akali-5-wuhan")
    signature = next(e for e in d.main if e.card.get("supertype") == "Signature")
    d.champion = Entry(signature.code, signature.card, 1)
    assert rules_broken(d) == ["103.3.a.2"]


def test_signature_cards_of_another_champion():
    d = deck()
    d.main.append(entry("SFD-182"))  # Danger Zone: Rumble's signature, Fury/Mind
    assert rules_broken(d) == ["103.3.d.2"]


def test_sideboard_size_and_contents():
    d = deck()
    d.sideboard.append(entry("OGN-001", 3))
    d.sideboard.append(entry("OGN-012", 3))
    d.sideboard.append(entry("OGN-027", 3))
    d.sideboard.append(entry("OGN-013", 2))
    assert "601.1.c.1" in rules_broken(d)
    d.sideboard[:] = [entry("OGN-044")]
    assert rules_broken(d) == ["601.1.c.2"]
