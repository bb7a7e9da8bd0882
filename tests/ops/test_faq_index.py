"""The FAQ index keeps the same size however many questions there are: a few per theme, the rest by pages."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.views import FAQ_FIRST_PER_CATEGORY, FAQ_PER_PAGE

from .factories import category, faqs

pytestmark = pytest.mark.django_db


def test_each_theme_shows_its_first_questions_and_links_to_the_rest(client):
    big, small = category(name="Combat"), category(name="Chaîne")
    faqs(big, 3 * FAQ_PER_PAGE)
    faqs(small, 2)
    page = client.get("/faq/").content.decode()
    assert page.count("Question en masse") == FAQ_FIRST_PER_CATEGORY + 2
    assert f'href="/faq/?categorie={big.slug}"' in page
    assert f"Les {3 * FAQ_PER_PAGE} questions du thème" in page
    assert f'href="/faq/?categorie={small.slug}"' not in page.split(f'id="{small.slug}"')[1]


def test_a_theme_is_listed_a_page_at_a_time(client):
    theme = category()
    faqs(theme, FAQ_PER_PAGE + 5)
    first = client.get(f"/faq/?categorie={theme.slug}").content.decode()
    second = client.get(f"/faq/?categorie={theme.slug}&page=2").content.decode()
    assert first.count("Question en masse") == FAQ_PER_PAGE
    assert second.count("Question en masse") == 5
    assert f"?categorie={theme.slug}&amp;page=2" in first
    assert "Question en masse 00044" in second and "Question en masse 00000" not in second


def test_unknown_theme_is_a_404(client):
    assert client.get("/faq/?categorie=inconnu").status_code == 404


def test_size_and_queries_do_not_grow_with_the_content(client):
    theme = category()
    faqs(theme, 50)
    with CaptureQueriesContext(connection) as small:
        small_size = len(client.get("/faq/").content)
    faqs(theme, 2000)
    with CaptureQueriesContext(connection) as large:
        large_size = len(client.get("/faq/").content)
    assert len(large) == len(small)
    assert abs(large_size - small_size) < 200


def test_each_theme_lists_its_questions_in_the_editors_order_and_escaped(client):
    theme = category(name="Ordre")
    later = faqs(theme, 1)[0]
    later.order, later.question = 9, "Et <script>alert(1)</script> ensuite ?"
    later.save()
    first = faqs(theme, 1)[0]
    first.order, first.question = 1, "D'abord « celle-ci » ?"
    first.save()
    section = client.get("/faq/").content.decode().split(f'id="{theme.slug}"')[1].split("</section>")[0]
    links = re.findall(r'<li><a href="(/faq/[^"]+/)">([^<]+)</a></li>', section)
    assert [url for url, _ in links] == [first.get_absolute_url(), later.get_absolute_url()]
    assert "<script>" not in section and "&lt;script&gt;alert(1)&lt;/script&gt;" in section
    # The theme's count comes from the same query as its questions.
    assert "Les 2 questions" not in section  # both shown: no link to the rest
