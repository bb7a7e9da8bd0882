"""Cache backends that degrade instead of failing: a page is rendered when its cache cannot be read or written.

Every user of ``caches["default"]`` (the page cache, the fragments, the example player's variants, the sandbox's
results) calls ``get`` and ``set`` without guarding them: with Redis stopped or the cache's disk full, each call
raised and each page answered 500, one ERROR line per request. The fault is handled here, once, for all of them:
a failed read is a miss, a failed write is skipped, and the outage is logged when it starts and when it ends,
never per request.

``DiskCache`` is diskcache's Django backend (SQLite files under ``DJANGO_CACHE_DIR``, shared by every worker of a
machine, bounded by ``size_limit``, kept across worker restarts); ``RedisCache`` is Django's own. The rate-limit
store uses the plain backends: the feedback limit must *know* that its counter failed, to refuse the post.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

from diskcache import DjangoCache
from diskcache import Timeout as DiskTimeout
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from redis.exceptions import RedisError

logger = logging.getLogger("riftpal.cache")

# What a cache outage raises: Redis unreachable or timing out, SQLite's « database or disk is full », a locked
# shard beyond the wait, an unwritable folder.
OUTAGE = (RedisError, sqlite3.Error, DiskTimeout, OSError)


class Degrading:
    """Mixin: each cache operation falls back to « nothing stored » when the store fails."""

    _down = False
    _lock = threading.Lock()

    def _failed(self) -> None:
        with self._lock:
            if not self._down:
                self._down = True
                logger.exception("Le cache %s est injoignable : pages calculées sans lui.", type(self).__name__)

    def _back(self) -> None:
        if self._down:
            with self._lock:
                if self._down:
                    self._down = False
                    logger.warning("Le cache %s répond de nouveau.", type(self).__name__)


def _guarded(name: str, fallback):
    def method(self, *args, **kwargs):
        try:
            result = getattr(super(Degrading, self), name)(*args, **kwargs)
        except OUTAGE:
            self._failed()
            return fallback(*args, **kwargs)
        self._back()
        return result
    method.__name__ = name
    return method


def _default(key, default=None, *args, **kwargs):
    return default


for _name, _fallback in {
    "get": _default,
    "set": lambda *a, **k: None,
    "add": lambda *a, **k: False,
    "touch": lambda *a, **k: False,
    "delete": lambda *a, **k: False,
    "has_key": lambda *a, **k: False,
    "get_many": lambda *a, **k: {},
    "set_many": lambda keys, *a, **k: list(keys),
    "delete_many": lambda *a, **k: None,
    "clear": lambda *a, **k: None,
}.items():
    setattr(Degrading, _name, _guarded(_name, _fallback))


class KeptOpenDiskCache(DjangoCache):
    """diskcache's Django backend with its connections kept between requests.

    Django closes every cache after each request (``request_finished``); diskcache's ``close()`` then closes the
    SQLite connection of each shard, and the next request opens them all again (a file open and a series of
    PRAGMAs per shard): a cached page cost 9.1 ms in-process against 1.3 ms with the connections kept (× 7, one
    run on a loaded machine). They are safe to
    keep: diskcache holds one per thread and reopens them in a forked process."""

    def close(self, **kwargs) -> None:
        pass


class DiskCache(Degrading, KeptOpenDiskCache):
    """The page cache without Redis: diskcache, connections kept, degrading on a full or unwritable disk."""


class RedisCache(Degrading, DjangoRedisCache):
    """Django's Redis backend, degrading while Redis is unreachable."""
