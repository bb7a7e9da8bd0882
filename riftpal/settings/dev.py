"""Local development: DEBUG on, SQLite by default."""

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = True

# Templates change under the developer's hands: pages are rendered every time unless DJANGO_PAGE_CACHE=true.
PAGE_CACHE_ENABLED = env_bool("DJANGO_PAGE_CACHE", False)
FRAGMENT_CACHE_ENABLED = env_bool("DJANGO_FRAGMENT_CACHE", False)
