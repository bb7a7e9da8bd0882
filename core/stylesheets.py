"""Stylesheets written into the page on a first visit, linked on every other one (issue 34).

On a slow phone (150 ms, 1.6 Mbit/s, CPU × 4) a page with linked stylesheets cannot paint before a second round
trip brings them: the browser then does all its styling and layout at once, after the network, and the page is
whole a good 0.2 s later than when the same rules arrive inside the HTML (measured with bench/phone.py). Writing
the stylesheet into every page would make each later page heavier by the same 8 KB, and the offline copy of the
reading pages (core/offline.py) by about 16 MB. So a page carries its stylesheets itself only when it is opened
from outside the site: an address typed, a bookmark, a link from a search engine or another site
(``Sec-Fetch-Site`` other than ``same-origin`` on a navigation). A page reached from another page of the site links
them, as before: that page has already put them in the browser's cache (static/js/site.js fetches the written-in
ones after the load event). A request without these headers (older browsers, scripts, the service worker saving
the reading pages) gets the links.

``{% stylesheet "css/site.css" %}`` writes one or the other; the content comes from the static files as served
(the hashed, collected file under the manifest storage), so the bytes are the same either way. The CSP allows each
written-in stylesheet by its SHA-256, and only on the pages that carry one (``InlineStylesMiddleware``). Both
variants say ``Vary: Sec-Fetch-Site, Sec-Fetch-Mode``; core.middleware's page cache, the sandbox's cached empty
page and nginx's micro-cache keep them apart.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from dataclasses import dataclass

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.utils.cache import patch_vary_headers

VARY = ("Sec-Fetch-Site", "Sec-Fetch-Mode")
# Where a navigation comes from when the reader has no page of this site open before it.
FROM_OUTSIDE = frozenset({"none", "cross-site", "same-site"})


def first_visit(request: HttpRequest) -> bool:
    """A navigation from outside the site: its stylesheets are not in the browser's cache yet, most likely."""
    return (request.headers.get("Sec-Fetch-Mode") == "navigate"
            and request.headers.get("Sec-Fetch-Site") in FROM_OUTSIDE)


@dataclass(frozen=True)
class Stylesheet:
    url: str
    text: str


def _read(path: str) -> str:
    """The stylesheet as the site serves it: the collected file (hashed name under the manifest storage), or the
    source file where the static files are served from the apps' folders (development, tests)."""
    try:
        name = staticfiles_storage.stored_name(path) if hasattr(staticfiles_storage, "stored_name") else path
        with staticfiles_storage.open(name) as stored:
            return stored.read().decode()
    except (FileNotFoundError, ValueError, OSError):
        found = finders.find(path)
        if not found:
            raise LookupError(f"feuille de style introuvable : {path}") from None
        with open(found, encoding="utf-8") as source:
            return source.read()


def _load(path: str) -> Stylesheet:
    text = _read(path)
    if "</style" in text.lower():
        raise ValueError(f"{path} ne peut pas être écrite dans la page : elle contient « </style »")
    return Stylesheet(url=static(path), text=text)


_cached_load = functools.lru_cache(maxsize=32)(_load)


def stylesheet(path: str) -> Stylesheet:
    """Read once per process; read again at every use in development (DEBUG), where the file is edited."""
    return _load(path) if settings.DEBUG else _cached_load(path)


INLINE_STYLE = re.compile(r'<style data-href="[^"]*">(.*?)</style>', re.S)


def csp_source(text: str) -> str:
    """How the CSP names an inline style: 'sha256-…' of its exact text."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


class InlineStylesMiddleware:
    """Every page says in ``Vary`` that its stylesheets depend on where the navigation came from, and the CSP of a
    page that carries its stylesheets names each one's hash. The hashes are taken from the finished page itself,
    so a page assembled from cached pieces (the sandbox's empty page, core.fragments) is covered like any other.
    Placed just inside Django's CSP middleware (its answer passes here first)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
            return response
        patch_vary_headers(response, VARY)
        if b'<style data-href="' in response.content:
            sources = list(dict.fromkeys(csp_source(text) for text in INLINE_STYLE.findall(response.content.decode())))
            config = dict(getattr(response, "_csp_config", None) or settings.SECURE_CSP)
            config["style-src"] = [*config.get("style-src", []), *sources]
            response._csp_config = config
        return response
