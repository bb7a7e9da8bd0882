"""The page cache and the fragment cache are off in the test settings (a page stored by one test would answer the
next): these fixtures turn one on, on empty caches."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from core import content_version


def _empty_caches() -> None:
    for cache in caches.all():
        cache.clear()
    content_version._last_read = (None, 0.0)


@pytest.fixture
def page_cache(settings):
    settings.PAGE_CACHE_ENABLED = True
    _empty_caches()
    yield
    _empty_caches()


@pytest.fixture
def fragments(settings):
    settings.FRAGMENT_CACHE_ENABLED = True
    _empty_caches()
    yield
    _empty_caches()
