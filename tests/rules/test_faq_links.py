"""An FAQ entry's cards and related questions, and the FAQ index's first questions per theme: QuerySet methods,
the same order on every database (this file runs on SQLite and on PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.models import Category, FAQEntry
from rules.views import FAQ_FIRST_PER_CATEGORY
from tests.cards.factories import card

from .factories import category, faq

pytestmark = pytest.mark.django_db


def page(client, url: str) -> str:
    """The page's HTML with French spacing (thin spaces before « ? ») turned back into plain spaces."""
    html = client.get(url).content.decode()
    return html.replace("\u202f", " ").replace("\xa0", " ").replace("&nbsp;", " ")


def test_related_questions_come_by_theme_then_in_the_themes_order(client):
    first_theme, second_theme = category(order=1), category(order=2)
    entry = faq()
    late = faq(question="B en second thème ?", category=second_theme, order=0)
    second = faq(question="Z ordre 2 ?", category=first_theme, order=2)
    first_b = faq(question="B ordre 1 ?", category=first_theme, order=1)
    first_a = faq(question="A ordre 1 ?", category=first_theme, order=1)
    faq(question="Pas liée ?", category=first_theme)
    entry.related.add(late, second, first_b, first_a)
    assert [item.question for item in entry.related.in_theme_order()] == [
        "A ordre 1 ?", "B ordre 1 ?", "Z ordre 2 ?", "B en second thème ?"]
    html = page(client, entry.get_absolute_url())
    section = html[html.index('id="voir-aussi"'):]
    assert section.index("A ordre 1 ?") < section.index("B ordre 1 ?") < section.index("B en second thème ?")
    assert f'href="{first_a.get_absolute_url()}"' in section and "Pas liée ?" not in section


def test_cards_come_in_collector_order_and_only_the_entrys_own(client):
    entry, other = faq(), faq()
    zed, ahri, theirs = card(name="Zed"), card(name="Ahri"), card(name="Garen")
    entry.cards.add(ahri, zed)
    other.cards.add(theirs)
    html = page(client, entry.get_absolute_url())
    section = html[html.index('id="cartes"'):]
    first, second = sorted((zed, ahri), key=lambda c: c.position)
    assert section.index(f">{first.name}<") < section.index(f">{second.name}<") and ">Garen<" not in section


def test_the_page_shows_both_lists_and_escapes_the_questions(client):
    entry = faq()
    entry.related.add(faq(question="<script>alert(1)</script> et Tank ?"))
    entry.cards.add(card(name="Garen"))
    html = page(client, entry.get_absolute_url())
    assert "&lt;script&gt;alert(1)&lt;/script&gt; et Tank" in html and "<script>alert" not in html
    assert 'id="voir-aussi"' in html and 'id="cartes"' in html and ">Garen</span>" in html
    bare = faq()
    html = page(client, bare.get_absolute_url())
    assert 'id="voir-aussi"' not in html and 'id="cartes"' not in html


def test_first_per_category_gives_each_themes_first_questions_with_its_total():
    big, small, empty = category(order=1), category(order=2), category(order=3)
    for index in range(FAQ_FIRST_PER_CATEGORY + 4):
        faq(question=f"Question {index:02d} ?", category=big, order=FAQ_FIRST_PER_CATEGORY + 4 - index)
    faq(question="B ?", category=small, order=1)
    faq(question="A ?", category=small, order=1)
    rows = list(FAQEntry.objects.first_per_category(FAQ_FIRST_PER_CATEGORY))
    big_rows = [row for row in rows if row.category_id == big.pk]
    # The theme's order field first, so the highest indexes (lowest order) come first.
    assert [row.question for row in big_rows] == [f"Question {index:02d} ?" for index in range(9, 3, -1)]
    assert [row.rank for row in big_rows] == list(range(1, FAQ_FIRST_PER_CATEGORY + 1))
    assert {row.total for row in big_rows} == {FAQ_FIRST_PER_CATEGORY + 4}
    assert [(row.question, row.total) for row in rows if row.category_id == small.pk] == [("A ?", 2), ("B ?", 2)]
    assert not [row for row in rows if row.category_id == empty.pk]
    counts = {item.pk: item.entry_count for item in Category.objects.with_counts()}
    assert counts == {big.pk: FAQ_FIRST_PER_CATEGORY + 4, small.pk: 2, empty.pk: 0}


def test_the_faq_index_lists_first_questions_and_links_the_rest_in_few_queries(client):
    big, small = category(order=1, name="Grand thème"), category(order=2, name="Petit thème")
    for index in range(FAQ_FIRST_PER_CATEGORY + 1):
        faq(question=f"Grande {index} ?", category=big, order=index)
    faq(question="<b>Petite</b> ?", category=small)
    with CaptureQueriesContext(connection) as queries:
        html = page(client, "/faq/")
    assert len(queries) <= 4
    assert "Grande 0 ?" in html and f"Grande {FAQ_FIRST_PER_CATEGORY} ?" not in html
    assert f"Les {FAQ_FIRST_PER_CATEGORY + 1} questions du thème « Grand thème »" in html
    assert "&lt;b&gt;Petite&lt;/b&gt; ?" in html and "questions du thème « Petit thème »" not in html
