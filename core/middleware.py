"""Operations middleware: characters no database accepts stop at the door, and whole pages come from the cache.

``HeadAsGetMiddleware``
    HEAD is answered as the GET would be, without the body (views say ``@require_GET``).

``server_error_or_unavailable``
    The project's ``handler500``: a French 503 with ``Retry-After`` when the database is unreachable.

``BadCharactersMiddleware``
    A NUL byte (PostgreSQL refuses it in any text) or another control character in the path, a cookie, a query
    parameter or a form value gets a French 400 before any view, session or query runs. One place for the whole
    site; ``/recherche/`` is let through (``BAD_CHARACTERS_EXEMPT_PREFIXES``) because search drops such
    characters from its query itself.

``PageCacheMiddleware``
    Content pages (``PAGE_CACHE_PREFIXES``) are stored whole — compressed, typeset, with their headers — under a
    key made of the *content version*, the code release and the request (URL, gzip or not, htmx headers). The
    content version (``core.content_version``) is a timestamp bumped whenever any model of a content app is saved
    or deleted (``core.apps``), so an editor's change reaches every page at once without knowing which pages
    show it.

    Only anonymous pages are shared. A request with a session cookie is never served from, nor stored in, the
    cache. A response that sets a cookie or varies on ``Cookie`` is never stored and is marked
    ``private, no-store``: this is how a page containing a CSRF token (``{% csrf_token %}`` sets the CSRF cookie)
    stays out of the shared cache, whichever app adds a form to whichever page. A form on a cached page must
    therefore be token-free (see the README's production section).

    Every answer gets a Cache-Control fit for a CDN: ``public, max-age, stale-while-revalidate`` for anonymous
    GETs, ``private, no-store`` for POSTs, the admin, pages with a cookie; stored pages carry an ETag and a
    Last-Modified (the content version), and conditional GETs get a 304 straight from the cache.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import re
import sys
from functools import lru_cache

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import DisallowedHost
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseServerError
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.csp import ContentSecurityPolicyMiddleware
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date, parse_http_date_safe
from django.views.defaults import server_error

from .content_version import ContentVersionUnavailable, content_version, note_release, release_fingerprint
from .stylesheets import first_visit

logger = logging.getLogger("riftpal.cache")

# NUL (refused by PostgreSQL in any text), the other C0 controls but tab, line feed and carriage return, and lone
# surrogates (which no database encoding accepts).
BAD_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


class BadCharactersMiddleware:
    """A French 400 for a path, cookie, query parameter or form value containing a character no database takes."""

    def __init__(self, get_response):
        self.get_response = get_response
        # The refusal is answered above the middleware that add these headers: give it the same ones.
        self.protections = [XFrameOptionsMiddleware(get_response), ContentSecurityPolicyMiddleware(get_response)]

    def __call__(self, request: HttpRequest):
        if self.refused(request):
            response = HttpResponseBadRequest(render_to_string("400-characters.html", request=request))
            patch_cache_control(response, no_store=True)
            for protection in self.protections:
                response = protection.process_response(request, response)
            return response
        return self.get_response(request)

    @staticmethod
    def refused(request: HttpRequest) -> bool:
        if BAD_CHARACTERS.search(request.path):
            return True
        if any(BAD_CHARACTERS.search(name) or BAD_CHARACTERS.search(value) for name, value in request.COOKIES.items()):
            return True
        if any(request.path_info.startswith(prefix) for prefix in settings.BAD_CHARACTERS_EXEMPT_PREFIXES):
            return False
        sources = [request.GET]
        if request.method == "POST" and request.content_type in ("application/x-www-form-urlencoded",
                                                                 "multipart/form-data"):
            sources.append(request.POST)
        return any(
            BAD_CHARACTERS.search(name) or any(BAD_CHARACTERS.search(value) for value in values)
            for source in sources for name, values in source.lists()
        )


class HeadAsGetMiddleware:
    """HEAD is answered as GET without the body, on every page where GET works.

    Views say ``@require_GET``, which refuses HEAD with a 405; cached pages answered HEAD with a 200. Running the
    GET and dropping the body gives the same status and headers (Content-Length included) either way, and a
    HEAD request that misses the page cache stores the page for the GETs that follow."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if response.streaming:
            response.close()
            response.streaming_content = []
        else:
            response["Content-Length"] = str(len(response.content))
            response.content = b""
        return response


# --- the database is down -------------------------------------------------------------------------------------

