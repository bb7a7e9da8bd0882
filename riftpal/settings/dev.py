"""Local development: DEBUG on, SQLite by default."""

from .base import *  # noqa: F403

DEBUG = True
