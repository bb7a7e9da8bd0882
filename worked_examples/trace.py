"""Kept only for ``whatif.py`` (another helper's file) until it imports ``engine.stored.StoredResult`` itself: the
typed result is the engine's own (``engine.stored``, ``engine.snapshots``)."""

from engine.stored import StoredResult as Result

__all__ = ["Result"]
