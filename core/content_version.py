"""The content version: one number that moves forward whenever any content changes.

Whole pages (``core.middleware.PageCacheMiddleware``), fragments (``core.fragments``), the glossary matcher and
the rules index are all kept per content version, so one bump makes every one of them read the new rows. The
version is read from a cache every process shares (``CONTENT_VERSION_CACHE``); ``core.apps`` bumps it whenever a
model of a content app is saved or deleted, and a new code release bumps it too.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from pathlib import Path

from django.conf import settings
from django.core.cache import caches

logger = logging.getLogger("riftpal.cache")

VERSION_KEY = "riftpal:content-version"
RELEASE_KEY = "riftpal:release"
# (version, monotonic time it was read): one pair per process, whatever the size of the content.
_last_read: tuple[int | None, float] = (None, 0.0)
_store_down = False


def _version_store():
    return caches[getattr(settings, "CONTENT_VERSION_CACHE", "default")]


def content_version() -> int:
    """The content version: nanoseconds since the epoch at the last change of any content.

    A worker trusts the value it read for ``PAGE_CACHE_VERSION_CHECK_SECONDS``, so another worker's change reaches
    it within that delay at the cost of one cache read a second. Pages, fragments, the glossary and the rules
    index are all kept per version. When the store cannot be reached, the version is unknown: a new value each
    time, so that everything kept per version is read again from the database (slower, never stale).
    """
    global _last_read, _store_down
    version, read_at = _last_read
    now = time.monotonic()
    if version is not None and now - read_at < settings.PAGE_CACHE_VERSION_CHECK_SECONDS:
        return version
    store = _version_store()
    try:
        version = store.get(VERSION_KEY)
        if version is None:
            store.add(VERSION_KEY, time.time_ns(), timeout=None)
            version = store.get(VERSION_KEY) or time.time_ns()
    except Exception:
        if not _store_down:  # once per outage, not once per request
            logger.exception("Le cache des versions de contenu est injoignable.")
        _store_down = True
        return time.time_ns()
    _store_down = False
    _last_read = (version, now)
    return version


class ContentVersionUnavailable(RuntimeError):
    """The new content version could not be recorded: the change that needed it must not be kept."""


def bump_content_version() -> int:
    """Start a new content version: every stored page becomes unreachable, Last-Modified moves forward.

    Called from a save's signal, inside the editor's transaction. When the store cannot record the new version
    (Redis stopped, the cache's disk full), the save fails with ``ContentVersionUnavailable`` and is rolled back:
    a change kept without a new version would stay invisible behind the stored pages, even after the store came
    back. Posts fail closed, reading stays open (pages are still served from what the cache holds)."""
    global _last_read
    version = max(time.time_ns(), (_last_read[0] or 0) + 1)
    try:
        if _version_store().set(VERSION_KEY, version, timeout=None) is False:
            raise ContentVersionUnavailable("la version du contenu n'a pas été enregistrée")
    except Exception as exc:
        logger.exception("Le cache des versions de contenu est injoignable : la modification est refusée.")
        raise ContentVersionUnavailable(str(exc)) from exc
    _last_read = (version, time.monotonic())
    return version


def release_fingerprint() -> str:
    """What identifies the running code: ``DJANGO_RELEASE`` when the deployment sets it, otherwise the names, sizes
    and dates of the project's Python files and templates and of the static files manifest."""
    if release := os.environ.get("DJANGO_RELEASE"):
        return release
    digest = hashlib.sha256()
    skipped = {"staticfiles", "node_modules", "__pycache__", "tests", "bench"}
    for root, dirs, files in os.walk(settings.BASE_DIR):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in skipped)
        for name in sorted(files):
            if name.endswith((".py", ".html")):
                stat = (Path(root) / name).stat()
                digest.update(f"{root}/{name}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.exists():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:16]


def note_release(release: str) -> None:
    """A new release starts a new content version (pages change with templates, Last-Modified must move)."""
    store = _version_store()
    # Once per process start: a failure is raised to the caller, which logs it and serves without the cache.
    if store.get(RELEASE_KEY) != release:
        store.set(RELEASE_KEY, release, timeout=None)
        bump_content_version()
