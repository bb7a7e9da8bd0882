"""Site search: a player's words or whole question, best answers first.

The text of every searchable object is analysed in Python (``search.text``: accents, stop words, French
stems) and stored beside its display text; the database's own full-text engine (``search.backends``: SQLite
FTS5 or PostgreSQL) matches and ranks. Any word of the query may match, so a long question still finds its
answer; synonyms (``search/content/synonyms.yaml``) and typo corrections are added to the words typed.
Every worker shares the one index in the database, kept in step by the registry's signals.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django.db import connection, transaction
from django.utils import timezone

from . import synonyms
from .backends import Plan, current
from .models import SearchDocument, SearchWord
from .text import WORD_RE, index_text, is_stop_word, normalise, stem, vocabulary, words
from .text import tokens as text_tokens

MAX_QUERY_LENGTH = 200
MAX_TERMS = 12
MAX_RESULTS = 100
KIND_LABELS = {
    "faq": "Question",
    "guide": "Guide",
    "section": "Guide",
    "card": "Carte",
    "term": "Glossaire",
    "example": "Exemple",
    "rule": "Règles",
}
# « 459 », « R459 », « R. 459.2 », « règle 103.b »: a number of the Core Rules, answered by its section. A bare
# number needs three digits (« 2 » is no rule); after « R » or « règle » one to three will do.
RULE_NUMBER_RE = re.compile(
    r"^\s*(?:(?:r|r[eè]gles?)\s*\.?\s*(\d{1,3}(?:\.(?:\d{1,3}|[a-z]))*)|(\d{3}(?:\.(?:\d{1,3}|[a-z]))*))\s*\.?\s*$",
    re.IGNORECASE,
)


def clean_query(query: str) -> str:
    """The query as searched: at most MAX_QUERY_LENGTH characters, control characters removed."""
    query = (query or "")[:MAX_QUERY_LENGTH]
    return "".join(ch if ch.isprintable() else " " for ch in query)


def rule_number(query: str) -> str | None:
    """The rule number a query asks for (« R. 459.2 » → « 459.2 »), or None."""
    match = RULE_NUMBER_RE.match(clean_query(query))
    return (match.group(1) or match.group(2)) if match else None


def query_terms(query: str) -> list[str]:
    """The meaningful words of a query, normalised (stop words dropped), at most MAX_TERMS."""
    seen: list[str] = []
    for word in words(clean_query(query)):
        if not is_stop_word(word) and word not in seen and (len(word) >= 2 or word.isdigit()):
            seen.append(word)
    return seen[:MAX_TERMS]


@dataclass
class Analysis:
    """How a query was understood: its tokens, the corrections made and the synonyms added."""

    plan: Plan
    tokens: set[str] = field(default_factory=set)  # every token looked for, to highlight matches
    corrections: dict[str, str] = field(default_factory=dict)  # typed word -> vocabulary word
    # One entry per word of the query: the tokens that stand for it (itself, its synonyms, its completions).
    concepts: list[frozenset[str]] = field(default_factory=list)


def analyse(query: str) -> Analysis:
    """Turn a player's query into a plan for the full-text engine."""
    query = clean_query(query)
    terms = query_terms(query)
    analysis = Analysis(Plan())
    if not terms:
        return analysis
    backend = current()
    stems = [stem(term) for term in terms]
    known = set(SearchWord.objects.filter(stem__in=stems).values_list("stem", flat=True))
    known |= synonyms.known_tokens() & set(stems)
    # The last word of a query typed live may be unfinished: « boucl » looks for « bouclier » too.
    last = terms[-1]
    typing = last if query[-1:].isalnum() and len(last) >= 3 and not last.isdigit() else None
    final: list[str] = []
    for term, token in zip(terms, stems, strict=True):
        completions = prefix_tokens(term) if term == typing else set()
        if completions:
            # Matched as a prefix only, so a finished short word (« boucle ») does not outweigh the longer ones.
            analysis.plan.prefixes.append(token)
            analysis.tokens.update(completions)
            analysis.concepts.append(frozenset(completions))
            # A completion whose token is shorter than the typed word (« remplacemen » → « remplac »).
            final.extend(sorted(t for t in completions if not t.startswith(token)))
            continue
        if token in known or term.isdigit():
            final.append(token)
            continue
        correction = backend.correct(term)
        if correction:
            analysis.corrections[term] = correction[0]
            final.append(correction[1])
        else:
            final.append(token)
    phrases: list[tuple[str, ...]] = []
    for token in final:
        if (token,) not in phrases:
            phrases.append((token,))
    for phrase in synonyms.expand(final):
        if phrase not in phrases:
            phrases.append(phrase)
    analysis.plan.phrases = phrases
    analysis.concepts += [frozenset({token, *synonyms.alternatives(token)}) for token in dict.fromkeys(final)]
    analysis.tokens.update(token for phrase in phrases for token in phrase)
    return analysis