def server_error_or_unavailable(request: HttpRequest, *args, **kwargs) -> HttpResponse:
    """``handler500``: a French 503 with Retry-After when the database cannot be reached (the page cache still
    serves what it holds), the ordinary 500 page otherwise. Django calls it for any uncaught exception, in a view
    or in a middleware, with the exception being handled."""
    if database_unreachable(sys.exc_info()[1]):
        retry = settings.DATABASE_RETRY_AFTER
        response = HttpResponse(render_to_string("503.html", {"retry_after": retry}), status=503)
        response["Retry-After"] = str(retry)
        patch_cache_control(response, no_store=True)
        return response
    response = server_error(request, *args, **kwargs)
    return response if isinstance(response, HttpResponse) else HttpResponseServerError()


def database_unreachable(exc: BaseException | None) -> bool:
    """An outage rather than a bug: the connection failed or was lost, or SQLite's file is locked or missing.
    A programming error (bad SQL, a missing column) stays a 500. A change refused because its new content version
    could not be recorded (the cache store is down) is an outage too."""
    if isinstance(exc, InterfaceError | ContentVersionUnavailable):
        return True
    if not isinstance(exc, OperationalError):
        return False
    message = str(exc).lower()
    return not any(sign in message for sign in ("no such table", "no such column", "syntax error"))


# --- the client's address ----------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def _trusted_networks(proxies: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(proxy.strip(), strict=False) for proxy in proxies if proxy.strip())


def _trusted(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in _trusted_networks(tuple(settings.TRUSTED_PROXIES)))


def client_address(request: HttpRequest) -> str:
    """The reader's address: ``REMOTE_ADDR``, unless the connection comes from a trusted proxy
    (``DJANGO_TRUSTED_PROXIES``); then the last address of ``X-Forwarded-For`` that is not a trusted proxy itself.
    A client cannot forge its address by sending the header: only what trusted proxies appended is read."""
    address = request.META.get("REMOTE_ADDR", "")
    if not _trusted(address):
        return address
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop):
            return hop
    return hops[0] if hops else address


# --- the page cache ------------------------------------------------------------------------------------------

GZIP_ACCEPTED = re.compile(r"\bgzip\b")
HTMX_HEADERS = ("HTTP_HX_REQUEST", "HTTP_HX_BOOSTED", "HTTP_HX_HISTORY_RESTORE_REQUEST", "HTTP_HX_TARGET")
# A stored page may vary on these only: the key holds them (the two Sec-Fetch headers through what they decide,
# core.stylesheets.first_visit).
KEYED_VARY = {"accept-encoding", "hx-request", "hx-boosted", "hx-history-restore-request", "hx-target",
              "sec-fetch-site", "sec-fetch-mode"}
SHAREABLE_STATUS = {200, 203, 300, 301, 302, 304, 404, 410}


@lru_cache(maxsize=256)
def _query_parameters(path: str, table: tuple) -> tuple[re.Pattern, bool]:
    prefix = max((prefix for prefix, _rule in table if path == prefix or (prefix != "/" and path.startswith(prefix))),
                 key=len, default=None)
    rule = dict(table).get(prefix, ("(?!)", False))  # no prefix: no parameter is read
    return re.compile(rule[0]), rule[1]


def query_parameters(path: str) -> tuple[re.Pattern, bool]:
    """The names the page at ``path`` reads (a compiled pattern) and whether that list is complete (strict)."""
    table = settings.PAGE_CACHE_QUERY_PARAMETERS
    return _query_parameters(path, tuple(table.items()))


def vary_headers(response: HttpResponse) -> set[str]:
    return {name.strip().lower() for name in response.get("Vary", "").split(",") if name.strip()}


class PageCacheMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.release = release_fingerprint()
        if settings.PAGE_CACHE_ENABLED:
            try:
                note_release(self.release)
            except Exception:
                logger.exception("Le cache des versions de contenu est injoignable.")

    def __call__(self, request: HttpRequest):
        key = version = None
        if settings.PAGE_CACHE_ENABLED and self.cacheable_request(request):
            try:
                version = content_version()
                key = self.key(request, version)
                entry = caches["default"].get(key)
            except Exception:
                # The cache is down: the site renders every page rather than fail.
                logger.exception("Le cache des pages est injoignable.")
                key = version = entry = None
            if entry is not None:
                return self.from_entry(request, entry)
        response = self.get_response(request)
        shared = self.patch_headers(request, response, version)
        if key is not None:
            response["X-Cache"] = "MISS"
            if shared and self.storable(request, response):
                try:
                    caches["default"].set(key, self.to_entry(response))
                except Exception:
                    logger.exception("Le cache des pages est injoignable.")
        return response

    @staticmethod
    def cacheable_request(request: HttpRequest) -> bool:
        if request.method not in ("GET", "HEAD") or settings.SESSION_COOKIE_NAME in request.COOKIES:
            return False
        path = request.path_info
        if not any(path == prefix if prefix == "/" else path.startswith(prefix)
                   for prefix in settings.PAGE_CACHE_PREFIXES):
            return False
        # Only the parameters a page reads make it a different page (PAGE_CACHE_QUERY_PARAMETERS): on a strict
        # prefix the others are left out of the key; elsewhere a request carrying one is rendered, never stored.
        # Either way ?x=1, ?x=2… cannot store one more copy of the same page and push the visited ones out.
        names, strict = query_parameters(path)
        if not strict and any(not names.fullmatch(name) for name in request.GET):
            return False
        try:
            request.get_host()
        except DisallowedHost:
            return False  # answered 400 further down; not a cache problem
        return True

    def key(self, request: HttpRequest, version: int) -> str:
        gzip = bool(GZIP_ACCEPTED.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))
        htmx = "|".join(request.META.get(name, "") for name in HTMX_HEADERS)
        names, _strict = query_parameters(request.path_info)
        read = sorted((name, values) for name, values in request.GET.lists() if names.fullmatch(name))
        url = f"{request.scheme}://{request.get_host()}{request.path}?{read!r}"
        # A first visit carries its stylesheets, another page links them (core/stylesheets.py): two pages.
        inline = first_visit(request)
        digest = hashlib.sha256(f"{url}\n{gzip}\n{htmx}\n{inline}".encode()).hexdigest()[:32]
        return f"riftpal:page:{self.release}:{version}:{digest}"

    @staticmethod
    def to_entry(response: HttpResponse) -> HttpResponse:
        """What is stored: a plain response with the finished body and headers (the cache pickles it), so a hit
        sets no header one by one."""
        stored = HttpResponse(response.content, status=response.status_code)
        stored.headers = response.headers.copy()
        return stored

    @staticmethod
    def from_entry(request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response["X-Cache"] = "HIT"
        # nginx (deploy/nginx.conf) keeps a page only when told so, and only a page this cache already served: it
        # answers the next identical requests itself for these few seconds, without a trip to a worker.
        if settings.PAGE_CACHE_PROXY_SECONDS:
            response["X-Accel-Expires"] = str(settings.PAGE_CACHE_PROXY_SECONDS)
        return get_conditional_response(
            request,
            etag=response.get("ETag"),
            last_modified=parse_http_date_safe(response.get("Last-Modified", "")),
            response=response,
        )

    @staticmethod
    def private(request: HttpRequest, response: HttpResponse) -> bool:
        vary = vary_headers(response)
        return (
            request.method not in ("GET", "HEAD")
            or request.path_info.startswith("/admin/")
            or settings.SESSION_COOKIE_NAME in request.COOKIES
            or bool(response.cookies)
            or "cookie" in vary or "*" in vary
        )

    def patch_headers(self, request: HttpRequest, response: HttpResponse, version: int | None) -> bool:
        """Cache-Control (and Last-Modified) for browsers and CDNs; True when the answer may be shared."""
        if self.private(request, response):
            patch_cache_control(response, private=True, no_store=True)
            return False
        if response.has_header("Cache-Control"):
            control = response["Cache-Control"].lower()
            return "public" in control and "no-store" not in control
        if response.status_code not in SHAREABLE_STATUS:
            patch_cache_control(response, no_store=True)
            return False
        patch_cache_control(response, public=True, max_age=settings.PAGE_CACHE_MAX_AGE,
                            stale_while_revalidate=settings.PAGE_CACHE_STALE_WHILE_REVALIDATE)
        if version is not None and response.status_code == 200 and not response.has_header("Last-Modified"):
            response["Last-Modified"] = http_date(version // 1_000_000_000)
        return True

    @staticmethod
    def storable(request: HttpRequest, response: HttpResponse) -> bool:
        if request.method != "GET" or response.status_code != 200 or response.streaming:
            return False
        return vary_headers(response) <= KEYED_VARY and len(response.content) <= settings.PAGE_CACHE_MAX_BYTES
