"""Markdown rendering shared by every text of the site.

Markdown is converted, then sanitised with nh3, and only then is trusted markup (glossary links and their
tooltips, see ``glossary.matcher``) added. Rendered HTML is stored on the model (``*_html`` fields) so pages
never re-render it; ``glossary.signals`` re-renders it when a term is added, changed or deleted.

The models render with this module, so it cannot read the terms from the database itself: the glossary app plugs
its cached glossary in (``use_glossary``, from ``GlossaryConfig.ready()``), as the rules app adds its citation
filter to ``HTML_FILTERS``.
"""

from __future__ import annotations

import html
import threading
import unicodedata
import uuid
from collections.abc import Callable

import markdown
import nh3
from django.utils.html import strip_tags

from .batch import mark_dirty, suspended
from .matcher import Glossary, strip_tooltips

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


# Filters other apps add to every rendered text, after sanitising and glossary linking: each takes the HTML
# and the text's section key and returns HTML (the rules app links « R. 459 » citations this way).
HTML_FILTERS: list = []

# Where the terms come from: ``glossary.linking.get_glossary`` once the app is ready. Before that (or in a process
# without the glossary app) texts render without term links.
_glossary_source: Callable[[], Glossary] = Glossary


def use_glossary(source: Callable[[], Glossary]) -> None:
    """Make ``source`` the glossary every text is linked with (``GlossaryConfig.ready()`` calls it)."""
    global _glossary_source
    _glossary_source = source


def current_glossary() -> Glossary:
    return _glossary_source()


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


_local = threading.local()


def markdown_to_html(text: str) -> str:
    """Markdown → HTML (unsanitised) with one converter per thread, reset between texts."""
    converter = getattr(_local, "converter", None)
    if converter is None:
        converter = _local.converter = markdown.Markdown(extensions=MARKDOWN_EXTENSIONS,
                                                         extension_configs=MARKDOWN_CONFIG)
    return converter.reset().convert(text)


def render_markdown(text: str, *, exclude_term_slug: str | None = None, section: str | None = None,
                    glossary=None, link_terms: bool = True) -> str:
    """Markdown → sanitised HTML, with the glossary terms linked.

    The whole text is one section: each term links at its first occurrence only. ``exclude_term_slug``
    keeps a term's own page from linking to itself. ``section`` is a stable key (model, object, field)
    that makes tooltip ids unique on a page; without it a random one is used. ``glossary`` defaults to
    the database's (``current_glossary()``).
    """
    if not text:
        return ""
    text = unicodedata.normalize("NFC", text)
    html = sanitise(markdown_to_html(text))  # French spacing: core.typography, on the whole page
    if link_terms:
        glossary = glossary if glossary is not None else current_glossary()
        html = glossary.link_html(html, exclude=exclude_term_slug, section=section)
    for html_filter in HTML_FILTERS:
        html = html_filter(html, section)
    return html


def plain_text(markup: str) -> str:
    """Stored HTML as plain text (search, meta descriptions): tags and tooltip definitions removed."""
    return html.unescape(strip_tags(strip_tooltips(markup or ""))).strip()


class MarkdownFieldsMixin:
    """A model with Markdown source fields and their stored HTML.

    ``markdown_fields`` maps each source field to the field that stores its HTML. ``render_markdown_fields``
    fills them; ``save()`` calls it, so the HTML is computed once on save, never per request.
    """

    markdown_fields: dict[str, str] = {}

    def markdown_options(self) -> dict:
        """Extra keyword arguments for ``render_markdown`` (a term excludes itself)."""
        return {}

    def markdown_section(self, source: str) -> str:
        """Key of one field's section: tooltip ids derive from it, so it differs for every text of a page."""
        return f"{self._meta.label_lower}:{self.pk or uuid.uuid4().hex}:{source}"

    def render_markdown_fields(self) -> None:
        if suspended():
            # A bulk load is under way: everything is rendered once at its end (``deferred_rerender``).
            for target in self.markdown_fields.values():
                setattr(self, target, "")
            mark_dirty()
            return
        glossary = current_glossary()
        options = self.markdown_options()
        for source, target in self.markdown_fields.items():
            html = render_markdown(getattr(self, source) or "", section=self.markdown_section(source),
                                   glossary=glossary, **options)
            setattr(self, target, html)

    def save(self, *args, **kwargs):
        self.render_markdown_fields()
        super().save(*args, **kwargs)
