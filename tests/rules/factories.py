"""Small factory functions for content tests."""

from __future__ import annotations

from itertools import count

from rules.models import Category, FAQEntry, Guide, GuideSection

_seq = count(1)


def category(**kwargs) -> Category:
    n = next(_seq)
    defaults = {"slug": f"categorie-{n}", "name": f"Catégorie {n}", "order": n}
    return Category.objects.create(**{**defaults, **kwargs})


def faq(**kwargs) -> FAQEntry:
    n = next(_seq)
    defaults = {"slug": f"question-{n}", "question": f"Question {n} ?", "short_answer": "Réponse courte."}
    if "category" not in kwargs:
        defaults["category"] = category()
    return FAQEntry.objects.create(**{**defaults, **kwargs})


def guide(sections=(), **kwargs) -> Guide:
    n = next(_seq)
    defaults = {"slug": f"guide-{n}", "title": f"Guide {n}"}
    obj = Guide.objects.create(**{**defaults, **kwargs})
    for order, (anchor, title, body) in enumerate(sections):
        GuideSection.objects.create(guide=obj, anchor=anchor, title=title, body=body, order=order)
    return obj
