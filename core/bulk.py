"""Bulk changes: many rows saved in a row (the content loader), whose follow-up work is done once at the end.

Code that saves many objects wraps the saves in ``bulk_change()``. Apps that keep something in step with saved rows
(the search index) check ``active()`` in their signal handlers, note what changed, and do the work once when
``finished`` is sent, at the end of the outermost block.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.dispatch import Signal

from .nesting import Nesting

finished = Signal()
_bulk = Nesting()


def active() -> bool:
    return _bulk.active()


@contextmanager
def bulk_change():
    try:
        with _bulk.block():
            yield
    finally:
        if not _bulk.active():
            finished.send(sender=None)
