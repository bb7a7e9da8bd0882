"""The matcher that links every glossary term in a text to its tooltip and page: plain Python, no database.

A ``Glossary`` compiles one regex holding every form of every term, factored as a trie, so a text is scanned
once by the regex engine whatever the number of terms (the time grows with the text, not with the glossary).
At each position the longest form wins, which makes « unité puissante » beat « unité ». Matching ignores case
and Unicode normalisation (NFC) and only takes whole words. ``glossary.linking`` builds it from the database's
terms, once per content version.

Linking runs on HTML that nh3 has already sanitised; only text nodes outside headings, links, code and
preformatted blocks are touched, and only the first occurrence of each term in a section links.

A term may declare phrases where its forms mean something else (``not_in``: « tirez au sort » is no Spell,
« face cachée » no Hidden). They go into the same trie and win as the longer match, but link nothing, so the
word inside them never links either. ``once_per_page`` keeps a term's first link on a page whose sections were
linked one by one, so the keyboard does not stop at the same term again and again.

Cards are another kind of entry of the same matcher (``TermInfo.kind == "card"``, given by the cards app through
``glossary.linking``): one scan links terms and card names alike, a term's form wins over a card name that is
the same word, and a card link carries a popover (``tip_html``, built by the cards app) instead of a definition.
A card name that is also an ordinary word links only as a proper name (``name_only``).
"""

from __future__ import annotations

import hashlib
import html
import re
import threading
import unicodedata
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

WORD_RE = re.compile(r"\w+")
# Elements whose text never links. nh3's output is well formed, never nests these inside themselves, and
# escapes ">" in attribute values, so a regex finds them exactly.
NO_LINK_RE = re.compile(r"<(a|code|pre|h[1-6]|button|label)\b[^>]*>.*?</\1\s*>", re.S | re.I)
APOSTROPHES = "'’ʼ‘"
HYPHENS = "-‐‑"
SPACE = r"(?:\s|&nbsp;|&#160;)+"  # the text is HTML: a non-breaking space may be an entity
APOSTROPHE = f"[{APOSTROPHES}]"
HYPHEN = f"[{HYPHENS}]"
CANONICAL_SPACE_RE = re.compile(SPACE)
CANONICAL_MARKS = str.maketrans({**{ch: "'" for ch in APOSTROPHES}, **{ch: "-" for ch in HYPHENS}})
# A bubble ends with its « more » link: a card popover holds spans of its own (Riot's symbols), never a link.
TOOLTIP_RE = re.compile(r'<span class="(?:term-tip|card-tip term-tip)"[^>]*>.*?</a></span>', re.S)
MORE_LABEL = "Voir dans le glossaire"
CARD_MORE_LABEL = "Voir la carte"
TERM = "term"
CARD = "card"
NOT_A_TERM = ""  # the "slug" of a not_in phrase
# A term link and its tooltip, as ``Glossary.markup`` writes them.
TERM_LINK_RE = re.compile(
    r'<a class="(?:term|card-link)" href="[^"]*" aria-describedby="[^"]*" data-(?:term|card)="(?P<slug>[^"]+)">'
    r'(?P<shown>.*?)</a><span class="(?:term-tip|card-tip term-tip)" role="tooltip" id="[^"]*">.*?</a></span>', re.S)
# What may stand before a proper name that is not at the start of a sentence: text whose last visible sign is no
# full stop. Tags and spaces are skipped, except the start of a block (a paragraph, an item, a cell, a line).
BLOCK_START_RE = re.compile(r"<(?:p|li|td|th|blockquote|div|br|dd|dt)\b[^>]*>\s*$", re.I)
SENTENCE_END = ".!?…:"
CLOSING_GUILLEMET_RE = re.compile(r"(?:\s|&nbsp;|&#160;)*»")


def normalise_text(text: str) -> str:
    return unicodedata.normalize("NFC", text)



def form_tokens(form: str) -> tuple[str, ...]:
    """A form as regex fragments, one per character: any run of spaces (or &nbsp;), any apostrophe and
    any hyphen match each other."""
    tokens: list[str] = []
    for ch in normalise_text(" ".join(form.split())).lower():
        if ch.isspace():
            tokens.append(SPACE)
        elif ch in APOSTROPHES:
            tokens.append(APOSTROPHE)
        elif ch in HYPHENS:
            tokens.append(HYPHEN)
        else:
            tokens.append(re.escape(ch))
    return tuple(tokens)


def canonical(text: str) -> str:
    """The key of a matched text or of a form: lower case, one plain space, one apostrophe, one hyphen."""
    return CANONICAL_SPACE_RE.sub(" ", normalise_text(text).lower()).translate(CANONICAL_MARKS).strip()


