"""Links to pages named by a slug, reversed once per URL name instead of once per link.

Django's ``reverse()`` costs tens of microseconds; a page listing 90 questions paid for 90 of them. The URL of a
slug page is its reversed placeholder URL with the slug put in: ``slug_url("rules:faq_detail", "tank")``. The
reversed pattern is kept per URL configuration and script prefix, so a site served under a sub-path keeps it.
Only for slugs (letters, digits, hyphens, underscores: nothing to quote) and URL patterns ending with one.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

PLACEHOLDER = "0-slug-0"


@functools.lru_cache(maxsize=64)
def _around(viewname: str, urlconf: str, prefix: str) -> tuple[str, str]:
    head, _, tail = reverse(viewname, args=[PLACEHOLDER], urlconf=urlconf).rpartition(PLACEHOLDER)
    return head, tail


def slug_url_parts(viewname: str) -> tuple[str, str]:
    """What comes before and after the slug in the URL: for a loop over many slugs of one URL name."""
    return _around(viewname, get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


def slug_url(viewname: str, slug: str) -> str:
    head, tail = slug_url_parts(viewname)
    return f"{head}{slug}{tail}"
