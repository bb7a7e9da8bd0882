"""Database for the search benchmarks: a throwaway SQLite file (``_django.setup``), or the PostgreSQL
database that ``scripts/with-postgres.sh`` exported in DATABASE_URL (itself thrown away afterwards)."""

from __future__ import annotations

import os
from pathlib import Path

from _django import ROOT, setup


def search_setup(name: str) -> Path | None:
    """Configure Django and migrate; return the SQLite file to delete, or None on PostgreSQL."""
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        return setup(name)
    import sys

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "riftpal.settings.test")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return None
