"""The gallery /cartes/: filters as a form, with and without htmx, page numbers, bad input answered in French."""

from __future__ import annotations

import json

import pytest

from cards.catalog import DATA_DIR

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(site_content) -> list[dict]:
    # The shipped content, loaded once per process and copied back for each test (tests/conftest.py).
    return json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))


def count_in(html: str) -> int:
    start = html.index('class="results-count"')
    return int(html[html.index(">", start) + 1:].split(" ", 1)[0].replace("\u202f", "").replace("\xa0", ""))


def test_filters_narrow_the_list_as_the_data_says(client, cards):
    # Expected counts come from cards.json itself, not from the query under test.
    spells_fury = [c for c in cards if c["type"] == "Spell" and "Fury" in c["domains"]]
    html = client.get("/cartes/", {"type": "Spell", "domaine": "Fury"}).content.decode()
    assert count_in(html) == len(spells_fury)
    shields = [c for c in cards if any(k.split(" ")[0] == "Shield" for k in c["keywords_mentioned"])
               and c["energy"] == 3]
    html = client.get("/cartes/", {"mot_cle": "Shield", "cout": "3"}).content.decode()
    assert count_in(html) == len(shields)
    big = [c for c in cards if c["might"] is not None and c["might"] >= 8 and c["set"] == "OGN"]
    assert count_in(client.get("/cartes/", {"puissance": "8", "extension": "OGN"}).content.decode()) == len(big)


def test_words_of_the_name_or_text_in_english_or_french(client, cards):
    html = client.get("/cartes/", {"q": "saute-nuages"}).content.decode()
    assert count_in(html) == 1 and 'href="/cartes/unl-075/"' in html
    html = client.get("/cartes/", {"q": "Guardian"}).content.decode()
    assert 'href="/cartes/sfd-051/"' in html
    hunt = [c for c in cards if "hunt" in (c["text"] or "").lower() and "xp" in (c["text"] or "").lower()]
    assert count_in(client.get("/cartes/", {"q": "hunt XP"}).content.decode()) == len(hunt)


def test_without_htmx_a_whole_page_with_real_links_and_page_numbers(client, cards):
    response = client.get("/cartes/")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html and 'id="card-results"' in html
    assert count_in(html) == len(cards)
    assert 'href="?page=2"' in html and 'aria-current="page" href="?page=1"' in html
    second = client.get("/cartes/", {"page": "2", "type": "Unit"}).content.decode()
    assert 'href="?page=3&amp;type=Unit"' in second or 'href="?type=Unit&amp;page=3"' in second


def test_with_htmx_only_the_results_partial(client, cards):
    response = client.get("/cartes/", {"domaine": "Calm"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html and "<form" not in html
    assert count_in(html) == len([c for c in cards if "Calm" in c["domains"]])
    assert "HX-Request" in response["Vary"]
    # A boosted request or a history restore wants the whole page.
    restore = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    whole = client.get("/cartes/", {"domaine": "Calm"}, headers=restore)
    assert "<html" in whole.content.decode()


@pytest.mark.parametrize("query", [
    {"cout": "abc"}, {"domaine": "Violet"}, {"type": "<script>"}, {"mot_cle": "Nope"}, {"extension": "XYZ"},
    {"puissance": "-1"}, {"q": "x" * 101},
])
def test_bad_filter_values_get_the_forms_french_errors(client, cards, query):
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get("/cartes/", query, headers=headers)
        html = response.content.decode()
        assert response.status_code == 400
        assert "Ces filtres ne peuvent pas être appliqués" in html
        assert "Choisissez une valeur de la liste" in html or "100 caractères au plus" in html
        assert "<script>" not in html.split('id="card-results"')[-1]


def test_a_page_number_out_of_range_shows_the_last_page(client, cards):
    response = client.get("/cartes/", {"page": "999"})
    assert response.status_code == 200 and 'aria-current="page"' in response.content.decode()
    assert client.get("/cartes/", {"page": "abc"}).status_code == 200
