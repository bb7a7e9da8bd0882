"""/mon-deck/: the 12 shipped lists give « conforme », keywords, an interaction and a fiche; broken inputs give a
French message and a 400, never a 500; an interaction page plays the engine and grades the answer."""

import json
import random
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.urls import reverse

from decks import codes, interactions
from tests.decks.factories import DECKLISTS, deck, decklist

DATA = Path(__file__).resolve().parents[2] / "decks" / "data" / "deck-codes"


@pytest.mark.parametrize("path", DECKLISTS, ids=[p.stem for p in DECKLISTS])
def test_each_shipped_list_gives_a_full_page(client, site_content, path):
    code = decklist(path.stem)["deck_code"]
    page = client.get(reverse("decks:deck", args=[code]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Deck conforme" in html
    assert page.context["keywords"] and page.context["keywords"][0].name
    assert page.context["interactions"]
    assert 'class="card-link" data-card="' in html and "/cartes/" in html
    sheet = client.get(reverse("decks:sheet", args=[code]))
    assert sheet.status_code == 200 and "Fiche de règles" in sheet.content.decode()


def test_keywords_carry_their_official_french_name_and_rule(client, site_content):
    code = decklist("teemo-36-houston")["deck_code"]
    views = client.get(reverse("decks:deck", args=[code])).context["keywords"]
    hidden = next(view for view in views if view.keyword == "Hidden")
    assert hidden.name == "Caché" and hidden.rule == "811" and hidden.copies == 16
    assert views[0].copies >= views[-1].copies


def test_a_pasted_list_is_redirected_to_its_code(client, site_content):
    data = decklist("leona-2-nanjing")
    lines = [f"{count} {code}" for code, count in data["main"]] + [f"{n} {c}" for c, n in data["runes"]]
    lines += [data["legend"], *data["battlefields"]]
    response = client.post(reverse("decks:form"), {"deck": "\n".join(lines)})
    assert response.status_code == 302
    assert response["Location"] == reverse("decks:deck", args=[data["deck_code"]])


def test_unread_lines_are_listed_and_the_rest_still_works(client, site_content):
    response = client.post(reverse("decks:form"), {"deck": "3 Blazing Scorcher\nzzz not a card"})
    assert response.status_code == 200
    assert "zzz not a card" in response.content.decode() and response.context["deck"].main_count == 3


def one_byte_changed(code: str) -> str:
    data = bytearray(codes.to_bytes(code))
    data[len(data) // 2] ^= 0x5A
    return codes.to_base32(bytes(data))


@pytest.mark.parametrize("bad", [
    "QWERTYUIOPASDFGH", "CMAAAAAA", "CMAA!AAA", "pas un code", codes.encode([("OGN-999", 3)]),
    one_byte_changed(decklist("akali-5-wuhan")["deck_code"]),
])
def test_broken_codes_give_a_french_400(client, site_content, bad):
    response = client.get(reverse("decks:deck", args=[bad]))
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert response.context["message"]


def test_an_unknown_card_is_named(client, site_content):
    response = client.get(reverse("decks:deck", args=[codes.encode([("OGN-999", 3)])]))
    assert response.status_code == 400 and "OGN-999" in response.context["message"]


@pytest.mark.parametrize("text", ["", "   ", "nothing here\nat all", "x" * 20_001,
                                  "".join(random.Random(7).choice("abc XYZ\n123") for _ in range(10_000))])
def test_broken_pastes_give_a_french_400(client, site_content, text):
    response = client.post(reverse("decks:form"), {"deck": text})
    assert response.status_code == 400
    assert response.context["message"]


def test_an_interaction_is_played_and_graded_by_the_engine(client, site_content):
    code = decklist("kaisa-4-guangzhou")["deck_code"]
    url = reverse("decks:interaction", args=[code, "acceleration"])
    item = interactions.by_slug(deck("kaisa-4-guangzhou"), "acceleration")
    energy = item.scenario["objects"][1]["cost"]
    # Accelerate adds 1 Energy to the unit's cost (R. 805): worked out here, not read from the engine.
    right = client.get(url, {"reponse": str(energy + 1)})
    assert right.status_code == 200 and right.context["correct"] is True and right.context["steps"]
    wrong = client.get(url, {"reponse": str(energy)})
    assert wrong.context["correct"] is False
    assert client.get(reverse("decks:interaction", args=[code, "nope"])).status_code == 404


VECTORS = [v for name in ("golden.json", "golden-v6.json")
           for v in json.loads((DATA / name).read_text(encoding="utf-8"))]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"].split(" ")[0] for v in VECTORS])
def test_reference_vectors_give_a_page_or_name_their_unknown_card(client, site_content, vector):
    # The vectors are format tests, not decks: some name cards that do not exist (OGN-288a, VEN-292).
    response = client.get(reverse("decks:deck", args=[vector["code"]]))
    if response.status_code == 400:
        assert "Carte inconnue" in response.context["message"]
    else:
        assert response.status_code == 200 and "Construction du deck" in response.content.decode()


def test_the_form_also_answers_get(client, site_content):
    assert client.get(reverse("decks:form")).status_code == 200
    response = client.get(reverse("decks:form"), {"deck": decklist("ornn-1-barcelona")["deck_code"]})
    assert response.status_code == 302


def test_pastes_are_rate_limited(client, site_content, monkeypatch):
    monkeypatch.setattr("decks.views.RATE_LIMIT", 2)
    caches[settings.RATE_LIMIT_CACHE].clear()  # earlier posts of this process must not count
    statuses = [client.post(reverse("decks:form"), {"deck": "3 Blazing Scorcher"}).status_code for _ in range(3)]
    assert statuses[:2] == [302, 302] and statuses[2] == 429


def test_an_interaction_links_the_site_s_worked_examples(client, site_content):
    code = decklist("teemo-36-houston")["deck_code"]
    page = client.get(reverse("decks:interaction", args=[code, "cache"]))
    slugs = [example.slug for example in page.context["examples"]]
    assert slugs and slugs[0] == "cache-puis-jouee-sans-cout"
    assert reverse("examples:detail", args=["cache-puis-jouee-sans-cout"]) in page.content.decode()
