"""The rules reference's index read from the database (which section explains which number), cached per content
version, and the Markdown filter that links every « R. n » of a text with it.

It sits above the models: ``rules.citations`` (the grammar and the ``RulesIndex`` class) sits below them.
"""

from __future__ import annotations

import re
import threading

from core.content_version import content_version
from glossary.batch import in_batch

from .citations import RulesIndex
from .models import RuleSection

_cache = threading.local()


def get_index() -> RulesIndex:
    """The index for the current content, rebuilt when a section (or any content) is added, changed or deleted: the
    site's content version (``core.content_version.content_version``) says so without a query."""
    cached = getattr(_cache, "index", None)
    if cached is not None and in_batch():
        return cached[1]
    version = content_version()
    if cached is None or cached[0] != version:
        sections = [
            {"url": s.get_absolute_url(), "title": s.title, "covers": s.covers, "summaries": s.rule_summaries}
            for s in RuleSection.objects.order_by("order", "slug")
        ]
        cached = _cache.index = (version, RulesIndex(sections))
    return cached[1]


def invalidate() -> None:
    _cache.index = None


def link_citations(markup: str, section: str | None) -> str:
    """The Markdown filter the rules app registers with ``glossary.rendering``."""
    if "R." not in markup:
        return markup
    salt = re.sub(r"[^a-z0-9]", "", (section or "").lower())[-12:] or "x"
    return get_index().link_html(markup, salt)


def offline_sections() -> list[list]:
    """Each rules section's address and the rule numbers it explains, for the offline worker (declared on
    ``RulesConfig.offline_rule_sections``): ``/regles/468.1/`` then opens its section without the network."""
    return [[section["url"], section["covers"]] for section in get_index().sections]
