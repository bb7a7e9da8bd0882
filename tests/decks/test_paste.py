"""Pasted lists: every usual form, French names, sections, unreadable lines kept apart, and the size limits."""

from hypothesis import given, settings
from hypothesis import strategies as st

from decks import paste
from tests.decks.factories import decklist

LIST = """Légende : Jinx, Loose Cannon
Champion:
1 Jinx, Rebel
Main (39):
3 Blazing Scorcher
3x OGN-002
Brazen Buccaneer x2
- 2 OGN-246a
x1 Thermo Beam
blah blah
Runes
6 Fury
Rune de Fureur x6
Champs de bataille
Forgotten Monument
Side:
2x OGN-022
"""


def test_every_usual_form_is_read():
    pasted = paste.read(LIST)
    deck = pasted.deck
    assert deck.legend.code == "OGN-251"  # « Jinx, Loose Cannon »: the legend is named by its title
    assert deck.champion.code == "OGN-202"
    main = {entry.code: entry.count for entry in deck.main}
    # The champion's copy is part of the main deck (R. 103.3); the two lines of Brazen Buccaneer add up.
    assert main == {"OGN-202": 1, "OGN-001": 3, "OGN-002": 5, "OGN-246a": 2, "OGN-022": 1}
    assert [(e.code, e.count) for e in deck.runes] == [("OGN-007", 12)]
    assert [e.code for e in deck.battlefields] == ["SFD-209"]
    assert [(e.code, e.count) for e in deck.sideboard] == [("OGN-022", 2)]
    assert [(u.number, u.line) for u in pasted.unread] == [(10, "blah blah")]


def test_the_lines_after_the_champion_are_the_main_deck():
    """« Champion : X » then the list with no header of its own: one chosen champion, the rest is the main deck
    (a second unit there used to replace the champion)."""
    deck = paste.read("Légende : OGN-247\nChampion : VEN-021\n3x OGN-001\n3 Brazen Buccaneer\n").deck
    assert deck.champion.code == "VEN-021"
    assert {entry.code: entry.count for entry in deck.main} == {"VEN-021": 1, "OGN-001": 3, "OGN-002": 3}


def test_official_french_names_are_read():
    pasted = paste.read("Gâchette folle\n2 Gâchette folle")
    assert pasted.deck.legend.card_id == "OGN-251" and pasted.deck.legend.count == 3


def test_a_deck_code_is_read_as_a_code():
    data = decklist("teemo-36-houston")
    pasted = paste.read("  " + data["deck_code"] + "\n")
    assert pasted.from_code and pasted.deck.legend.code == data["legend"]


def test_broken_inputs_give_a_french_error():
    assert "vide" in paste.read("   \n").error
    assert "Aucune carte" in paste.read("hello\nworld").error
    assert "tronqué" in paste.read("CMAAAAAA").error
    assert paste.read("x" * (paste.MAX_TEXT + 1)).error.startswith("Le texte collé est trop long")


def test_ten_thousand_characters_are_handled():
    text = ("3 Blazing Scorcher\nnot a card at all\n" * 400)[:10_000]
    pasted = paste.read(text)
    assert not pasted.error
    assert pasted.deck.main[0].code == "OGN-001" and pasted.deck.main[0].count > 3
    assert len(pasted.unread) >= 250


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400)
       | st.lists(st.sampled_from(["3 Blazing Scorcher", "Runes:", "Side", "x3 OGN-001", "Légende :", "99 Fury",
                                   "0 OGN-001", "1000 OGN-001", "OGN-999", "Gâchette folle (2)", "- - -"]),
                  max_size=40).map("\n".join))
def test_fuzz_pastes_never_raise(text):
    pasted = paste.read(text)
    assert pasted.error or not pasted.deck.is_empty()
    if not pasted.error:
        assert pasted.deck.code()  # whatever was read can be written as a code
