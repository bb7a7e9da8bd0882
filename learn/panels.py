"""The practice questions on the topic of an FAQ entry, a guide or a rules section: a content panel (``core.panels``)
that ``LearnConfig.content_panels`` declares, so the pages of ``rules`` show it without importing ``learn``.

The list depends only on the content: it is rendered once per content version (``core.fragments``), so a page
served again reads neither the page's examples nor the question catalogue.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from core.fragments import fragment
from learn import topics
from worked_examples.models import WorkedExample


def _examples(obj) -> list[str]:
    """The worked examples a page links: its own, or those of its sections (a guide)."""
    if hasattr(obj, "examples"):
        return list(obj.examples.values_list("slug", flat=True))
    if hasattr(obj, "sections"):
        return list(WorkedExample.objects.filter(guide_sections__guide=obj).values_list("slug", flat=True))
    return []


def practice_context(obj) -> dict:
    """What the list shows for ``obj``: the questions matching what it cites, covers and links."""
    found = topics.matching(numbers=obj.cited_numbers(), examples=_examples(obj),
                            covers=getattr(obj, "covers", None) or ())
    return {**found, "anchor": "s-entrainer"}


def practice_panel(obj) -> str:
    if not hasattr(obj, "cited_numbers"):
        return ""  # not a page of rules content: nothing to match questions against

    def render() -> str:
        return render_to_string("learn/_practice-links.html", practice_context(obj))

    return fragment("practice", (obj._meta.label, obj.pk), render)
