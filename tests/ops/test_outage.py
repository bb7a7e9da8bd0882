"""The database is unreachable: cached pages keep being served, any other page is a French 503 with Retry-After
(never a 500), and the site answers normally again as soon as the database is back."""

from __future__ import annotations

import contextlib
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client

from .factories import faq

pytestmark = pytest.mark.django_db


@contextlib.contextmanager
def database_down(error=None):
    error = error or OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")
    with mock.patch.object(CursorWrapper, "execute", side_effect=error), \
            mock.patch.object(CursorWrapper, "executemany", side_effect=error):
        yield


@pytest.fixture
def browser():
    return Client(raise_request_exception=False)


def assert_unavailable(response):
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert "momentanément indisponible" in response.content.decode()
    assert "no-store" in response["Cache-Control"]


@pytest.mark.parametrize("url", ["/recherche/?q=combat", "/faq/", "/sitemap.xml", "/plan-du-site/", "/glossaire/"])
def test_a_page_the_cache_cannot_serve_is_a_french_503(browser, url):
    faq()
    with database_down():
        response = browser.get(url)
    assert_unavailable(response)
    assert browser.get(url).status_code == 200  # back by itself


def test_a_lost_connection_is_a_503_too(browser):
    with database_down(InterfaceError("connection already closed")):
        assert_unavailable(browser.get("/faq/"))


def test_a_programming_error_stays_a_500(browser):
    with database_down(OperationalError("no such column: rules_faqentry.nope")):
        response = browser.get("/faq/")
    assert response.status_code == 500
    assert "Retry-After" not in response


@pytest.mark.usefixtures("page_cache")
@pytest.mark.parametrize("url", ["/faq/", "/sitemap.xml", "/plan-du-site/"])
def test_cached_pages_and_the_site_maps_are_served_during_an_outage(browser, url):
    """The sitemap and the site plan are kept per content version like the content pages: built once, not on
    every request, and still there while the database is down."""
    faq()
    assert browser.get(url)["X-Cache"] == "MISS"
    with database_down():
        response = browser.get(url)
    assert response.status_code == 200
    assert response["X-Cache"] == "HIT"
