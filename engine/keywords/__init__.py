"""The keywords (R. 801–832): one module per keyword, each declaring what it adds to the game through hooks."""

from __future__ import annotations


def stays_at_battlefield(sim, oid: str) -> bool:
    """Whether an unattached gear at a battlefield is exempt from the cleanup's recall (R. 323.6)."""
    return False