def prefix_tokens(word: str, limit: int = 30) -> set[str]:
    """Tokens of the vocabulary words that start with ``word`` (a range scan on the unique index)."""
    return set(
        SearchWord.objects.filter(word__gte=word, word__lt=word + "\U0010ffff")
        .values_list("stem", flat=True)[:limit]
    )


@dataclass
class Hit:
    pk: int
    kind: str
    title: str
    url: str
    score: float
    text: str = field(default="", repr=False)
    answer_html: str = field(default="", repr=False)
    tokens: frozenset[str] = field(default=frozenset(), repr=False)

    @property
    def kind_label(self) -> str:
        return KIND_LABELS.get(self.kind, self.kind)

    # Highlighting is computed only for the hits a page shows.
    @cached_property
    def title_html(self) -> str:
        return highlight(self.title, self.tokens)

    @cached_property
    def snippet_html(self) -> str:
        return snippet(self.text, self.tokens)


@dataclass
class Results:
    query: str
    hits: list[Hit] = field(default_factory=list)
    more: bool = False  # more than MAX_RESULTS matched
    corrections: dict[str, str] = field(default_factory=dict)
    searched: bool = False  # the query had at least one meaningful word

    @property
    def suggestion(self) -> str:
        """The query with its corrected words: « remplacemnt » → « remplacement »."""
        if not self.corrections:
            return ""
        return WORD_RE.sub(lambda m: self.corrections.get(normalise(m.group()), m.group()), self.query)

    @property
    def answer(self) -> Hit | None:
        """The best hit when it is a FAQ entry with a short answer: shown above the list."""
        if self.hits and self.hits[0].kind == "faq" and self.hits[0].answer_html:
            return self.hits[0]
        return None


def run(query: str, limit: int = MAX_RESULTS) -> Results:
    """Search ``query``: up to ``limit`` hits, best first, and how the query was understood."""
    query = clean_query(query)
    analysis = analyse(query)
    results = Results(query=query, corrections=analysis.corrections, searched=bool(analysis.plan))
    if not analysis.plan:
        return results
    ranked = current().match(analysis.plan, limit + 1)
    results.more = len(ranked) > limit
    # Texts are loaded later, for the hits a page shows (load_texts).
    documents = SearchDocument.objects.only("kind", "title", "url", "answer_html").in_bulk([pk for pk, _ in ranked])
    looked_for = frozenset(analysis.tokens)
    for pk, score in ranked:
        doc = documents.get(pk)
        if doc is not None:
            score *= title_bonus(doc.title, analysis.concepts)
            results.hits.append(Hit(pk, doc.kind, doc.title, doc.url, score, "", doc.answer_html, looked_for))
    results.hits.sort(key=lambda hit: -hit.score)
    del results.hits[limit:]
    return results


def title_bonus(title: str, concepts: list[frozenset[str]]) -> float:
    """How much of the query a title covers: a question asked in other words finds the question it matches.

    Each word of the query found in the title (itself or a synonym) adds its share; a title that is exactly
    the query (« Dépendance » for « dependance ») counts double.
    """
    if not concepts:
        return 1.0
    title_tokens = set(text_tokens(title))
    covered = sum(1 for concept in concepts if concept & title_tokens)
    bonus = 1.0 + covered / len(concepts)
    if covered == len(concepts) and len(title_tokens) <= len(concepts):
        bonus *= 2
    return bonus


def load_texts(hits) -> list[Hit]:
    """Fetch the display text of ``hits`` (one query), for their snippets."""
    hits = list(hits)
    texts = dict(SearchDocument.objects.filter(pk__in=[hit.pk for hit in hits]).values_list("pk", "text"))
    for hit in hits:
        hit.text = texts.get(hit.pk, "")
    return hits


def search(query: str, limit: int = 20) -> list[Hit]:
    """Best matches first for ``query``, with their snippets; an empty or unusable query gives no result."""
    return load_texts(run(query, limit).hits)


# --- display -----------------------------------------------------------------------------------------------

@lru_cache(maxsize=100_000)
def word_token(word: str) -> str:
    """The index token of a word as written in a text (empty for a stop word)."""
    normal = normalise(word)
    return "" if is_stop_word(normal) else stem(normal)


