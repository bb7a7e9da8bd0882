"""Deck codes v1–v6: the reference vectors, the shipped decklists, hand-built bytes for the versions the encoder no
longer writes, every refusal in French, and a fuzz test proving nothing but DeckCodeError leaves the decoder."""

import ast
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks import codes
from decks.codes import DeckCodeError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "decks" / "data"
VECTORS = [v for name in ("golden.json", "golden-v6.json")
           for v in json.loads((DATA / "deck-codes" / name).read_text(encoding="utf-8"))]
DECKLISTS = sorted((DATA / "decklists").glob("*.json"))
PLAIN_MODULES = ["codes.py", "deck.py", "paste.py", "legality.py", "keywords.py", "interactions.py"]


def pairs(items):
    return [(item["cardCode"], item["count"]) for item in items]


def test_the_data_travels_with_the_project():
    assert len(VECTORS) == 10 and len(DECKLISTS) == 12
    assert (DATA / "deck-codes" / "NOTICE").exists() and (DATA / "deck-codes" / "LICENSE-Apache-2.0.txt").exists()


@pytest.mark.parametrize("module", PLAIN_MODULES)
def test_plain_modules_import_no_django(module):
    path = ROOT / "decks" / module
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        assert not any(name.startswith("django") for name in names), module


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"].split(" ")[0] for v in VECTORS])
def test_reference_vectors_round_trip(vector):
    given_deck = vector["input"]
    code = codes.encode(pairs(given_deck["mainDeck"]), pairs(given_deck["sideboard"]),
                        given_deck.get("chosenChampion"), given_deck.get("additionalLegends"))
    assert code == vector["code"]
    decoded = codes.decode(vector["code"])
    expected = vector["decoded"]
    assert list(decoded.main) == pairs(expected["mainDeck"])
    assert list(decoded.sideboard) == pairs(expected["sideboard"])
    assert decoded.champion == expected.get("chosenChampion")
    legends = expected.get("additionalLegends")
    assert (list(decoded.legends) if decoded.legends is not None else None) == legends
    assert decoded.version == codes.to_bytes(vector["code"])[0] & 0x0F == int(vector["name"][1])


@pytest.mark.parametrize("path", DECKLISTS, ids=[p.stem for p in DECKLISTS])
def test_decklists_round_trip(path):
    deck = json.loads(path.read_text(encoding="utf-8"))
    decoded = codes.decode(deck["deck_code"])
    everything = [(deck["legend"], 1), *map(tuple, deck["main"]), *map(tuple, deck["runes"]),
                  *((code, 1) for code in deck["battlefields"])]
    assert sorted(decoded.main) == sorted(everything)
    assert decoded.champion == deck["champion"] and decoded.sideboard == () and decoded.version == 3
    assert codes.encode(everything, (), deck["champion"]) == deck["deck_code"]
    # The same deck as v5 and as v6 with no extra legend decodes to the same cards.
    for version in (5, 6):
        again = codes.decode(codes.encode(everything, (), deck["champion"], [] if version == 6 else None, version))
        assert sorted(again.main) == sorted(everything) and again.version == version


def test_version_1_and_2_are_read():
    # v1: main deck only, counts 12..1; OGN-007 ×3 (count 3: one group of 1 card, set 0, variant 0, number 7).
    v1 = bytes([0x11] + [0] * 9 + [1, 1, 0, 0, 7, 0, 0])
    assert codes.decode(codes.to_base32(v1)).main == (("OGN-007", 3),)
    # v2: the same, then a sideboard (counts 3..1) with VEN-050 ×1.
    v2 = bytes([0x12] + [0] * 9 + [1, 1, 0, 0, 7, 0, 0] + [0, 0, 1, 1, 5, 0, 50])
    decoded = codes.decode(codes.to_base32(v2))
    assert decoded.sideboard == (("VEN-050", 1),) and decoded.champion is None and decoded.legends is None


def test_variants_and_prefixes_are_written_as_cards_are():
    code = codes.encode([("OGN-246a", 1), ("OGN-299*", 1), ("VEN-SP1", 2), ("SFD-R02", 12), ("UNL-225", 20)])
    assert dict(codes.decode(code).main) == {"OGN-246a": 1, "OGN-299s": 1, "VEN-SP1": 2, "SFD-R02": 12,
                                             "UNL-225": 20}
    assert codes.decode(code).version == 5


@pytest.mark.parametrize(("code", "words"), [
    ("", "vide"),
    ("CMAA!AAA", "base32"),
    ("AAAAAAAA", "format"),
    ("C4AAAAAA", "Version de code de deck inconnue : v7"),
    ("CMAAAAAA", "tronqué à l'octet"),
    ("CMAAAAAAAAAAAAAAAEAQAAAHAEAQAACZAEAQAAAEAAAAAAAAAAA", "en trop"),
])
def test_refusals_say_what_is_wrong_in_french(code, words):
    with pytest.raises(DeckCodeError) as caught:
        codes.decode(code)
    assert words in caught.value.message


def test_an_unknown_card_is_named():
    code = codes.encode([("OGN-999", 3)])
    assert codes.decode(code).main == (("OGN-999", 3),)
    with pytest.raises(DeckCodeError) as caught:
        codes.decode(code, known=lambda card: card != "OGN-999")
    assert "OGN-999" in caught.value.message


def test_encoder_refusals():
    for bad in ([("OGN-7", 0)], [("XYZ-001", 1)], [("blah", 1)]):
        with pytest.raises(DeckCodeError):
            codes.encode(bad)
    with pytest.raises(DeckCodeError):
        codes.encode([("OGN-001", 13)], version=3)


def decode_or_refuse(text: str) -> None:
    try:
        deck = codes.decode(text)
    except DeckCodeError as error:
        assert error.message and isinstance(error.message, str)
        return
    assert all(isinstance(c, str) and n >= 1 for c, n in deck.main + deck.sideboard)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=80))
def test_fuzz_random_strings(text):
    decode_or_refuse(text)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=codes.ALPHABET, min_size=1, max_size=120).map(lambda s: "C" + s))
def test_fuzz_base32_strings(text):
    decode_or_refuse(text)


SOURCES = [v["code"] for v in VECTORS] + [json.loads(p.read_text())["deck_code"] for p in DECKLISTS]


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(SOURCES), st.integers(min_value=0), st.integers(min_value=0, max_value=255))
def test_fuzz_one_byte_changed(code, where, value):
    data = bytearray(codes.to_bytes(code))
    data[where % len(data)] = value
    decode_or_refuse(codes.to_base32(bytes(data)))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SOURCES), st.integers(min_value=0))
def test_fuzz_truncations(code, cut):
    decode_or_refuse(code[: cut % len(code)])
