"""What the frame of every page needs besides its links ({% url %} in the templates): the section the page
belongs to, to mark it in the navigation."""

from __future__ import annotations

from django.http import HttpRequest

# The section of a page, from its resolved URL (namespace, then the start of the URL name), never from its path.
SECTIONS = (
    ("rules", "rule", "rules"),
    ("rules", "faq_", "faq"),
    ("rules", "guide_", "guides"),
    ("cards", "", "cards"),
    ("examples", "", "examples"),
    ("sandbox", "", "sandbox"),
    ("glossary", "", "glossary"),
    ("learn", "start", "start"),
    ("learn", "first_game", "start"),
    ("learn", "", "practice"),
)


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
    return {"site_section": section(request)}
