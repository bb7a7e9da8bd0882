"""Link every glossary term in a text to its tooltip and page.

The matcher is built once per glossary version and cached. It is keyed by the first word of each form,
so finding the terms of a text costs one dictionary lookup per word: the time grows with the text, not
with the number of terms. Forms sharing a first word are tried longest first, which makes
« unité puissante » win over « unité ».

Linking runs on HTML that nh3 has already sanitised; only text nodes outside headings, links, code and
preformatted blocks are touched, and only the first occurrence of each term in a section links.
"""

from __future__ import annotations

import hashlib
import html
import re
import threading
import unicodedata
import uuid
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

WORD_RE = re.compile(r"\w+")
# A tag of sanitised HTML (attribute values are always quoted by nh3) or a comment.
TAG_RE = re.compile(r"<!--.*?-->|<(/?)([A-Za-z][A-Za-z0-9]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>", re.S)
NO_LINK_TAGS = frozenset({"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "button", "label"})
APOSTROPHES = "'’ʼ‘"
HYPHENS = "-‐‑"
TOOLTIP_RE = re.compile(r'<span class="term-tip"[^>]*>.*?</span>', re.S)
MORE_LABEL = "Voir dans le glossaire"


def normalise_text(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def form_pattern(form: str) -> str:
    """Regex source for one form: any run of spaces, any apostrophe and any hyphen match each other."""
    parts = []
    for ch in normalise_text(form.strip()):
        if ch.isspace():
            if not parts or parts[-1] != r"\s+":
                parts.append(r"\s+")
        elif ch in APOSTROPHES:
            parts.append(f"[{APOSTROPHES}]")
        elif ch in HYPHENS:
            parts.append(f"[{HYPHENS}]")
        else:
            parts.append(re.escape(ch))
    return "".join(parts)


@dataclass(frozen=True)
class TermInfo:
    """What linking needs to know about a term."""

    slug: str
    name: str
    url: str
    definition: str
    forms: tuple[str, ...]


@dataclass
class Candidates:
    """The forms starting with one word, as a single regex whose groups are tried longest first."""

    forms: list[tuple[str, str]] = field(default_factory=list)  # (form, slug)
    _regex: re.Pattern | None = None
    _slugs: list[str] = field(default_factory=list)

    def regex(self) -> re.Pattern:
        if self._regex is None:
            ordered = sorted(self.forms, key=lambda item: -len(item[0]))
            self._slugs = [slug for _, slug in ordered]
            source = "|".join(f"({form_pattern(form)})(?!\\w)" for form, _ in ordered)
            self._regex = re.compile(source, re.IGNORECASE)
        return self._regex

    def match(self, text: str, pos: int) -> tuple[str, int] | None:
        found = self.regex().match(text, pos)
        if found is None:
            return None
        return self._slugs[found.lastindex - 1], found.end()


@dataclass
class Section:
    """State of one section being linked: which terms already link, and the salt of its tooltip ids."""

    salt: str
    exclude: str | None = None
    linked: set[str] = field(default_factory=set)


def section_salt(section: str | None) -> str:
    """Short, stable suffix that keeps tooltip ids unique when several texts share a page."""
    key = section if section is not None else uuid.uuid4().hex
    return hashlib.blake2s(key.encode("utf-8"), digest_size=4).hexdigest()


class Glossary:
    """A compiled set of terms that can link them in HTML or in plain text."""

    def __init__(self, terms: Iterable[TermInfo] = ()):
        self.terms: dict[str, TermInfo] = {}
        self.index: dict[str, Candidates] = defaultdict(Candidates)
        for term in terms:
            self.terms[term.slug] = term
            for form in term.forms:
                words = WORD_RE.findall(normalise_text(form))
                if words:
                    self.index[words[0].lower()].forms.append((form, term.slug))
        self.index = dict(self.index)

    def __len__(self) -> int:
        return len(self.terms)

    # --- matching -------------------------------------------------------------------------------------

    def find(self, text: str, section: Section | None = None) -> list[tuple[int, int, str]]:
        """(start, end, slug) of each occurrence that should link, in order."""
        if not self.index:
            return []
        found = []
        resume = 0
        index = self.index
        for word in WORD_RE.finditer(text):
            start = word.start()
            if start < resume:
                continue
            candidates = index.get(word.group().lower())
            if candidates is None:
                continue
            hit = candidates.match(text, start)
            if hit is None:
                continue
            slug, end = hit
            # The longest form is consumed even when it does not link, so that a shorter term
            # never links inside it (no « unité » link inside an excluded « unité puissante »).
            resume = end
            if section is not None:
                if slug == section.exclude or slug in section.linked:
                    continue
                section.linked.add(slug)
            found.append((start, end, slug))
        return found

    def mentions(self, text: str) -> bool:
        """Whether any form of any term occurs in ``text``."""
        return bool(self.find(normalise_text(text)))

    # --- markup ---------------------------------------------------------------------------------------

    def markup(self, slug: str, shown: str, section: Section) -> str:
        term = self.terms[slug]
        tip_id = f"tt-{slug}-{section.salt}"
        url = html.escape(term.url)
        return (
            f'<a class="term" href="{url}" aria-describedby="{tip_id}" data-term="{slug}">{html.escape(shown, False)}</a>'
            f'<span class="term-tip" role="tooltip" id="{tip_id}">'
            f'<b class="term-tip__name">{html.escape(term.name, False)}</b> {html.escape(term.definition, False)} '
            f'<a class="term-tip__more" href="{url}">{MORE_LABEL}</a></span>'
        )

    def link_text(self, text: str, section: Section) -> str | None:
        """Escaped HTML for plain ``text`` with its terms linked, or None when nothing links."""
        hits = self.find(text, section)
        if not hits:
            return None
        out = []
        last = 0
        for start, end, slug in hits:
            out.append(html.escape(text[last:start], False))
            out.append(self.markup(slug, text[start:end], section))
            last = end
        out.append(html.escape(text[last:], False))
        return "".join(out)

    def link_html(self, markup: str, *, exclude: str | None = None, section: str | None = None) -> str:
        """Link terms in sanitised HTML: text nodes only, never inside headings, links or code."""
        if not self.index or not markup:
            return markup
        state = Section(salt=section_salt(section), exclude=exclude)
        out = []
        depth = 0  # how many elements that must not contain links we are inside
        last = 0
        for tag in TAG_RE.finditer(markup):
            if tag.start() > last:
                out.append(self._text_node(markup[last:tag.start()], state, depth))
            out.append(tag.group())
            last = tag.end()
            name = (tag.group(2) or "").lower()
            if name in NO_LINK_TAGS:
                if tag.group(1):
                    depth = max(0, depth - 1)
                elif not tag.group().endswith("/>"):
                    depth += 1
        if last < len(markup):
            out.append(self._text_node(markup[last:], state, depth))
        return "".join(out)

    def _text_node(self, raw: str, state: Section, depth: int) -> str:
        if depth or not raw.strip():
            return raw
        text = html.unescape(raw) if "&" in raw else raw
        linked = self.link_text(text, state)
        return raw if linked is None else linked

    def link_plain(self, text: str, *, exclude: str | None = None, section: str | None = None) -> str:
        """Escape plain ``text`` and link its terms (one section)."""
        text = normalise_text(text or "")
        state = Section(salt=section_salt(section), exclude=exclude)
        linked = self.link_text(text, state)
        return html.escape(text, False) if linked is None else linked


def strip_tooltips(markup: str) -> str:
    """The HTML without tooltip bubbles (for plain-text uses: search, meta descriptions)."""
    return TOOLTIP_RE.sub("", markup or "")


# --- the glossary of the database, cached per version ---------------------------------------------------

_lock = threading.Lock()
_cache: dict[str, object] = {"version": None, "glossary": Glossary()}


def term_info(term) -> TermInfo:
    return TermInfo(term.slug, term.name, term.get_absolute_url(), " ".join(term.short_definition.split()),
                    tuple(term.form_list))


def current_version() -> tuple:
    from django.db.models import Count, Max

    from .models import Term

    stats = Term.objects.aggregate(count=Count("id"), latest=Max("updated_at"))
    return (stats["count"], stats["latest"])


def get_glossary() -> Glossary:
    """The glossary of the database, rebuilt when a term was added, changed or deleted."""
    from django.db import DatabaseError

    from .models import Term

    try:
        version = current_version()
    except (DatabaseError, RuntimeError):
        # No glossary table yet (before migrate) or no database access (unit tests of pure rendering).
        return Glossary()
    if _cache["version"] != version:
        with _lock:
            if _cache["version"] != version:
                _cache["glossary"] = Glossary(term_info(term) for term in Term.objects.all())
                _cache["version"] = version
    return _cache["glossary"]


def invalidate() -> None:
    with _lock:
        _cache["version"] = None
