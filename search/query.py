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
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from core import rule_numbers

from . import ranking, registry, synonyms
from .backends import Plan, current
from .models import SearchDocument, SearchToken, SearchWord
from .ranking import Concept
from .text import WORD_RE, index_text, is_stop_word, normalise, stem, vocabulary, words

MAX_QUERY_LENGTH = 200
MAX_TERMS = 12
MAX_RESULTS = 100
TOKEN_LENGTH = SearchToken._meta.get_field("token").max_length  # longer tokens are not counted (none in the content)
INDEX_FIELDS = ("index_title", "index_keywords", "index_body")
TAG_RE = re.compile(r"<[^>]*>")
def clean_query(query: str) -> str:
    """The query as searched: at most MAX_QUERY_LENGTH characters, control characters removed."""
    query = (query or "")[:MAX_QUERY_LENGTH]
    return "".join(ch if ch.isprintable() else " " for ch in query)


def rule_number(query: str) -> str | None:
    """The rule number a query asks for (« R. 468.1 » → « 468.1 »), or None."""
    return rule_numbers.asked_for(clean_query(query))


# Words that only shape a question: « comment ça se passe », « que se passe-t-il ».
QUESTION_PHRASING = {("se", "passe"), ("ca", "passe")}


def query_terms(query: str) -> list[str]:
    """The meaningful words of a query, normalised (stop words dropped), at most MAX_TERMS."""
    seen: list[str] = []
    previous = ""
    for word in words(clean_query(query)):
        phrasing = (previous, word) in QUESTION_PHRASING
        previous = word
        if phrasing:
            continue
        if not is_stop_word(word) and word not in seen and (len(word) >= 2 or word.isdigit()):
            seen.append(word)
    return seen[:MAX_TERMS]


@dataclass
class Analysis:
    """How a query was understood: its tokens, the corrections made and the synonyms added."""

    plan: Plan
    tokens: set[str] = field(default_factory=set)  # every token looked for, to highlight matches
    corrections: dict[str, str] = field(default_factory=dict)  # typed word -> vocabulary word
    # What the query asks about: one concept per word or per synonym expression (with its other names).
    concepts: list[Concept] = field(default_factory=list)


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
    prefix_concept = None
    for term, token in zip(terms, stems, strict=True):
        completions = prefix_tokens(term) if term == typing else set()
        if completions:
            # Matched as a prefix only, so a finished short word (« boucle ») does not outweigh the longer ones.
            analysis.plan.prefixes.append(token)
            analysis.tokens.update(completions)
            prefix_concept = Concept(frozenset((completion,) for completion in completions))
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
    # The word being typed counts as finished for synonym expressions (« burn out »).
    whole = final + [stems[-1]] if prefix_concept else final
    for phrase in synonyms.expand(whole):
        if phrase not in phrases:
            phrases.append(phrase)
    analysis.plan.phrases = phrases
    analysis.concepts = concepts_of(whole)
    if prefix_concept and not any(stems[-1] in concept.tokens for concept in analysis.concepts):
        analysis.concepts.append(prefix_concept)
    analysis.tokens.update(token for phrase in phrases for token in phrase)
    analysis.plan.groups = groups_of(analysis.concepts, analysis.plan, prefix_concept, stems[-1])
    return analysis


def groups_of(concepts: list[Concept], plan: Plan, typing: Concept | None, typed: str) -> list[Plan]:
    """Each concept as the phrases of ``plan`` that stand for it, with the plan's prefix for the word being
    typed (``typing``, the concept of its completions; ``typed``, its token); none at all when a concept has
    nothing in the plan (then every document that holds any word is ranked)."""
    groups = []
    for concept in concepts:
        group = Plan(phrases=sorted(phrase for phrase in concept.phrases if phrase in plan.phrases))
        if typing and (concept is typing or typed in concept.tokens):
            group.prefixes = list(plan.prefixes)
        if not group:
            return []
        groups.append(group)
    return groups


