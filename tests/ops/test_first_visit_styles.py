"""A page opened from outside the site carries its stylesheets; a page reached from another page links them
(core/stylesheets.py, issue 34). The CSP allows exactly the written-in stylesheets, and the page cache, nginx's
micro-cache (through Vary) and the sandbox's cached empty page keep the two variants apart."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from sandbox import views as sandbox_views

from .factories import faq
from .test_fragments import example

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static"
FROM_OUTSIDE = {"sec_fetch_site": "none", "sec_fetch_mode": "navigate", "sec_fetch_dest": "document"}
FROM_A_SEARCH_ENGINE = {"sec_fetch_site": "cross-site", "sec_fetch_mode": "navigate"}
FROM_THE_SITE = {"sec_fetch_site": "same-origin", "sec_fetch_mode": "navigate"}
SAVED_BY_THE_WORKER = {"sec_fetch_site": "same-origin", "sec_fetch_mode": "cors"}  # core/offline.py's reading list
WRITTEN = re.compile(r'<style data-href="([^"]+)">(.*?)</style>', re.S)
LINKED = re.compile(r'<link rel="stylesheet" href="([^"]+)">')


def style_sources(response) -> list[str]:
    policy = response["Content-Security-Policy"]
    directive = next(part.strip() for part in policy.split(";") if part.strip().startswith("style-src"))
    return directive.split()[1:]


def sha256_source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@pytest.mark.parametrize("headers", [FROM_OUTSIDE, FROM_A_SEARCH_ENGINE], ids=["adresse tapée", "moteur de recherche"])
def test_a_page_opened_from_outside_carries_its_stylesheets_and_the_csp_allows_exactly_them(client, headers):
    faq(question="Une question pour la page ?")
    response = client.get("/faq/", headers=headers)
    html = response.content.decode()
    written = WRITTEN.findall(html)
    assert [url for url, _text in written] == ["/static/css/site.css"]
    assert LINKED.findall(html) == []
    # The same bytes the stylesheet's own address serves: the source file (the tests serve the apps' files).
    assert written[0][1] == (STATIC / "css" / "site.css").read_text(encoding="utf-8")
    assert style_sources(response) == ["'self'", sha256_source(written[0][1])]


@pytest.mark.parametrize("headers", [FROM_THE_SITE, SAVED_BY_THE_WORKER, {}],
                         ids=["lien du site", "copie hors ligne", "sans en-têtes"])
def test_a_page_reached_from_the_site_or_fetched_by_a_script_links_its_stylesheets(client, headers):
    faq(question="Une question pour la page ?")
    response = client.get("/faq/", headers=headers)
    html = response.content.decode()
    assert WRITTEN.findall(html) == []
    assert LINKED.findall(html) == ["/static/css/site.css"]
    assert style_sources(response) == ["'self'"]


def test_every_stylesheet_of_a_page_is_written_in_and_allowed(client):
    """The FAQ answer with its example player: site.css and player.css, each allowed by its own hash."""
    entry = faq(question="Jusqu'à 5, puis +2 ?")
    entry.examples.add(example("faq-jusqu-a-5-et-sort"))
    response = client.get(entry.get_absolute_url(), headers=FROM_OUTSIDE)
    written = WRITTEN.findall(response.content.decode())
    assert [url for url, _text in written] == ["/static/css/site.css", "/static/css/player.css"]
    assert style_sources(response) == ["'self'", *(sha256_source(text) for _url, text in written)]


def test_both_variants_say_what_they_vary_on(client):
    faq(question="Une question pour la page ?")
    for headers in (FROM_OUTSIDE, FROM_THE_SITE):
        vary = {name.strip().lower() for name in client.get("/faq/", headers=headers)["Vary"].split(",")}
        assert {"sec-fetch-site", "sec-fetch-mode"} <= vary


@pytest.mark.usefixtures("page_cache")
def test_the_page_cache_keeps_the_two_variants_apart():
    faq(question="Une question pour la page ?")
    client = Client()
    answers = [(client.get("/faq/", headers=headers), headers is FROM_OUTSIDE)
               for headers in (FROM_OUTSIDE, FROM_THE_SITE, FROM_OUTSIDE, FROM_THE_SITE)]
    assert [response["X-Cache"] for response, _outside in answers] == ["MISS", "MISS", "HIT", "HIT"]
    for response, outside in answers:
        html = response.content.decode()
        assert bool(WRITTEN.search(html)) == outside and bool(LINKED.search(html)) != outside
        assert (len(style_sources(response)) > 1) == outside


@pytest.mark.usefixtures("fragments")
def test_the_sandboxs_cached_empty_page_keeps_the_variants_and_their_policy_apart():
    """The empty sandbox is one cached piece per variant; served from the cache, its CSP still names the written-in
    stylesheets (taken from the finished page, not from the render that stored it)."""
    outside = [Client().get("/bac-a-sable/", headers=FROM_OUTSIDE) for _ in range(2)]
    inside = [Client().get("/bac-a-sable/", headers=FROM_THE_SITE) for _ in range(2)]
    for response in outside:
        written = WRITTEN.findall(response.content.decode())
        assert [url for url, _text in written] == ["/static/css/site.css", "/static/css/player.css",
                                                    "/static/css/sandbox.css"]
        assert style_sources(response) == ["'self'", *(sha256_source(text) for _url, text in written)]
    for response in inside:
        assert WRITTEN.findall(response.content.decode()) == [] and style_sources(response) == ["'self'"]
    assert sandbox_views.CSRF_SLOT not in outside[1].content.decode()
