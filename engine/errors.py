"""What the engine raises: an invalid scenario or an illegal action, with the faulty place as data."""

from __future__ import annotations

import re


class ScenarioError(Exception):
    """An invalid scenario or an illegal action.

    ``path`` names the faulty place as data, the way the scenario nests it: ``("actions", 2, "steps", 0,
    "target")``; empty when the fault is the whole text. ``reason`` says what is wrong, in French. ``message``
    joins both for a reader (« actions[2].steps[0].target : objet inconnu « x » »); code reads ``path``.
    """

    def __init__(self, reason: str, path: str | tuple = ()):
        self.path = tuple(path) if isinstance(path, tuple) else parse_path(path)
        self.reason = reason
        self.message = f"{format_path(self.path)} : {reason}" if self.path else reason
        super().__init__(self.message)


PATH_PART_RE = re.compile(r"([A-Za-z_][\w-]*)|\[(\d+)\]")


def parse_path(path: str) -> tuple:
    """« actions[2].steps[0].target » → ("actions", 2, "steps", 0, "target") (the engine's own notation)."""
    return tuple(int(index) if index else name for name, index in PATH_PART_RE.findall(path or ""))


def format_path(path: tuple) -> str:
    """("actions", 2, "target") → « actions[2].target »."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


class EngineLimitError(ScenarioError):
    """The hard cap on computation steps was reached: the scenario fails cleanly."""
