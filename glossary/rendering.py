"""Markdown rendering shared by every text of the site.

Markdown is converted, then sanitised with nh3, and only then may trusted markup (glossary links)
be added. Rendered HTML is stored on the model (``*_html`` fields) so pages never re-render it.
"""

from __future__ import annotations

import markdown
import nh3

ALLOWED_TAGS = {
    "a", "abbr", "blockquote", "br", "code", "del", "em", "h2", "h3", "h4", "h5", "h6", "hr", "kbd",
    "li", "mark", "ol", "p", "pre", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "td": {"align"},
    "th": {"align"},
}
MARKDOWN_EXTENSIONS = ["tables", "sane_lists", "smarty"]
MARKDOWN_CONFIG = {
    "smarty": {"smart_quotes": False, "smart_angled_quotes": False},
}


def sanitise(html: str) -> str:
    """Keep only harmless tags and attributes; links get http(s)/mailto/relative URLs only."""
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def render_markdown(text: str) -> str:
    """Markdown → sanitised HTML."""
    if not text:
        return ""
    html = markdown.markdown(text, extensions=MARKDOWN_EXTENSIONS, extension_configs=MARKDOWN_CONFIG)
    return sanitise(html)


class MarkdownFieldsMixin:
    """A model with Markdown source fields and their stored HTML.

    ``markdown_fields`` maps each source field to the field that stores its HTML. ``render_markdown_fields``
    fills them; ``save()`` calls it, so the HTML is computed once on save, never per request.
    """

    markdown_fields: dict[str, str] = {}

    def render_markdown_fields(self) -> None:
        for source, target in self.markdown_fields.items():
            setattr(self, target, render_markdown(getattr(self, source) or ""))

    def save(self, *args, **kwargs):
        self.render_markdown_fields()
        super().save(*args, **kwargs)
