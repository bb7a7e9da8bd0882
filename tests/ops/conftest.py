"""The page cache is off in the test settings (a page stored by one test would answer the next): these tests
turn it on, on empty caches."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from riftpal import middleware


@pytest.fixture
def page_cache(settings):
    settings.PAGE_CACHE_ENABLED = True
    for cache in caches.all():
        cache.clear()
    middleware._last_read = (None, 0.0)
    yield
    for cache in caches.all():
        cache.clear()
    middleware._last_read = (None, 0.0)
