"""A per-thread count of nested blocks: code inside one, at any depth, asks ``active()``.

Bulk changes (``core.bulk``), glossary rendering batches and deferrals (``glossary.batch``) are each one of these:
a block may open inside another, and only the outermost one's end matters.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager


class Nesting:
    def __init__(self):
        self._local = threading.local()

    def active(self) -> bool:
        """True inside a block, at any depth, on this thread."""
        return getattr(self._local, "depth", 0) > 0

    @contextmanager
    def block(self):
        """One more level, until the block ends (even on an exception)."""
        self._local.depth = getattr(self._local, "depth", 0) + 1
        try:
            yield
        finally:
            self._local.depth -= 1
