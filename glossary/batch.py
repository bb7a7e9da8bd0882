"""Per-thread state of the site's re-rendering, below everything that renders.

- A *batch* renders many texts with a glossary and rules index that cannot change meanwhile, so the caches of
  both skip their per-text freshness check (``in_batch``).
- A *deferral* saves many terms and texts without rendering them; the outermost one ends with one pass over the
  whole site if anything was saved meanwhile (``glossary.signals.deferred_rerender`` runs that pass).

Rendering (``glossary.rendering``), the glossary cache (``glossary.linking``), the rules index and the signals all
read this state; it imports none of them.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

_state = threading.local()


def in_batch() -> bool:
    """True while a batch of texts is rendered with a glossary and rules that cannot change meanwhile:
    caches skip their per-text freshness check."""
    return getattr(_state, "batch", 0) > 0


@contextmanager
def rendering_batch():
    _state.batch = getattr(_state, "batch", 0) + 1
    try:
        yield
    finally:
        _state.batch -= 1


def suspended() -> bool:
    """True inside a deferral: texts are saved without HTML and rendered once at its end."""
    return getattr(_state, "deferred", 0) > 0


def mark_dirty() -> None:
    """A text or term changed while re-rendering is deferred: render everything once at the end."""
    _state.dirty = True


def is_dirty() -> bool:
    return getattr(_state, "dirty", False)


@contextmanager
def deferral():
    """Count one more level of deferral; the outermost one starts clean (nothing saved yet)."""
    if not suspended():
        _state.dirty = False
    _state.deferred = getattr(_state, "deferred", 0) + 1
    try:
        yield
    finally:
        _state.deferred -= 1