def matches(word: str, tokens: frozenset[str] | set[str]) -> bool:
    token = word_token(word)
    return bool(token) and token in tokens


def highlight(text: str, tokens: set[str]) -> str:
    """Escape ``text`` and wrap each word whose token was looked for in <mark>."""
    out = []
    last = 0
    for match in WORD_RE.finditer(text):
        if matches(match.group(), tokens):
            out.append(html.escape(text[last:match.start()]))
            out.append(f"<mark>{html.escape(match.group())}</mark>")
            last = match.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def snippet(text: str, tokens: set[str], width: int = 220) -> str:
    """A window of the display text around the first matched word, highlighted."""
    start = 0
    for match in WORD_RE.finditer(text):
        if matches(match.group(), tokens):
            start = max(0, match.start() - width // 3)
            break
    if start:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 30 else start
    excerpt = text[start:start + width]
    prefix = "… " if start else ""
    suffix = " …" if start + width < len(text) else ""
    return prefix + highlight(excerpt, tokens) + suffix


# --- indexing ----------------------------------------------------------------------------------------------

def make_document(kind: str, key: str, title: str, url: str, text: str, extra: dict | None = None) -> SearchDocument:
    """An unsaved SearchDocument from a registry tuple; ``extra`` may carry ``answer`` HTML and ``keywords``."""
    extra = extra or {}
    keywords = str(extra.get("keywords") or "")
    return SearchDocument(
        kind=kind, key=str(key), title=title[:250], url=url, text=text,
        answer_html=str(extra.get("answer") or ""),
        index_title=index_text(title), index_keywords=index_text(keywords), index_body=index_text(text),
    )


def learn_words(*texts: str) -> None:
    """Add the words of ``texts`` to the vocabulary (one statement; words already known are skipped)."""
    rows = [(word[:100], token[:100]) for word, token in vocabulary(*texts).items()]
    if rows:
        with connection.cursor() as cursor:
            cursor.executemany(f"INSERT INTO {SearchWord._meta.db_table} (word, stem) VALUES (%s, %s) "
                               "ON CONFLICT (word) DO NOTHING", rows)


def index_document(kind: str, key: str, title: str, url: str, text: str, extra: dict | None = None) -> None:
    """Store (or replace) one document and bring the full-text index in step; an unchanged one costs a read."""
    doc = make_document(kind, key, title, url, text, extra)
    fields = ["title", "url", "text", "answer_html", "index_title", "index_keywords", "index_body"]
    stored = SearchDocument.objects.filter(kind=doc.kind, key=doc.key).values("pk", *fields).first()
    if stored and all(stored[name] == getattr(doc, name) for name in fields):
        return
    with transaction.atomic():
        if stored:
            SearchDocument.objects.filter(pk=stored["pk"]).update(**{name: getattr(doc, name) for name in fields},
                                                                  updated_at=timezone.now())
            pk = stored["pk"]
        else:
            doc.save(force_insert=True)
            pk = doc.pk
        current().refresh([pk])
        learn_words(title, text, str((extra or {}).get("keywords") or ""))


def index_documents(documents: list[tuple], replace: bool = False) -> int:
    """Store many documents at once (content loads, benchmarks); ``replace`` empties the index first."""
    backend = current()
    with transaction.atomic():
        if replace:
            backend.forget(list(SearchDocument.objects.values_list("pk", flat=True)))
            SearchDocument.objects.all().delete()
            SearchWord.objects.all().delete()
        made = [make_document(*document) for document in documents]
        keys = {(doc.kind, doc.key) for doc in made}
        stale = [pk for pk, kind, key in SearchDocument.objects.values_list("pk", "kind", "key") if (kind, key) in keys]
        backend.forget(stale)
        SearchDocument.objects.filter(pk__in=stale).delete()
        SearchDocument.objects.bulk_create(made, batch_size=1000)
        ids = [doc.pk for doc in made]  # bulk_create returns primary keys on SQLite and PostgreSQL
        backend.refresh(ids)
        texts = []
        for document in documents:
            extra = document[5] if len(document) > 5 and document[5] else {}
            texts += [document[2], document[4], str(extra.get("keywords") or "")]
        learn_words(*texts)
    return len(made)


def remove_document(kind: str, key: str) -> None:
    ids = list(SearchDocument.objects.filter(kind=kind, key=str(key)).values_list("pk", flat=True))
    if ids:
        with transaction.atomic():
            current().forget(ids)
            SearchDocument.objects.filter(pk__in=ids).delete()
