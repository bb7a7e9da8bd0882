"""Small factories for the operations tests: a category and its questions."""

from __future__ import annotations

from itertools import count

from rules.models import Category, FAQEntry

_seq = count(1)


def category(**kwargs) -> Category:
    n = next(_seq)
    return Category.objects.create(**{"slug": f"theme-{n}", "name": f"Thème {n}", "order": n, **kwargs})


def faq(**kwargs) -> FAQEntry:
    n = next(_seq)
    defaults = {"slug": f"ops-question-{n}", "question": f"Question {n:05d} ?", "short_answer": "Oui."}
    if "category" not in kwargs:
        defaults["category"] = category()
    return FAQEntry.objects.create(**{**defaults, **kwargs})


def faqs(theme: Category, number: int) -> list[FAQEntry]:
    start = next(_seq)
    return FAQEntry.objects.bulk_create(
        FAQEntry(slug=f"ops-bulk-{start}-{i}", question=f"Question en masse {i:05d} ?", short_answer="Oui.",
                 category=theme, order=i)
        for i in range(number)
    )
