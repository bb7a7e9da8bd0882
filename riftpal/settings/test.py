"""Test settings: fast hashing, in-memory cache, static files served from the finders."""

from .base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Local memory only, whatever the environment says; a test of the page cache turns it on with override_settings
# (tests/ops), because a page stored by one test would otherwise answer the next one (rolled-back transactions
# send no signal that would bump the content version).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "riftpal-test"},
    "content-version": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "riftpal-test-version"},
    "rate-limit": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "riftpal-test-rate"},
}
CONTENT_VERSION_CACHE = "content-version"
RATE_LIMIT_CACHE = "rate-limit"
PAGE_CACHE_ENABLED = False
FRAGMENT_CACHE_ENABLED = False