def trie_pattern(forms: Iterable[tuple[str, ...]]) -> str:
    """Regex source matching any of ``forms``, factored as a trie.

    The regex engine follows one branch per character instead of trying the forms one after the other,
    so scanning a text costs about the same with 50 or 5,000 terms. Optional tails are greedy: at each
    position the longest form wins (« unité puissante » before « unité »).
    """
    trie: dict = {}
    for tokens in forms:
        node = trie
        for token in tokens:
            node = node.setdefault(token, {})
        node[None] = {}

    def build(node: dict) -> str:
        children = sorted((token, child) for token, child in node.items() if token is not None)
        branches = [token + build(child) for token, child in children]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if None not in node:
            return body
        return f"(?:{body})?" if len(branches) > 1 or len(body) > 1 else f"{body}?"

    return build(trie)


@dataclass(frozen=True)
class TermInfo:
    """What linking needs to know about a term."""

    slug: str
    name: str
    url: str
    definition: str
    forms: tuple[str, ...]
    match_case: bool = False  # links only when written with a capital: « Action » the keyword, not « action »
    not_in: tuple[str, ...] = ()  # phrases where a form means something else: matched, never linked
    kind: str = TERM  # or CARD: a card of the game, linked to its page with a popover
    tip_html: str = ""  # a card's popover, trusted HTML made by the cards app (never from content)
    # Forms (among ``forms``) that are also ordinary words: they link only as a proper name, with a capital and not
    # at the start of a sentence (« Flash », « Encore »).
    name_only: tuple[str, ...] = ()


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
        self.slugs: dict[str, str] = {}  # canonical form -> slug
        self.tokens: dict[str, tuple[str, ...]] = {}
        self.name_only: set[str] = set()  # canonical forms that link only as a proper name
        terms = list(terms)
        glossary_terms = [term for term in terms if term.kind == TERM]
        for term in glossary_terms:
            self.terms[term.slug] = term
            self._add_forms(term.forms, term.slug)
        # Phrases that contain a form without meaning the term: consumed by the scan, linked to nothing ("").
        for term in terms:
            self._add_forms(term.not_in, NOT_A_TERM)
        # Cards last: a glossary form or a « sauf dans » phrase keeps its meaning when a card bears the same name.
        for card in terms:
            if card.kind != TERM:
                self.terms[card.slug] = card
                self._add_forms(card.forms, card.slug)
        for term in terms:
            self.name_only.update(key for key in map(canonical, term.name_only) if self.slugs.get(key) == term.slug)
        self._pattern: re.Pattern | None = None
        self._lock = threading.Lock()

    def _add_forms(self, forms: Iterable[str], slug: str) -> None:
        for form in forms:
            key = canonical(form)
            if key and WORD_RE.match(key) and key not in self.slugs:
                self.slugs[key] = slug
                self.tokens[key] = form_tokens(form)

    def __len__(self) -> int:
        return len(self.terms)

    def pattern(self) -> re.Pattern:
        """One regex for every form of every term (lower case), compiled on first use."""
        if self._pattern is None:
            with self._lock:
                if self._pattern is None:
                    source = trie_pattern(self.tokens.values())
                    self._pattern = re.compile(r"(?<!\w)" + source + r"(?!\w)")
        return self._pattern

    # --- matching -------------------------------------------------------------------------------------

    def find(self, text: str, blocked: list[tuple[int, int]] = (),
             section: Section | None = None) -> list[tuple[int, int, str]]:
        """(start, end, slug) of each occurrence that should link, in order.

        ``text`` is HTML (or escaped plain text). Occurrences inside a tag or inside one of the ``blocked``
        (start, end) spans — headings, links, code — are skipped.
        """
        if not self.slugs or not text:
            return []
        lowered = text.lower()
        if len(lowered) != len(text):  # a rare character whose lower case is longer: keep positions exact
            lowered = "".join(ch.lower()[0] for ch in text)
        found = []
        current = 0
        for match in self.pattern().finditer(lowered):
            start = match.start()
            while current < len(blocked) and blocked[current][1] <= start:
                current += 1
            if current < len(blocked) and blocked[current][0] <= start:
                continue
            if text.rfind("<", 0, start) > text.rfind(">", 0, start):
                continue  # inside a tag (an attribute value)
            key = match.group()
            slug = self.slugs.get(key)  # usually already canonical: spare the normalisation
            if slug is None:
                key = canonical(key)
                slug = self.slugs.get(key)
                if slug is None:
                    continue
            if slug == NOT_A_TERM:
                continue
            term = self.terms[slug]
            if term.match_case and not text[start].isupper():
                continue
            if key in self.name_only and (not text[start].isupper() or sentence_start(text, start, match.end())):
                continue
            # A form that does not link is still consumed, so no shorter term links inside it
            # (no « unité » link inside an excluded « unité puissante »).
            if section is not None:
                if slug == section.exclude or slug in section.linked:
                    continue
                section.linked.add(slug)
            found.append((start, match.end(), slug))
        return found

    def mentions(self, text: str) -> bool:
        """Whether any form of any term occurs in ``text``."""
        return bool(self.find(html.escape(normalise_text(text or ""), False)))

    # --- markup ---------------------------------------------------------------------------------------

    def markup(self, slug: str, shown: str, section: Section) -> str:
        """The link and its tooltip; ``shown`` is already escaped HTML text."""
        term = self.terms[slug]
        if term.kind == CARD:
            return card_markup(term, shown, section)
        tip_id = f"tt-{slug}-{section.salt}"
        url = html.escape(term.url)
        return (
            f'<a class="term" href="{url}" aria-describedby="{tip_id}" data-term="{slug}">{shown}</a>'
            f'<span class="term-tip" role="tooltip" id="{tip_id}">'
            f'<b class="term-tip__name">{html.escape(term.name, False)}</b> '
            f'{html.escape(term.definition, False)} '
            # The term itself already links there: the bubble's link is for the pointer, not one more Tab stop.
            f'<a class="term-tip__more" href="{url}" tabindex="-1">{MORE_LABEL}</a></span>'
        )

    def link_html(self, markup: str, *, exclude: str | None = None, section: str | None = None) -> str:
        """Link terms in sanitised HTML: text only, never inside headings, links or code."""
        if not self.slugs or not markup:
            return markup
        blocked = [element.span() for element in NO_LINK_RE.finditer(markup)] if "<" in markup else []
        state = Section(salt=section_salt(section), exclude=exclude)
        hits = self.find(markup, blocked, state)
        if not hits:
            return markup
        out = []
        last = 0
        for start, end, slug in hits:
            out.append(markup[last:start])
            out.append(self.markup(slug, markup[start:end], state))
            last = end
        out.append(markup[last:])
        return "".join(out)

    def link_plain(self, text: str, *, exclude: str | None = None, section: str | None = None) -> str:
        """Escape plain ``text`` and link its terms (one section)."""
        escaped = html.escape(normalise_text(text or ""), False)
        return self.link_html(escaped, exclude=exclude, section=section) if "<" not in escaped else escaped


