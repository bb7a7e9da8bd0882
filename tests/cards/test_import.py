"""Importing the card data: idempotent, fast paths, an editor's change kept, a newer import reaching the rest."""

from __future__ import annotations

import json
import shutil

import pytest
from django.core.management import CommandError, call_command

from cards.catalog import DATA_DIR
from cards.loader import load_cards
from cards.models import Card, CardKeyword, Erratum, ImportRecord, Printing
from rules.loader import Loader

pytestmark = pytest.mark.django_db

SAMPLE = ("OGN-005", "UNL-075", "SFD-051")  # errata; Hunt 2 and Level 3; Equip


def shared_cards() -> dict[str, dict]:
    return {card["id"]: card for card in json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))}


def write(folder, cards: list[dict]) -> None:
    folder.mkdir(exist_ok=True)
    (folder / "cards.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")


@pytest.fixture
def sample(tmp_path):
    cards = shared_cards()
    folder = tmp_path / "data"
    write(folder, [cards[card_id] for card_id in SAMPLE])
    return folder, [cards[card_id] for card_id in SAMPLE]


def load(folder, force=False) -> Loader:
    loader = Loader(force=force)
    load_cards(loader, folder)
    return loader


def counts():
    return tuple(model.objects.count() for model in (Card, Printing, Erratum, CardKeyword, ImportRecord))


def test_a_second_import_changes_nothing(sample):
    folder, data = sample
    first = load(folder)
    assert first.stats["created"] == 3
    rows = counts()
    # As many printings and errata as the data lists, and Gustwalker's three keywords with their numbers.
    assert rows[:3] == (3, sum(len(card["printings"]) for card in data), sum(len(card["errata"]) for card in data))
    assert list(CardKeyword.objects.filter(card_id="UNL-075").values_list("name", "number")) == [
        ("Hunt", 2), ("Level", 3), ("Ganking", None)]
    again = load(folder)
    assert again.stats["unchanged"] == 3 and again.stats["created"] == again.stats["updated"] == 0
    assert counts() == rows


def test_an_editors_change_is_kept_and_a_newer_import_updates_the_others(sample):
    folder, data = sample
    load(folder)
    edited = Card.objects.get(pk="OGN-005")
    edited.name_fr = "Désintégration"  # as the admin saves it: Card.save()
    edited.save()
    for card in data:
        card["text"] = card["text"] + "\n(newer import)"
    write(folder, data)
    loader = load(folder)
    assert loader.stats["kept_edited"] == 1 and loader.stats["updated"] == 2
    assert Card.objects.get(pk="OGN-005").name_fr == "Désintégration"
    assert "(newer import)" not in Card.objects.get(pk="OGN-005").text
    assert Card.objects.get(pk="UNL-075").text.endswith("(newer import)")
    assert any("OGN-005" in message for message in loader.messages)
    # force puts the shipped version back everywhere.
    load(folder, force=True)
    assert Card.objects.get(pk="OGN-005").name_fr == ""


def test_a_deleted_card_is_not_brought_back(sample):
    folder, _data = sample
    load(folder)
    Card.objects.get(pk="SFD-051").delete()
    unchanged = load(folder)  # the same data again: the quick path, which says so too
    assert unchanged.stats["kept_deleted"] == 1 and unchanged.stats["unchanged"] == 2
    assert not Card.objects.filter(pk="SFD-051").exists()
    write(folder, json.loads((folder / "cards.json").read_text(encoding="utf-8")) + [shared_cards()["OGN-001"]])
    loader = load(folder)
    assert not Card.objects.filter(pk="SFD-051").exists()
    assert loader.stats["kept_deleted"] == 1 and Card.objects.filter(pk="OGN-001").exists()


def test_a_stand_in_row_takes_the_imported_data(sample):
    # The migration of the placeholder cards made rows with an id and a name only.
    folder, _data = sample
    Card.objects.create(id="SFD-051", name="Guardian Angel", card_type="Gear", set_code="SFD")
    load(folder)
    card = Card.objects.get(pk="SFD-051")
    assert card.name_fr == "Ange gardien" and card.energy == 2 and card.printings.exists()


def test_the_shipped_data_loads_every_card():
    loader = Loader()
    load_cards(loader)
    assert Card.objects.count() == len(shared_cards()) == 1058
    assert Card.objects.filter(preview=True, set_code="RAD").count() == Card.objects.filter(set_code="RAD").count()


def test_import_cards_copies_the_data_and_writes_its_readme(tmp_path):
    source = tmp_path / "shared"
    source.mkdir()
    for name in ("cards.json", "code-index.json"):
        shutil.copy(DATA_DIR / name, source / name)
    (source / "report.json").write_text(json.dumps({"sources": {"riftboundfaq-errata": {
        "repo": "ChristianIvicevic/riftboundfaq", "commit": "cf841d9e34954e1f8fbdce6c49e3b15e743ea1f8",
        "licence": "CC BY-SA 4.0 content"}}}), encoding="utf-8")
    out = tmp_path / "out"
    call_command("import_cards", str(source), out=str(out), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert (out / "cards.json").read_bytes() == (DATA_DIR / "cards.json").read_bytes()
    readme = (out / "README.md").read_text(encoding="utf-8")
    assert "Importées le 20" in readme and "CC BY-SA 4.0" in readme and "cf841d9e" in readme


def test_import_cards_refuses_a_broken_list_in_french(tmp_path):
    (tmp_path / "cards.json").write_text(json.dumps([{"id": "OGN-001"}]), encoding="utf-8")
    (tmp_path / "code-index.json").write_text("{}", encoding="utf-8")
    with pytest.raises(CommandError, match="champ\\(s\\) manquant\\(s\\) name"):
        call_command("import_cards", str(tmp_path), out=str(tmp_path / "out"))
    assert not (tmp_path / "out").exists()
