"""``{% practice_for obj %}``: the practice questions on the topic of an FAQ entry, a guide or a rules section."""

from __future__ import annotations

from django import template

from examples.models import WorkedExample
from learn import topics

register = template.Library()


def _examples(obj) -> list[str]:
    """The worked examples a page links: its own, or those of its sections (a guide)."""
    if hasattr(obj, "examples"):
        return list(obj.examples.values_list("slug", flat=True))
    if hasattr(obj, "sections"):
        return list(WorkedExample.objects.filter(guide_sections__guide=obj).values_list("slug", flat=True))
    return []


@register.inclusion_tag("learn/_practice-links.html")
def practice_for(obj):
    found = topics.matching(numbers=obj.cited_numbers(), examples=_examples(obj),
                            covers=getattr(obj, "covers", None) or ())
    return {**found, "anchor": "s-entrainer"}