def card_markup(card: TermInfo, shown: str, section: Section) -> str:
    """A card's name linked to its page, with its popover (the same tooltip mechanism as a term's)."""
    tip_id = f"cp-{card.slug.lower()}-{section.salt}"
    url = html.escape(card.url)
    return (
        f'<a class="card-link" href="{url}" aria-describedby="{tip_id}" data-card="{html.escape(card.slug)}">'
        f'{shown}</a><span class="card-tip term-tip" role="tooltip" id="{tip_id}">{card.tip_html} '
        # The name already links to the card's page: the popover's link is for the pointer, not one more Tab stop.
        f'<a class="term-tip__more" href="{url}" tabindex="-1">{CARD_MORE_LABEL}</a></span>'
    )


def sentence_start(text: str, position: int, end: int) -> bool:
    """Whether the words at ``position:end`` of HTML ``text`` open a sentence: after a full stop, at the start of a
    block, or after an opening guillemet (a quoted sentence) unless they are all the quote holds."""
    before = text[max(0, position - 200):position]
    while True:
        stripped = before.rstrip().removesuffix("&nbsp;").removesuffix("&#160;").rstrip()
        if not stripped.endswith(">"):
            break
        if BLOCK_START_RE.search(stripped):
            return True
        opening = stripped.rfind("<")
        if opening < 0:
            return True
        before = stripped[:opening]
    if not stripped:
        return True
    if stripped.endswith("«"):
        # « Flash » alone between guillemets is a name; « Encore une fois… » opens a quoted sentence.
        return not CLOSING_GUILLEMET_RE.match(text, end)
    return stripped[-1] in SENTENCE_END


def once_per_page(markup: str) -> str:
    """The page's HTML with each term linked at its first occurrence only; later ones become plain text.

    Sections are linked one by one (each stored on save), so a long guide links « unité » in every section: its
    keyboard path stopped on the same terms over and over.
    """
    seen: set[str] = set()

    def keep_first(match: re.Match) -> str:
        slug = match.group("slug")
        if slug in seen:
            return match.group("shown")
        seen.add(slug)
        return match.group(0)

    return TERM_LINK_RE.sub(keep_first, markup or "")


def strip_tooltips(markup: str) -> str:
    """The HTML without tooltip bubbles (for plain-text uses: search, meta descriptions)."""
    return TOOLTIP_RE.sub("", markup or "")
