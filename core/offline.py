"""Offline at the table: the web app manifest and the service worker (``/sw.js``, scope: the whole site).

The worker keeps the frame (CSS, JavaScript, icon), the offline page (``/hors-ligne/``: the site's navigation and
the list of what this device holds) and the indexes at install; then, once a page asks for it (static/js/site.js
after the first visit), every reading page the list ``/hors-ligne/pages.json`` gives (each rules section, FAQ
answer, glossary term and guide) within ``OFFLINE_BUDGET_BYTES``, which the worker states and
tests/production checks against the real pages; and every page a player visits. Its caches are named
after the release (``release_fingerprint``: ``DJANGO_RELEASE`` or the code's fingerprint): a new deploy changes
the worker's bytes, the browser installs it, and it drops every cache of the previous release.
"""

from __future__ import annotations

import functools
import html
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import path, reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from core.hooks import declared

from .middleware import release_fingerprint
from .typography import french_typography

# What every page loads (templates/_base.html and the modules site.js imports): kept so a cached page keeps its look.
FRAME = (
    "css/site.css",
    "js/site.js",
    "js/announce.js",
    "images/favicon.svg",
    "django_htmx/htmx-2.min.js",
)
# The pages a player needs mid-game even before visiting them.
PRECACHED_PAGES = ("rules:rules_index", "rules:faq_index", "glossary:index", "rules:guide_index", "offline:page")
# The reading content saved after the first visit: the sitemap sections of these kinds (label, URL prefix).
READING = (("sections des règles", "/regles/"), ("réponses de la FAQ", "/faq/"), ("termes du glossaire", "/glossaire/"),
           ("guides", "/guides/"))
# What the saved reading pages may take on the device (bodies as stored, uncompressed). The worker stops saving
# past it; tests/production/test_budgets.py sums the real pages against it.
OFFLINE_BUDGET_BYTES = 24 * 1024 * 1024


@functools.cache
def _release() -> str:
    return release_fingerprint()  # walks the project's files: once per process


@require_safe
@never_cache  # the browser checks for a new worker at each visit; a changed release must be seen at once
def service_worker(request: HttpRequest) -> HttpResponse:
    config = {
        "version": _release(),
        "frame": [static(name) for name in FRAME],
        "pages": [reverse(name) for name in PRECACHED_PAGES],
        # The prefix of every static URL, from the setting: the manifest storage has no entry for "" (a 500).
        "static": settings.STATIC_URL,
        "offline": reverse("offline:page"),
        "reading": reverse("offline:pages"),
        "budget": OFFLINE_BUDGET_BYTES,
    }
    # JSON inside JavaScript: « < » escaped so no text can close anything, whatever the URLs hold.
    response = render(request, "offline/sw.js", {"config": json.dumps(config).replace("<", "\\u003c")},
                      content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: RiftPal installed on a phone opens like an app, at the home page."""
    data = {
        "name": "RiftPal, les règles de Riftbound",
        "short_name": "RiftPal",
        "description": "Les règles de Riftbound expliquées en français, même hors ligne à la table.",
        "lang": "fr",
        "dir": "ltr",
        "start_url": reverse("rules:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#14161c",
        "theme_color": "#14161c",
        "icons": [{"src": static("images/favicon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def reading_pages() -> list[dict]:
    """Every reading page of the sitemap: its address, title and kind, in the sitemap's order."""
    from .sitemaps import SITEMAPS

    pages, seen = [], set()
    for sitemap in SITEMAPS.values():
        site = sitemap()
        for item in site.items():
            url = site.location(item)
            kind = next((label for label, prefix in READING if url.startswith(prefix) and url != prefix), None)
            if kind and url not in seen:
                seen.add(url)
                # A fixed page is listed by its URL name (a str, whose « title » is a method): its address then.
                title = next((value for value in (getattr(item, name, "") for name in ("title", "question", "name"))
                              if isinstance(value, str) and value), url)
                # Typeset as the pages are (the offline page lists these titles beside the pages' own).
                title = html.unescape(french_typography(html.escape(title, quote=False)))
                pages.append({"url": url, "title": title, "kind": kind})
    # Saved in this order: the rules first, then the FAQ, the glossary, the guides (the heaviest).
    order = [label for label, _prefix in READING]
    return sorted(pages, key=lambda page: order.index(page["kind"]))


@require_safe
def reading_list(request: HttpRequest) -> JsonResponse:
    """What the worker saves for reading offline, with the budget it must stay within, and which section explains
    each rule number (``/regles/468.1/`` opens its section offline too)."""
    sections = [entry for sections in declared("offline_rule_sections") for entry in sections()]
    response = JsonResponse({"budget": OFFLINE_BUDGET_BYTES, "pages": reading_pages(), "rules": sections},
                            json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-cache"  # revalidated: the list follows the content
    return response


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """The page shown for an address this device has not saved: the site's navigation, and what it holds
    (listed by static/js/site.js from the device's caches)."""
    return render(request, "offline/page.html", {"kinds": [label for label, _prefix in READING]})


app_name = "offline"

urlpatterns = [
    path("sw.js", service_worker, name="service_worker"),
    path("manifest.webmanifest", manifest, name="manifest"),
    path("hors-ligne/", offline_page, name="page"),
    path("hors-ligne/pages.json", reading_list, name="pages"),
]