def concepts_of(final: list[str]) -> list[Concept]:
    """One concept per synonym expression found in the query (« burn out » and « exténuation » are one
    thing), then one per remaining word with the other names of its group."""
    concepts: list[Concept] = []
    used: set[int] = set()
    for group in synonyms.groups():
        for phrase in group:
            size = len(phrase)
            if size < 2:
                continue
            for start in range(len(final) - size + 1):
                span = set(range(start, start + size))
                if tuple(final[start:start + size]) == phrase and not span & used:
                    used |= span
                    concepts.append(Concept(frozenset(group)))
    for position, token in enumerate(final):
        if position in used or any(token in concept.tokens for concept in concepts):
            continue
        phrases = {(token,)}
        for group in synonyms.groups():
            if (token,) in group:
                phrases.update(group)
        concepts.append(Concept(frozenset(phrases)))
    return concepts


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
    role: str = ""
    coverage: float = 0.0  # share of the query's concepts covered, weighted by where they are found
    covered: float = 0.0  # share of the query's concepts found anywhere in the document
    concepts: tuple[Concept, ...] = field(default=(), repr=False)
    weights: tuple[float, ...] = field(default=(), repr=False)
    query: str = field(default="", repr=False)

    @property
    def kind_label(self) -> str:
        return registry.kind_label(self.kind)

    # Highlighting is computed only for the hits a page shows.
    @cached_property
    def title_html(self) -> str:
        return highlight(self.title, self.tokens)

    @cached_property
    def snippet_html(self) -> str:
        if self.concepts:
            sentence = ranking.best_sentence(self.text, list(self.concepts), list(self.weights))
            if sentence:
                return highlight(sentence, self.tokens)
        return snippet(self.text, self.tokens)

    @cached_property
    def answer_sentence_html(self) -> str:
        """The sentence of the short answer that answers the query (« 4. Chaque joueur pioche 4 cartes… »), or ""
        when none does."""
        sentence = ranking.answer_sentence(answer_text(self.answer_html), self.query, list(self.concepts),
                                           list(self.weights))
        return highlight(sentence, self.tokens) if sentence else ""


@dataclass
class Results:
    query: str
    hits: list[Hit] = field(default_factory=list)
    more: bool = False  # more than MAX_RESULTS matched
    corrections: dict[str, str] = field(default_factory=dict)
    searched: bool = False  # the query had at least one meaningful word
    query_type: str = ""

    @property
    def suggestion(self) -> str:
        """The query with its corrected words: « remplacemnt » → « remplacement »."""
        if not self.corrections:
            return ""
        return WORD_RE.sub(lambda m: self.corrections.get(normalise(m.group()), m.group()), self.query)

    @property
    def answer(self) -> Hit | None:
        """The best hit, shown above the list as « Réponse courte », when it is a question with a short answer
        that covers every concept of the query, well enough where it counts (ranking.ANSWER_BOX_COVERAGE)."""
        if not self.hits:
            return None
        best = self.hits[0]
        second = self.hits[1].score if len(self.hits) > 1 else 0.0
        if (best.role == ranking.Role.ANSWER and best.answer_html and best.covered >= 0.999
                and best.coverage >= ranking.ANSWER_BOX_COVERAGE
                and best.score >= ranking.ANSWER_BOX_MARGIN * second
                and best.answer_sentence_html):  # a box quotes the sentence that answers, or is not shown
            return best
        return None


TOOLTIP_RE = re.compile(r'<span class="term-tip"[^>]*>.*?</span>', re.S)
BLOCK_END_RE = re.compile(r"</(?:p|li|td|th|tr|h\d|blockquote|div)>|<br\s*/?>", re.I)


def answer_text(answer_html: str) -> str:
    """A short answer as plain text: its glossary tooltips left out, one line per paragraph, list item or cell."""
    text = BLOCK_END_RE.sub("\n", TOOLTIP_RE.sub("", answer_html or ""))
    return html.unescape(TAG_RE.sub("", text))


def answer_tokens(answer_html: str) -> str:
    """The analysed text of a short answer (stored at indexing as ``index_answer``)."""
    return index_text(html.unescape(TAG_RE.sub(" ", answer_html))) if answer_html else ""


def frequencies(tokens: list[str]) -> dict[str, int]:
    """How many documents hold each token, and under the empty token how many documents there are (one indexed
    read of SearchToken, kept in step as documents are indexed: see ``count_tokens``)."""
    wanted = [token for token in tokens if len(token) <= TOKEN_LENGTH] + [""]
    return dict(SearchToken.objects.filter(token__in=wanted).values_list("token", "documents"))


def rarities(concepts: list[Concept]) -> list[float]:
    """How telling each concept is: rare on the site weighs more (ranking.rarity)."""
    frequency = frequencies(sorted({token for concept in concepts for token in concept.tokens}))
    documents = frequency.get("", 0)
    weights = []
    for concept in concepts:
        count = max((min(frequency.get(token, 0) for token in phrase) for phrase in concept.phrases), default=0)
        weights.append(ranking.rarity(count, documents))
    return weights


