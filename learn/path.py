"""The « Débuter » path: steps read from ``content/debuter.yaml``, their text rendered like every other text."""

from __future__ import annotations

import functools
from pathlib import Path

import yaml

from glossary.rendering import render_markdown

CONTENT = Path(__file__).resolve().parent / "content" / "debuter.yaml"
LINK_KINDS = ("faq", "rules", "terms", "examples", "guides")


@functools.cache
def source() -> dict:
    """The path as shipped (read once per process)."""
    return yaml.safe_load(CONTENT.read_text(encoding="utf-8"))


def rendered_steps() -> list[dict]:
    """Each step with its body as sanitised HTML: glossary terms linked, « R. n » citations linked."""
    steps = []
    for number, step in enumerate(source()["steps"], start=1):
        steps.append({
            **{kind: step.get(kind) or [] for kind in LINK_KINDS},
            "number": number,
            "slug": step["slug"],
            "title": step["title"],
            "figure": bool(step.get("figure")),
            "practice": step.get("practice", ""),
            "body_html": render_markdown(step["body"], section=f"debuter:{step['slug']}"),
        })
    return steps
