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

from core.nesting import Nesting

_state = threading.local()
_batch = Nesting()
_deferral = Nesting()


def in_batch() -> bool:
    """True while a batch of texts is rendered with a glossary and rules that cannot change meanwhile:
    caches skip their per-text freshness check."""
    return _batch.active()


def rendering_batch():
    return _batch.block()


def suspended() -> bool:
    """True inside a deferral: texts are saved without HTML and rendered once at its end."""
    return _deferral.active()


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
    with _deferral.block():
        yield
