"""Bulk changes: many rows saved in a row (the content loader), whose follow-up work is done once at the end.

Code that saves many objects wraps the saves in ``bulk_change()``. Apps that keep something in step with saved rows
(the search index) check ``active()`` in their signal handlers, note what changed, and do the work once when
``finished`` is sent, at the end of the outermost block.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

from django.dispatch import Signal

finished = Signal()
_state = threading.local()


def active() -> bool:
    return getattr(_state, "depth", 0) > 0


@contextmanager
def bulk_change():
    _state.depth = getattr(_state, "depth", 0) + 1
    try:
        yield
    finally:
        _state.depth -= 1
        if _state.depth == 0:
            finished.send(sender=None)