def run(query: str, limit: int = MAX_RESULTS) -> Results:
    """Search ``query``: up to ``limit`` hits, best first, and how the query was understood."""
    query = clean_query(query)
    analysis = analyse(query)
    results = Results(query=query, corrections=analysis.corrections, searched=bool(analysis.plan))
    if not analysis.plan:
        return results
    matched = current().match(analysis.plan, max(limit + 1, ranking.CANDIDATES), enough=ranking.CANDIDATES)
    results.more = len(matched) > limit
    concepts = analysis.concepts
    weights = rarities(concepts)
    kind_of_query = ranking.query_type(query, len(concepts))
    results.query_type = kind_of_query
    asked = ranking.question_words(query)
    # The candidates the database ranked best are ranked again by what answers (search.ranking); the rest,
    # if any, follow in the database's order.
    head = matched[:ranking.CANDIDATES]
    rows = SearchDocument.objects.filter(pk__in=[pk for pk, _ in head]).values_list(
        "pk", "kind", "title", "url", "answer_html", "index_title", "index_answer", "index_keywords", "index_body")
    documents = {row[0]: row for row in rows}
    best_bm25 = max((bm25 for _, bm25 in head), default=0.0)
    looked_for = frozenset(analysis.tokens)
    hits = []
    for pk, bm25 in head:
        row = documents.get(pk)
        if row is None:
            continue
        _, kind, title, url, answer_html, index_title, index_answer, index_keywords, index_body = row
        fields = ranking.Fields.of(index_title, index_answer, index_keywords, index_body)
        by_place, anywhere = ranking.coverage(concepts, weights, fields)
        role = registry.kind_role(kind)
        score = ranking.score(role=role, kind_of_query=kind_of_query, by_place=by_place, bm25=bm25,
                              best_bm25=best_bm25, exact=ranking.exact_title(concepts, index_title),
                              focus=ranking.title_focus(concepts, index_title),
                              same_question=bool(asked & ranking.question_words(title)))
        hits.append(Hit(pk, kind, title, url, score, "", answer_html, looked_for, role, by_place, anywhere,
                        tuple(concepts), tuple(weights), query))
    ranking.favour_named_cards(hits, {pk: (row[5], row[8]) for pk, row in documents.items()},
                               ranking.query_sequence(query, analysis.corrections), kind_of_query)
    hits.sort(key=lambda hit: (-hit.score, hit.title))
    tail = [pk for pk, _ in matched[ranking.CANDIDATES:limit]]
    if tail:
        rest = {row[0]: row[1:] for row in SearchDocument.objects.filter(pk__in=tail).values_list(
            "pk", "kind", "title", "url", "answer_html")}
        for pk in tail:
            if pk in rest:
                kind, title, url, answer_html = rest[pk]
                hits.append(Hit(pk, kind, title, url, 0.0, "", answer_html, looked_for, registry.kind_role(kind),
                                concepts=tuple(concepts), weights=tuple(weights)))
    results.hits = hits[:limit]
    return results


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
    keywords = keywords_of(extra)
    english = str(extra.get("english") or "")
    answer_html = str(extra.get("answer") or "")
    return SearchDocument(
        kind=kind, key=str(key), title=title[:250], url=url, text=text,
        answer_html=answer_html, index_answer=answer_tokens(answer_html),
        index_title=index_text(title), index_keywords=index_text(keywords, english), index_body=index_text(text),
    )


def keywords_of(extra: dict) -> str:
    keywords = extra.get("keywords") or ""
    return " ".join(keywords) if isinstance(keywords, list | tuple) else str(keywords)


def learn_words(*texts: str, english: tuple[str, ...] = ()) -> None:
    """Add the words of ``texts`` (French) and of ``english`` (English names) to the vocabulary.

    A word seen in French text is French even if an English name holds it too; one seen only in English names
    is marked ``english``, and a typo is never corrected toward it (see Backend.correct)."""
    french = {word[:100]: token[:100] for word, token in vocabulary(*texts).items()}
    others = {word[:100]: token[:100] for word, token in vocabulary(*english).items()}
    rows = [SearchWord(word=word, stem=token, english=False) for word, token in french.items()]
    foreign = [SearchWord(word=word, stem=token, english=True) for word, token in others.items() if word not in french]
    if rows:  # a word already known from English names becomes French; its stem stays
        SearchWord.objects.bulk_create(rows, update_conflicts=True, unique_fields=["word"], update_fields=["english"],
                                       batch_size=500)
    if foreign:
        SearchWord.objects.bulk_create(foreign, ignore_conflicts=True, batch_size=500)


def held_tokens(index_title: str, index_keywords: str, index_body: str) -> set[str]:
    """The distinct tokens of a document's analysed text, and the empty token that every document holds."""
    return {"", *index_title.split(), *index_keywords.split(), *index_body.split()}


