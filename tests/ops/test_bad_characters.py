"""A NUL byte or another control character never reaches a query: one French 400 for the whole site."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def assert_refused(response):
    assert response.status_code == 400
    page = response.content.decode()
    assert "Caractère refusé" in page and "octet nul" in page
    assert "no-store" in response["Cache-Control"]


@pytest.mark.parametrize("url", [
    "/bac-a-sable/?exemple=%00",
    "/bac-a-sable/?s=1.abc%00def",
    "/exemples/?etape=%01",
    "/glossaire/?q=%00",
    "/faq/?categorie=%00",
    "/faq/?%00=1",
    "/faq/%00/",
])
def test_query_parameters_and_paths(client, url):
    assert_refused(client.get(url))


def test_form_fields(client):
    assert_refused(client.post("/bac-a-sable/", {"op": "run", "p-0-name": "Ana\x00"}))
    assert_refused(client.post("/avis/", {"path": "/faq/", "kind": "utile", "message": "a\x1bb"}))


def test_cookies(client):
    client.cookies["sessionid"] = "abcdefgh\x00"
    assert_refused(client.get("/faq/"))


def test_ordinary_text_passes(client):
    response = client.post("/bac-a-sable/", {"op": "run", "p-0-name": "Ana\tBé\r\nnoît « ok »"})
    assert response.status_code != 400 or "Caractère refusé" not in response.content.decode()
    assert client.get("/glossaire/?q=%C3%A9tourdi").status_code == 200


def test_search_drops_them_itself(client):
    # /recherche/ is let through (BAD_CHARACTERS_EXEMPT_PREFIXES): search removes them from its query.
    response = client.get("/recherche/?q=%00%01horodatage")
    assert response.status_code < 500
    assert "Caractère refusé" not in response.content.decode()
