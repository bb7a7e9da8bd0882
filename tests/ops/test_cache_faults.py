"""The page cache's backends degrade instead of failing (core/cache.py): with Redis stopped or the cache's disk full,
every caller gets a miss, the page is rendered, and the outage is logged when it starts and when it ends only."""

from __future__ import annotations

import logging
import sqlite3
from unittest import mock

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from core.cache import DiskCache, RedisCache


@pytest.fixture
def disk(tmp_path):
    return DiskCache(str(tmp_path / "pages"), {"TIMEOUT": 60, "SHARDS": 2, "OPTIONS": {"size_limit": 2**20}})


def test_a_full_disk_is_a_miss_and_is_logged_once(disk, caplog):
    disk.set("page", "stored before")
    full = sqlite3.OperationalError("database or disk is full")
    with (caplog.at_level(logging.WARNING, logger="riftpal.cache"),
          mock.patch.object(type(disk._cache), "set", side_effect=full),
          mock.patch.object(type(disk._cache), "get", side_effect=full)):
        for _ in range(50):
            assert disk.set("page", "new") is None
            assert disk.get("page", "absent") == "absent"
    assert [record.levelname for record in caplog.records] == ["ERROR"]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="riftpal.cache"):
        assert disk.get("page") == "stored before"  # the store is back: what it held is served again
        disk.set("page", "new")
        assert disk.get("page") == "new"
    assert [record.levelname for record in caplog.records] == ["WARNING"]  # « répond de nouveau », once


def test_a_stopped_redis_is_a_miss_for_every_caller(caplog):
    # A port nothing listens on: the client is refused at once (no wait on a timeout).
    redis = RedisCache("redis://127.0.0.1:9/0", {"OPTIONS": {"socket_connect_timeout": 0.2}})
    with caplog.at_level(logging.WARNING, logger="riftpal.cache"):
        for _ in range(20):
            assert redis.get("page") is None
            redis.set("page", "value")
            assert redis.add("lock", 1) is False
            assert redis.get_many(["a", "b"]) == {}
    assert [record.levelname for record in caplog.records] == ["ERROR"]
    with mock.patch("django.core.cache.backends.redis.RedisCacheClient.get",
                    side_effect=RedisConnectionError("refusé")):
        assert redis.get("page", "défaut") == "défaut"




def test_the_disk_cache_keeps_its_connections_between_requests(disk):
    """Django closes every cache after each request; reopening diskcache's shards each time (a file open and its
    PRAGMAs per shard) made a cached page cost seven times more. The connections of this thread stay open."""
    disk.set("page", "stored")
    connections = [shard._local.con for shard in disk._cache._shards]
    disk.close()  # what Django's close_caches() does on request_finished
    assert disk.get("page") == "stored"
    assert [shard._local.con for shard in disk._cache._shards] == connections
