"""Offline at the table: the web app manifest and the service worker (``/sw.js``, scope: the whole site).

The worker keeps the frame (CSS, JavaScript, icon) and the pages a player visited, and fetches the rules index,
the FAQ and the glossary index as soon as it is installed, so they open with no network. Its caches are named
after the release (``release_fingerprint``: ``DJANGO_RELEASE`` or the code's fingerprint): a new deploy changes
the worker's bytes, the browser installs it, and it drops every cache of the previous release.
"""

from __future__ import annotations

import functools
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import path, reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from .middleware import release_fingerprint

# What every page loads (templates/_base.html and the modules site.js imports): kept so a cached page keeps its look.
FRAME = (
    "css/site.css",
    "css/glossary.css",
    "js/site.js",
    "js/copy-link.js",
    "js/feedback.js",
    "js/htmx-errors.js",
    "js/offline.js",
    "js/tooltips.js",
    "js/announce.js",
    "images/favicon.svg",
    "django_htmx/htmx-2.min.js",
)
# The pages a player needs mid-game even before visiting them.
PRECACHED_PAGES = ("rules:rules_index", "rules:faq_index", "glossary:index")


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


app_name = "offline"

urlpatterns = [
    path("sw.js", service_worker, name="service_worker"),
    path("manifest.webmanifest", manifest, name="manifest"),
]