def count_tokens(added: Iterable[set[str]] = (), removed: Iterable[set[str]] = ()) -> None:
    """Bring SearchToken in step: each set is the ``held_tokens`` of a document indexed or removed."""
    change: Counter[str] = Counter()
    for held in added:
        change.update(held)
    for held in removed:
        change.subtract(held)
    steps: dict[int, list[str]] = defaultdict(list)  # by how much: the tokens whose count moves by that much
    for token, n in change.items():
        if n and len(token) <= TOKEN_LENGTH:
            steps[n].append(token)
    added_tokens = [token for n, tokens in steps.items() if n > 0 for token in tokens]
    SearchToken.objects.bulk_create([SearchToken(token=token, documents=0) for token in added_tokens],
                                    ignore_conflicts=True, batch_size=500)
    emptied = []
    for n, tokens in steps.items():
        for part in range(0, len(tokens), 500):
            chosen = SearchToken.objects.filter(token__in=tokens[part:part + 500])
            chosen.update(documents=Greatest(F("documents") + n, Value(0)))
        if n < 0:
            emptied += tokens
    for part in range(0, len(emptied), 500):
        SearchToken.objects.filter(token__in=emptied[part:part + 500], documents=0).delete()


def index_document(kind: str, key: str, title: str, url: str, text: str, extra: dict | None = None) -> None:
    """Store (or replace) one document and bring the full-text index in step; an unchanged one costs a read."""
    doc = make_document(kind, key, title, url, text, extra)
    fields = STORED_FIELDS
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
        count_tokens(added=[held_tokens(*(getattr(doc, name) for name in INDEX_FIELDS))],
                     removed=[held_tokens(*(stored[name] for name in INDEX_FIELDS))] if stored else [])
        learn_words(title, text, keywords_of(extra or {}), english=(str((extra or {}).get("english") or ""),))


STORED_FIELDS = ("title", "url", "text", "answer_html", "index_title", "index_answer", "index_keywords", "index_body")


def index_changed(documents: list[tuple]) -> int:
    """Index those of ``documents`` whose stored version differs (or is missing), in one bulk write."""
    if not documents:
        return 0
    made = {(doc.kind, doc.key): doc for doc in (make_document(*document) for document in documents)}
    changed = dict(zip(made, documents, strict=True))
    keys = list(made)
    for part in range(0, len(keys), 500):
        for stored in SearchDocument.objects.filter(key__in=[key for _kind, key in keys[part:part + 500]]).values(
                "kind", "key", *STORED_FIELDS):
            doc = made.get((stored["kind"], stored["key"]))
            if doc is not None and all(stored[name] == getattr(doc, name) for name in STORED_FIELDS):
                changed.pop((doc.kind, doc.key), None)
    return index_documents(list(changed.values())) if changed else 0


def index_documents(documents: list[tuple], replace: bool = False) -> int:
    """Store many documents at once (content loads, benchmarks); ``replace`` empties the index first."""
    backend = current()
    with transaction.atomic():
        if replace:
            backend.clear()
            SearchDocument.objects.all().delete()
            SearchWord.objects.all().delete()
            SearchToken.objects.all().delete()
        made = [make_document(*document) for document in documents]
        keys = {(doc.kind, doc.key) for doc in made}
        stale = [pk for pk, kind, key in SearchDocument.objects.values_list("pk", "kind", "key") if (kind, key) in keys]
        removed = []
        for part in range(0, len(stale), 500):
            rows = SearchDocument.objects.filter(pk__in=stale[part:part + 500]).values_list(*INDEX_FIELDS)
            removed += [held_tokens(*row) for row in rows]
        backend.forget(stale)
        SearchDocument.objects.filter(pk__in=stale).delete()
        SearchDocument.objects.bulk_create(made, batch_size=1000)
        ids = [doc.pk for doc in made]  # bulk_create returns primary keys on SQLite and PostgreSQL
        backend.refresh(ids)
        count_tokens(added=[held_tokens(*(getattr(doc, name) for name in INDEX_FIELDS)) for doc in made],
                     removed=removed)
        texts, english = [], []
        for document in documents:
            extra = document[5] if len(document) > 5 and document[5] else {}
            texts += [document[2], document[4], keywords_of(extra)]
            english.append(str(extra.get("english") or ""))
        learn_words(*texts, english=tuple(english))
    return len(made)


def remove_document(kind: str, key: str) -> None:
    rows = list(SearchDocument.objects.filter(kind=kind, key=str(key)).values_list("pk", *INDEX_FIELDS))
    if rows:
        ids = [row[0] for row in rows]
        with transaction.atomic():
            current().forget(ids)
            SearchDocument.objects.filter(pk__in=ids).delete()
            count_tokens(removed=[held_tokens(*row[1:]) for row in rows])
