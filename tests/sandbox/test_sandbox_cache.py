"""The empty sandbox is rendered once for every visitor (issue 34: its template cost 0.3-0.5 s of server time on a
first visit on a loaded machine), yet each visitor still gets a CSRF token of their own that the form's posts need."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.test import Client

from sandbox import views
from tests.sandbox.helpers import URL

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HEADER_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')


@pytest.fixture
def fragments_on(settings):
    settings.FRAGMENT_CACHE_ENABLED = True
    caches["default"].clear()
    yield
    caches["default"].clear()


@pytest.mark.django_db
def test_the_empty_sandbox_is_rendered_once_with_a_token_per_visitor(fragments_on, monkeypatch):
    rendered = []
    page = views._page
    monkeypatch.setattr(views, "_page", lambda *args, **kwargs: rendered.append(1) or page(*args, **kwargs))
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    one, two = first.get(URL), second.get(URL)
    assert len(rendered) == 1  # the second visitor's page came from the cache
    html_one, html_two = one.content.decode(), two.content.decode()
    assert views.CSRF_SLOT not in html_one + html_two
    tokens = [TOKEN.search(html).group(1) for html in (html_one, html_two)]
    assert tokens[0] != tokens[1]
    assert [HEADER_TOKEN.search(html).group(1) for html in (html_one, html_two)] == tokens
    assert "csrftoken" in one.cookies and "no-store" in one["Cache-Control"]
    # Each visitor's post goes through with their own token, and without one it is refused.
    assert second.post(URL, {"csrfmiddlewaretoken": tokens[1], "op": "run"}).status_code != 403
    assert Client(enforce_csrf_checks=True).post(URL, {"op": "run"}).status_code == 403


@pytest.mark.django_db
def test_a_visit_with_parameters_is_rendered_for_itself(fragments_on, monkeypatch):
    rendered = []
    page = views._page
    monkeypatch.setattr(views, "_page", lambda *args, **kwargs: rendered.append(1) or page(*args, **kwargs))
    client = Client()
    client.get(URL)
    client.get(URL, {"modele": "inconnu"})
    client.get(URL, headers={"HX-Request": "true"})
    assert len(rendered) == 3
