"""Queries written once per process (riftpal.sql.Precompiled) give what the ORM gives, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from riftpal.sql import Precompiled
from rules.models import FAQEntry
from rules.views import FAQ_FIRST_PER_CATEGORY, FIRST_QUESTIONS

from .factories import category, faq, faqs

pytestmark = pytest.mark.django_db


def test_the_rows_are_the_querysets_rows_converted_the_same_way():
    faq(rules=["139", "140.2"])
    faq(rules=[])
    query = Precompiled(lambda: FAQEntry.objects.order_by("pk").values_list("pk", "question", "rules", "updated_at"))
    rows = query.rows()
    assert rows == list(query.build())
    # JSON comes back as a list and the date as a datetime, as the ORM gives them, not as the database sends them.
    assert rows[0][2] == ["139", "140.2"] and rows[0][3].year >= 2026


def test_the_sql_is_written_once_and_later_rows_are_fresh():
    built = []

    def build():
        built.append(1)
        return FAQEntry.objects.order_by("pk").values_list("question", flat=False)

    query = Precompiled(build)
    faq(question="Première ?")
    assert query.rows() == [("Première ?",)]
    faq(question="Seconde ?")
    assert query.rows() == [("Première ?",), ("Seconde ?",)]
    assert len(built) == 1


def test_the_faq_index_query_matches_the_orm():
    big, small = category(), category()
    faqs(big, FAQ_FIRST_PER_CATEGORY + 4)
    faqs(small, 2)
    rows = FIRST_QUESTIONS.rows()
    assert sorted(rows) == sorted(FIRST_QUESTIONS.build())
    assert {(theme, total) for theme, _rank, total, _slug, _question in rows} == {
        (big.pk, FAQ_FIRST_PER_CATEGORY + 4), (small.pk, 2)}
    assert len(rows) == FAQ_FIRST_PER_CATEGORY + 2
