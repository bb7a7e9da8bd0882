"""An FAQ entry's cards and related questions (rules.views.faq_links): one plain query, the same order everywhere."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.views import faq_links

from .factories import card, category, faq

pytestmark = pytest.mark.django_db


def test_related_questions_come_by_theme_then_in_the_themes_order():
    first_theme, second_theme = category(order=1), category(order=2)
    entry = faq()
    late = faq(question="B en second thème ?", category=second_theme, order=0)
    second = faq(question="Z ordre 2 ?", category=first_theme, order=2)
    first_b = faq(question="B ordre 1 ?", category=first_theme, order=1)
    first_a = faq(question="A ordre 1 ?", category=first_theme, order=1)
    faq(question="Pas liée ?", category=first_theme)
    entry.related.add(late, second, first_b, first_a)
    _cards, related = faq_links(entry.pk)
    assert [item["question"] for item in related] == ["A ordre 1 ?", "B ordre 1 ?", "Z ordre 2 ?",
                                                      "B en second thème ?"]
    assert related[0]["url"] == first_a.get_absolute_url()


def test_cards_come_by_name_and_only_the_entrys_own():
    entry, other = faq(), faq()
    zed, ahri, theirs = card(name="Zed"), card(name="Ahri"), card(name="Garen")
    entry.cards.add(zed, ahri)
    other.cards.add(theirs)
    cards, related = faq_links(entry.pk)
    assert [item.name for item in cards] == ["Ahri", "Zed"] and related == []


def test_an_entry_without_cards_does_not_read_the_cards_table():
    entry = faq()
    entry.related.add(faq())
    with CaptureQueriesContext(connection) as queries:
        cards, related = faq_links(entry.pk)
    assert cards == [] and len(related) == 1
    assert len(queries) == 1


def test_the_page_shows_both_lists_and_escapes_the_questions(client):
    entry = faq()
    entry.related.add(faq(question="<script>alert(1)</script> et Tank ?"))
    entry.cards.add(card(name="Garen"))
    html = client.get(entry.get_absolute_url()).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; et Tank" in html and "<script>alert" not in html
    assert 'id="voir-aussi"' in html and 'id="cartes"' in html and ">Garen</a>" in html
    bare = faq()
    html = client.get(bare.get_absolute_url()).content.decode()
    assert 'id="voir-aussi"' not in html and 'id="cartes"' not in html
