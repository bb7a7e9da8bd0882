"""The feedback limit's counter lives in a store every worker of the machine shares (diskcache files without Redis),
and fails closed: when the store cannot count (its disk full), the post is refused, never taken unlimited."""

from __future__ import annotations

import sqlite3
from unittest import mock

import pytest
from django.urls import reverse

from rules.feedback import RATE_LIMIT

from .factories import faq

pytestmark = pytest.mark.django_db
SAME_ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture
def shared_store(settings, tmp_path):
    settings.CACHES = {**settings.CACHES, "rate-limit": {
        "BACKEND": "diskcache.DjangoCache", "LOCATION": str(tmp_path / "rate"), "SHARDS": 1, "DATABASE_TIMEOUT": 1.0}}
    from django.core.cache import caches

    yield caches["rate-limit"]


def post(client):
    entry = faq()
    return client.post(reverse("rules:feedback"), {"path": entry.get_absolute_url(), "kind": "utile"},
                       headers=SAME_ORIGIN)


def test_the_count_is_shared_through_the_store_files(client, shared_store, tmp_path):
    from diskcache import DjangoCache

    for _ in range(RATE_LIMIT):
        assert post(client).status_code == 302
    # Another worker opens the same files: it sees the same count.
    other = DjangoCache(str(tmp_path / "rate"), {"SHARDS": 1})
    assert [other._cache.get(key) for key in other._cache] == [RATE_LIMIT]
    assert post(client).status_code == 429


def test_a_full_store_refuses_the_post(client, shared_store):
    full = sqlite3.OperationalError("database or disk is full")
    with mock.patch.object(type(shared_store._cache), "add", side_effect=full):
        response = post(client)
    assert response.status_code == 429
    assert post(client).status_code == 302  # the store is back: posts are taken again
