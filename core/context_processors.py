"""What the frame of every page needs: the site's main links and the section the page belongs to.

The links of the header and the footer are the same on every page: they are reversed once per URL configuration
and script prefix (a site served under a sub-path keeps its prefix), not 14 times per page.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.http import HttpRequest
from django.urls import get_script_prefix, get_urlconf, reverse

LINKS = {
    "home": "rules:home",
    "rules": "rules:rules_index",
    "faq": "rules:faq_index",
    "guides": "rules:guide_index",
    "examples": "examples:index",
    "sandbox": "sandbox:sandbox",
    "cards": "rules:card_index",
    "glossary": "glossary:index",
    "search": "search:search",
    "site_plan": "rules:site_plan",
    "feedback": "rules:feedback",
}

# The section of a page, from its resolved URL (namespace, then the start of the URL name), never from its path.
SECTIONS = (
    ("rules", "rule", "rules"),
    ("rules", "faq_", "faq"),
    ("rules", "guide_", "guides"),
    ("rules", "card_", "cards"),
    ("examples", "", "examples"),
    ("sandbox", "", "sandbox"),
    ("glossary", "", "glossary"),
)


@functools.lru_cache(maxsize=16)
def _links(urlconf: str, prefix: str) -> dict[str, str]:
    return {key: reverse(name, urlconf=urlconf) for key, name in LINKS.items()}


def site_links() -> dict[str, str]:
    return _links(get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


def section(request: HttpRequest) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return ""
    name = match.url_name or ""
    for namespace, start, key in SECTIONS:
        if match.namespace == namespace and name.startswith(start):
            return key
    return ""


def site(request: HttpRequest) -> dict:
    return {"site_links": site_links(), "site_section": section(request)}
