"""One grammar for a rule number (rules.citations), read the same by the rules index, the editions and practice."""

from __future__ import annotations

from rules import citations, editions


def test_notes_give_every_number_in_order_without_repeats():
    text = "Garen attaque (R. 467, 468.5). Il conquiert (R. 468.5 ; 473.1.a.1) mais pas 999 hors note."
    assert citations.numbers_in_notes(text) == ["467", "468.5", "473.1.a.1"]
    assert citations.numbers_in_notes("") == [] and citations.numbers_in_notes(None) == []


def test_the_same_grammar_reads_citations_typed_numbers_and_edition_lines():
    assert citations.cited_in("Voir R. 466.2.c et R.\u00a0050.") == ["466.2.c", "050"]
    assert citations.parse("r. 50") == "050" and citations.parse("4660") is None
    assert editions.parse_rules_text("466.2.c. Something happens.\n    continued\n") == {
        "466.2.c": "Something happens. continued"}
    assert editions.normalise("See rule 466.2 and 467.") == editions.normalise("See rule 101.1 and 999.")
