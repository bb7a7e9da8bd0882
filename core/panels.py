"""Panels that apps higher in the graph add under a content page, without the page's app knowing them.

An app declares ``content_panels = "app.module.function"`` on its ``AppConfig``; the function takes the page's
object (an FAQ entry, a guide, a rules section, a card…) and returns the panel's HTML, or "" when it has nothing
to add. Pages call ``{% content_panels obj %}`` (``core/templatetags/panels.py``): a rules page shows the practice
questions of ``learn`` although ``rules`` sits below ``learn`` and may not import it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .hooks import declared


@cache
def providers() -> tuple[Callable[[object], str], ...]:
    return tuple(declared("content_panels"))


def panels_for(obj) -> list[str]:
    return [html for provider in providers() if (html := provider(obj))]
