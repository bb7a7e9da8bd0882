"""Pieces of a page rendered once per content version, then read from the cache.

A page that the page cache cannot serve (page cache off, a different query string, an htmx request, a visitor with
a session) is still rendered on demand, but some of its pieces depend only on the content: an embedded example
player at its first step is the same HTML for every visitor until an editor changes something. ``fragment()`` keeps
such a piece in Django's cache (local memory, or Redis when ``REDIS_URL`` is set, shared by every server) under a
key made of the code release, the content version (``core.content_version.content_version``, moved forward by every
content change), a name and the parts that identify the piece. A changed content or a new release makes every
stored piece unreachable; the cache's own limits (``MAX_ENTRIES``, ``TIMEOUT``) evict them.

``FRAGMENT_CACHE_ENABLED`` turns it off (development, tests); the piece is then rendered every time.
"""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe

from .middleware import content_version, release_fingerprint

logger = logging.getLogger("riftpal.cache")


@functools.cache
def release() -> str:
    """The running code's fingerprint, computed once per process (the code does not change under a worker)."""
    return release_fingerprint()


def fragment_key(name: str, *parts: object) -> str:
    digest = hashlib.sha256("\n".join(str(part) for part in parts).encode()).hexdigest()[:32]
    return f"riftpal:fragment:{release()}:{content_version()}:{name}:{digest}"


def fragment(name: str, parts: tuple, render: Callable[[], str]) -> SafeString:
    """The HTML ``render()`` gives for ``name`` and ``parts``, rendered at most once per content version.

    ``render`` must not depend on the request (no CSRF token, no user, no query string): the piece is shared by
    every visitor. When the cache cannot be reached, the piece is rendered and the page still answers.
    """
    if not settings.FRAGMENT_CACHE_ENABLED:
        return mark_safe(render())
    store = caches["default"]
    try:
        key = fragment_key(name, *parts)
        html = store.get(key)
    except Exception:
        logger.exception("Le cache des fragments est injoignable.")
        return mark_safe(render())
    if html is None:
        html = str(render())
        try:
            store.set(key, html)
        except Exception:
            logger.exception("Le cache des fragments est injoignable.")
    return mark_safe(html)
