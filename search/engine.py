"""Site search: accent- and case-insensitive, best matches first, matched words highlighted.

Every searchable object has a row in ``SearchDocument`` (kept in step by signals). Queries run against an
in-memory inverted index built from those rows; the index is rebuilt when the table changes (row count or
latest update), so editors' changes show up at once and each query costs a few dictionary lookups.
"""

from __future__ import annotations

import html
import re
import threading
import unicodedata
from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Max

MAX_QUERY_LENGTH = 200
MAX_TERMS = 8
WORD_RE = re.compile(r"\w+", re.UNICODE)
TITLE_WEIGHT = 5
KIND_LABELS = {
    "faq": "Question",
    "guide": "Guide",
    "section": "Guide",
    "card": "Carte",
    "term": "Glossaire",
    "example": "Exemple",
}


def normalise(text: str) -> str:
    """Lower case, accents removed, ligatures expanded: « Dépendance » → « dependance »."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def query_terms(query: str) -> list[str]:
    """The words of a query worth searching for (at most MAX_TERMS, each at least 2 characters)."""
    words = WORD_RE.findall(normalise(query[:MAX_QUERY_LENGTH]))
    seen: list[str] = []
    for word in words:
        if len(word) >= 2 and word not in seen:
            seen.append(word)
    return seen[:MAX_TERMS]




@dataclass
class Hit:
    kind: str
    title: str
    url: str
    score: float
    title_html: str
    snippet_html: str

    @property
    def kind_label(self) -> str:
        return KIND_LABELS.get(self.kind, self.kind)


@dataclass
class Index:
    generation: tuple = ()
    docs: list[tuple[str, str, str, str]] = field(default_factory=list)  # kind, title, url, text
    postings: dict[str, dict[int, float]] = field(default_factory=dict)  # token -> doc -> weight
    vocabulary: list[str] = field(default_factory=list)  # sorted tokens, for prefix lookups

    @classmethod
    def build(cls, rows, generation=()) -> Index:
        index = cls(generation=generation)
        postings: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
        for position, (kind, title, url, text, norm_title, norm_text) in enumerate(rows):
            index.docs.append((kind, title, url, text))
            for token in WORD_RE.findall(norm_title):
                postings[token][position] += TITLE_WEIGHT
            for token in WORD_RE.findall(norm_text):
                postings[token][position] += 1
        index.postings = {token: dict(docs) for token, docs in postings.items()}
        index.vocabulary = sorted(index.postings)
        return index

    def tokens_with_prefix(self, prefix: str) -> list[str]:
        start = bisect_left(self.vocabulary, prefix)
        found = []
        for token in self.vocabulary[start:]:
            if not token.startswith(prefix):
                break
            found.append(token)
        return found

    def scores(self, terms: list[str]) -> dict[int, float]:
        """Documents containing every term (as a word prefix), scored by weighted frequency."""
        result: dict[int, float] | None = None
        for term in terms:
            term_scores: dict[int, float] = defaultdict(float)
            for token in self.tokens_with_prefix(term):
                # An exact word counts more than a longer word that merely starts with the term.
                bonus = 1.0 if token == term else 0.8
                for doc, weight in self.postings[token].items():
                    term_scores[doc] += weight * bonus
            if result is None:
                result = dict(term_scores)
            else:
                result = {doc: score + term_scores[doc] for doc, score in result.items() if doc in term_scores}
            if not result:
                return {}
        return result or {}


_lock = threading.Lock()
_index = Index()


def current_generation() -> tuple:
    from .models import SearchDocument

    stats = SearchDocument.objects.aggregate(count=Count("id"), latest=Max("updated_at"))
    return (stats["count"], stats["latest"])


def get_index() -> Index:
    """The in-memory index, rebuilt when the search table changed since it was built."""
    global _index
    from .models import SearchDocument

    generation = current_generation()
    if _index.generation != generation:
        with _lock:
            if _index.generation != generation:
                rows = SearchDocument.objects.order_by("kind", "title").values_list(
                    "kind", "title", "url", "text", "norm_title", "norm_text"
                )
                _index = Index.build(rows.iterator(chunk_size=2000), generation)
    return _index


def highlight(text: str, terms: list[str]) -> str:
    """Escape ``text`` and wrap each word that starts with a query term in <mark>."""
    out = []
    last = 0
    for match in WORD_RE.finditer(text):
        word = normalise(match.group())
        if any(word.startswith(term) for term in terms):
            out.append(html.escape(text[last:match.start()]))
            out.append(f"<mark>{html.escape(match.group())}</mark>")
            last = match.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def snippet(text: str, terms: list[str], width: int = 220) -> str:
    """A window of ``text`` around the first matched word, highlighted."""
    start = 0
    for match in WORD_RE.finditer(text):
        if any(normalise(match.group()).startswith(term) for term in terms):
            start = max(0, match.start() - width // 3)
            break
    if start:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 30 else start
    excerpt = text[start:start + width]
    prefix = "… " if start else ""
    suffix = " …" if start + width < len(text) else ""
    return prefix + highlight(excerpt, terms) + suffix


def search(query: str, limit: int = 20) -> list[Hit]:
    """Best matches first for ``query``; an empty or unusable query gives no result."""
    terms = query_terms(query or "")
    if not terms:
        return []
    index = get_index()
    scores = index.scores(terms)
    ranked = sorted(scores.items(), key=lambda item: (-item[1], index.docs[item[0]][1]))[:limit]
    hits = []
    for position, score in ranked:
        kind, title, url, text = index.docs[position]
        hits.append(Hit(kind, title, url, score, highlight(title, terms), snippet(text, terms)))
    return hits


def index_document(kind: str, key: str, title: str, url: str, text: str) -> None:
    from .models import SearchDocument

    SearchDocument.objects.update_or_create(
        kind=kind,
        key=key,
        defaults={
            "title": title[:250],
            "url": url,
            "text": text,
            "norm_title": normalise(title)[:250],
            "norm_text": normalise(text),
        },
    )


def remove_document(kind: str, key: str) -> None:
    from .models import SearchDocument

    SearchDocument.objects.filter(kind=kind, key=key).delete()
