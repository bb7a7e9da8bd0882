"""Small factories for the operations tests: a category and its questions (one or many at once)."""

from __future__ import annotations

from itertools import count

from rules.models import Category, FAQEntry
from tests.rules.factories import category, faq

__all__ = ["category", "faq", "faqs"]

_seq = count(1)


def faqs(theme: Category, number: int) -> list[FAQEntry]:
    start = next(_seq)
    return FAQEntry.objects.bulk_create(
        FAQEntry(slug=f"ops-bulk-{start}-{i}", question=f"Question en masse {i:05d} ?", short_answer="Oui.",
                 category=theme, order=i)
        for i in range(number)
    )
