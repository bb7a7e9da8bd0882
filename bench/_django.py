"""Django set-up shared by the benchmarks: the test settings on a throwaway SQLite database."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup(name: str) -> Path:
    """Configure Django on a fresh SQLite file, migrate it, and return its path (delete it when done)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "riftpal.settings.test")
    database = Path(tempfile.mkdtemp()) / f"bench-{name}.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return database
