"""How search ranks what the database found: every weight in one place, each with its reason.

The database's full-text engine (``search.backends``) finds the candidates: any document that holds a word of
the query, best BM25 first. This module then ranks those candidates by what answers the player:

1. **What kind of query it is** (``query_type``): a question (« comment… », « combien… », « je peux… », a
   sentence) wants an FAQ entry or a guide section; « c'est quoi X » or a bare term wants a definition.
2. **How much of the query a document covers** (``coverage``): each concept of the query (a word, its
   synonyms, its English name) counts once, weighted by how rare it is on the site, and by where it is found —
   the title (a FAQ question) and the short answer count more than the long explanation. A document that
   repeats one word of the query twenty times no longer beats one that covers all of them.
3. **The role of the document's kind**, declared by the app that owns it (``search.registry``): an app says
   that its FAQ entries *answer*, its guide and rules sections *explain*, its terms *define*. Search knows
   roles, never content kinds.

The answer box (« Réponse courte ») shows only when the best hit covers the query well enough
(``ANSWER_BOX_COVERAGE``, measured with ``bench/relevance.py``), so a weak match never looks like an answer.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from .text import normalise, tokens, words


class Role(StrEnum):
    """What a kind of document does for a player who asks something (declared per kind by its app)."""

    ANSWER = "answer"  # a question and its short answer (FAQ entry)
    EXPLANATION = "explanation"  # a part of a guide or of the rules reference
    DEFINITION = "definition"  # a glossary term
    CARD = "card_text"  # a card and its text
    EXAMPLE = "illustration"  # a worked example the engine computes


class QueryType(StrEnum):
    QUESTION = "question"  # « comment on gagne », « je peux bouger deux fois ? », a sentence
    DEFINITION = "definition"  # « c'est quoi un showdown », « Tank »
    WORDS = "words"  # a few words, neither: « defausse bannissement »


# --- the weights -------------------------------------------------------------------------------------------

# How much a document of each role is worth for each kind of query. A question is answered by an FAQ entry
# first, then by the guide or rules section that explains it; a definition is a poor answer to a question
# (it matches the words, not the situation). « c'est quoi X » and a bare term are the one case where the
# definition leads.
ROLE_WEIGHTS: dict[QueryType, dict[Role, float]] = {
    QueryType.QUESTION: {Role.ANSWER: 1.0, Role.EXPLANATION: 0.8, Role.DEFINITION: 0.55, Role.CARD: 0.6,
                         Role.EXAMPLE: 0.45},
    QueryType.DEFINITION: {Role.DEFINITION: 1.0, Role.ANSWER: 0.8, Role.EXPLANATION: 0.7, Role.CARD: 0.9,
                           Role.EXAMPLE: 0.45},
    QueryType.WORDS: {Role.ANSWER: 1.0, Role.DEFINITION: 0.85, Role.EXPLANATION: 0.85, Role.CARD: 0.9,
                      Role.EXAMPLE: 0.5},
}
# Where a concept of the query is found. The title of a FAQ entry is the question a player asks; its short
# answer says the answer in two sentences; keywords are the other names of a thing (inflections, English
# names); the body is the long explanation, where most words of the game appear sooner or later.
FIELD_WEIGHTS = {"title": 1.0, "answer": 0.75, "keywords": 0.75, "body": 0.35}
# Coverage is raised to this power: covering 4 concepts of 4 in the title beats covering 2 of them far more
# than twice.
COVERAGE_POWER = 2.0
# The database's own BM25 score still breaks near-ties (how often and how densely the words occur), as a
# share of the final score: at most +BM25_SHARE for the best candidate.
BM25_SHARE = 0.25
# A title that is exactly the query (« Tank » for « tank ») names the thing asked about.
EXACT_TITLE_BONUS = 1.6
# A title mostly made of the query's concepts is about them; one that mentions them among many other things is
# about something else (« Combien de points pour gagner ? » against « Un effet me fait gagner 1 XP, en
# dépenser 1… » for « comment on gagne »): up to +TITLE_FOCUS_SHARE for a title that is only the query.
TITLE_FOCUS_SHARE = 0.5
# The question word of the query found in a title (« qui » commence, « combien » de cartes) is the same
# question: a small lift that separates two questions about the same things. « comment » is left out: it
# opens questions about anything.
QUESTION_WORD_BONUS = 1.2
QUESTION_WORDS = frozenset({"qui", "combien", "quand", "pourquoi", "quel", "quelle", "quels",
                            "quelles", "ou", "lequel", "laquelle"})
# How many candidates the database hands over for ranking. Enough that the answer is among them even when a
# question shares its common words with hundreds of texts.
CANDIDATES = 40
# The answer box needs the best hit to be a question with a short answer that covers every concept of the
# query somewhere, covers at least ANSWER_BOX_COVERAGE of them where it counts (FIELD_WEIGHTS), and leads the
# second hit by ANSWER_BOX_MARGIN (when two entries answer equally well, the player chooses). Measured on the
# tuning half of tests/search/questions.yaml (213 questions; bench/relevance.py prints the boxes shown and how
# many are right): with no margin 6 % of the boxes were wrong; with 0.8 and 1.05, 126 boxes of which 2 wrong
# (2 %); stricter values removed right boxes without removing those two.
ANSWER_BOX_COVERAGE = 0.8
ANSWER_BOX_MARGIN = 1.05
# A concept found in every document says nothing; one found in a handful says a lot (inverse document
# frequency, smoothed so that a word no document holds does not dominate).
def rarity(document_frequency: int, documents: int) -> float:
    return math.log(1 + (documents + 1) / (document_frequency + 1))


# --- the kind of query -------------------------------------------------------------------------------------

# Matched on the normalised query (lower case, no accents, apostrophes and hyphens as spaces).
DEFINITION_RE = re.compile(
    r"^(?:c ?est quoi|c quoi|cest quoi|qu ?est ce que?|qu ?est ce qu|kesako|definition|defini|"
    r"que (?:veut|signifie) dire|que signifie|ca veut dire quoi|ca signifie)\b"
    r"|\b(?:c ?est quoi|c quoi|cest quoi|ca veut dire quoi|definition|kesako)\s*$"
)
QUESTION_RE = re.compile(
    r"\b(?:comment|combien|pourquoi|quand|quel|quelle|quels|quelles|qui|ou|est ce|je peux|puis je|peut on|"
    r"on peut|je dois|dois je|faut il|que se passe|que devient|que fait|ca fait quoi|ca marche|ca compte|"
    r"lequel|laquelle|si je|si mon|si ma|si une|si un)\b"
)


def normalised_query(query: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", normalise(query)))


def query_type(query: str, concepts: int) -> QueryType:
    """What a player wants from ``query``, given how many concepts it holds."""
    text = normalised_query(query)
    if DEFINITION_RE.search(text):
        return QueryType.DEFINITION
    if "?" in query or QUESTION_RE.search(text) or concepts >= 4:
        return QueryType.QUESTION
    if concepts <= 1:
        return QueryType.DEFINITION  # a bare term: « tank », « showdown »
    return QueryType.WORDS


# --- coverage ----------------------------------------------------------------------------------------------

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Concept:
    """One thing the query asks about: the phrases of tokens that stand for it (itself, its synonyms)."""

    phrases: frozenset[Phrase]

    def __post_init__(self):
        # Each phrase as it appears in an analysed text padded with spaces: a substring test finds it.
        object.__setattr__(self, "needles", tuple(f" {' '.join(phrase)} " for phrase in self.phrases))

    def found_in(self, padded_text: str) -> bool:
        """Whether the analysed text (padded with a space at both ends) holds one of the phrases."""
        return any(needle in padded_text for needle in self.needles)

    @property
    def tokens(self) -> frozenset[str]:
        return frozenset(token for phrase in self.phrases for token in phrase)


@dataclass
class Fields:
    """The analysed text of one candidate, by field, each padded with spaces for Concept.found_in."""

    padded: dict[str, str]

    @classmethod
    def of(cls, title: str, answer: str, keywords: str, body: str) -> Fields:
        return cls({"title": f" {title} ", "answer": f" {answer} ", "keywords": f" {keywords} ",
                    "body": f" {body} "})


def coverage(concepts: list[Concept], weights: list[float], fields: Fields) -> tuple[float, float]:
    """(weighted coverage by where each concept is found, share of concepts found anywhere), both 0..1."""
    total = sum(weights) or 1.0
    by_place = anywhere = 0.0
    for concept, weight in zip(concepts, weights, strict=True):
        best = 0.0
        for name, field_weight in FIELD_WEIGHTS.items():
            if field_weight > best and concept.found_in(fields.padded[name]):
                best = field_weight
        by_place += weight * best
        anywhere += weight * (best > 0)
    return by_place / total, anywhere / total


def exact_title(concepts: list[Concept], title: str) -> bool:
    """The title says the query and nothing else (« Tank », « Deck principal »)."""
    title_tokens = set(title.split())
    if not concepts or not title_tokens:
        return False
    return all(concept.found_in(f" {title} ") for concept in concepts) and \
        len(title_tokens) <= sum(min(len(p) for p in concept.phrases) for concept in concepts)


def title_focus(concepts: list[Concept], title: str) -> float:
    """Share of the title's tokens that belong to a concept of the query (0..1)."""
    title_tokens = title.split()
    if not title_tokens:
        return 0.0
    wanted = set().union(*(concept.tokens for concept in concepts)) if concepts else set()
    return sum(1 for token in title_tokens if token in wanted) / len(title_tokens)


@lru_cache(maxsize=16384)
def question_words(text: str) -> frozenset[str]:
    return frozenset(normalised_query(text).split()) & QUESTION_WORDS


def score(*, role: Role, kind_of_query: QueryType, by_place: float, bm25: float, best_bm25: float,
          exact: bool, focus: float, same_question: bool) -> float:
    """The final score of one candidate (see the weights above)."""
    value = ROLE_WEIGHTS[kind_of_query].get(role, 0.5) * by_place ** COVERAGE_POWER
    value *= 1 + BM25_SHARE * (bm25 / best_bm25 if best_bm25 > 0 else 0)
    value *= 1 + TITLE_FOCUS_SHARE * focus
    value *= QUESTION_WORD_BONUS if same_question else 1.0
    return value * (EXACT_TITLE_BONUS if exact else 1.0)


# --- a card named in the query -------------------------------------------------------------------------------

# Players ask in card vocabulary (« Hidden Blade je peux la jouer quand ? »). A card whose whole English or French
# name is in the query is the card asked about: it leads the other cards for a few words (« saute nuages carte »),
# and stays beside the answer for a question. Another card that only shares a word of that name (« Doran's Blade »)
# is not what was asked: it drops. The pages whose title holds a keyword of the named card (its « Mots-clés » line:
# « Comment cacher une carte qui a Caché ? ») explain its rules: they rise. Measured with bench/relevance.py on the
# tuning half of tests/search/questions-cards.yaml.
NAMED_CARD_BONUS = {QueryType.QUESTION: 1.0, QueryType.DEFINITION: 1.6, QueryType.WORDS: 1.6}
OTHER_CARD_FACTOR = 0.3
CARD_KEYWORD_BONUS = 1.25
# The card's search document lists its keywords in its body after this phrase (cards/search_documents.py).
KEYWORDS_MARK = " ".join(tokens("Mots-clés"))


def name_words(text: str) -> tuple[str, ...]:
    """The words of a name as compared with a query: normalised, whole (not stemmed, stop words kept, so « contrer
    un sort » does not name « Contre-sort »), single letters left out (« B.F. Sword »)."""
    return tuple(word for word in words(text) if len(word) > 1)


def query_sequence(query: str, corrections: dict[str, str]) -> list[str]:
    """The query's words in order (``name_words``), each typo replaced by its correction (« hiden » → hidden)."""
    return list(name_words(" ".join(corrections.get(word, word) for word in words(query))))


def card_names(title: str) -> list[tuple[str, ...]]:
    """The names a card's result title holds: « Gustwalker (Saute-nuages) » → its English and French names."""
    english, _, french = title.partition(" (")
    return [name_words(name) for name in (english, french.removesuffix(")")) if name_words(name)]


def names_in(name: tuple[str, ...], query_tokens: list[str]) -> bool:
    size = len(name)
    return any(tuple(query_tokens[i:i + size]) == name for i in range(len(query_tokens) - size + 1))


def card_keywords(index_body: str) -> frozenset[str]:
    """The tokens of the keywords a card's document lists (« … mot cle cach action »)."""
    _, found, after = f" {index_body} ".partition(f" {KEYWORDS_MARK} ")
    return frozenset(after.split()) if found else frozenset()


def favour_named_cards(hits: list, indexed: dict[int, tuple[str, str]], query_tokens: list[str],
                       kind_of_query: QueryType) -> None:
    """Re-weigh ``hits`` (scored, not yet sorted) when the query names a card (see the weights above).

    ``indexed`` maps a hit's pk to its analysed title and body; ``query_tokens`` are the query's words in order
    (``query_sequence``)."""
    named = [hit for hit in hits
             if hit.role == Role.CARD and any(names_in(name, query_tokens) for name in card_names(hit.title))]
    if not named:
        return
    keywords = frozenset().union(*(card_keywords(indexed.get(hit.pk, ("", ""))[1]) for hit in named))
    named_ids = {id(hit) for hit in named}
    for hit in hits:
        if id(hit) in named_ids:
            hit.score *= NAMED_CARD_BONUS[kind_of_query]
        elif hit.role == Role.CARD:
            hit.score *= OTHER_CARD_FACTOR
        elif keywords and keywords & set(indexed.get(hit.pk, ("", ""))[0].split()):
            hit.score *= CARD_KEYWORD_BONUS


# --- the sentence that answers -----------------------------------------------------------------------------

# A sentence ends at . ! ? or … before a capital, a digit or an opening sign, except after « R. » (a rule
# number follows) and the abbreviations « p. », « ex. », « cf. ».
SENTENCE_RE = re.compile(r"(?<=[.!?…])(?<!\bR\.)(?<!\bp\.)(?<!\bex\.)(?<!\bcf\.)\s+(?=[«A-ZÀ-ÖØ-Þ0-9(])")


def sentences(text: str) -> list[str]:
    return [part.strip() for part in SENTENCE_RE.split(text or "") if part.strip()]


# A short answer may open on its verdict alone (« 4. », « Oui. », « Non, … »): that lead and the sentence after it
# are the answer, said first by whoever wrote it.
# Numbers written out (« huit points »); « un, une » are left out: they are mostly articles.
NUMBER_WORDS = ("zéro|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|"
                "trente|quarante|cinquante|soixante|cent")
LEAD_RE = re.compile(rf"^(?:\d+|{NUMBER_WORDS}|oui|non|jamais|toujours|aucune?|rien)[.!]$", re.I)
NUMBER_QUESTION_RE = re.compile(r"\b(?:combien|nombre|how many)\b")
RULE_REF_RE = re.compile(r"\(R\.[^)]*\)|\bR\.\s*\d[\d.a-z–-]*")
DIGIT_RE = re.compile(rf"\d|\b(?:{NUMBER_WORDS})\b", re.I)


def answer_sentences(text: str) -> list[str]:
    """The sentences of a short answer, line by line (a table's cells stay apart, never one flattened line), with
    a lone lead (« 4. ») joined to the sentence it opens."""
    found: list[str] = []
    for line in (text or "").splitlines():
        parts = sentences(line)
        merged: list[str] = []
        for part in parts:
            if merged and LEAD_RE.match(merged[-1]):
                merged[-1] = f"{merged[-1]} {part}"
            else:
                merged.append(part)
        found.extend(merged)
    return found


def answer_sentence(text: str, query: str, concepts: list[Concept], weights: list[float], limit: int = 260) -> str:
    """The sentence of a short answer that answers the query, or "" when none does (then no answer box).

    A sentence that only announces a list or a table (ending with « : ») does not answer; for a « combien »
    question, neither does one without a number outside rule references. Among the others, the answer's opening
    verdict (« 4. Chaque joueur pioche 4 cartes… ») wins; else the sentence covering most of the query (the
    earliest on a tie), else the first one.
    """
    wants_number = bool(NUMBER_QUESTION_RE.search(normalised_query(query)))
    best, best_value, first = "", 0.0, ""
    for position, sentence in enumerate(answer_sentences(text)[:40]):
        if sentence.rstrip().endswith(":"):
            continue
        if wants_number and not DIGIT_RE.search(RULE_REF_RE.sub("", sentence)):
            continue
        first = first or sentence
        if position == 0 and LEAD_RE.match(sentence.split(" ", 1)[0]):
            best = sentence
            break
        analysed = f" {' '.join(tokens(sentence))} "
        value = sum(w for c, w in zip(concepts, weights, strict=True) if c.found_in(analysed))
        value -= position * 1e-3
        if value > best_value:
            best, best_value = sentence, value
    # No sentence repeats the query's words (« tank » → « Il prend les dégâts en premier. »): the question itself
    # holds them, and the first sentence of its short answer answers it.
    best = best or first
    if len(best) > limit:
        cut = best.rfind(" ", 0, limit)
        best = best[: cut if cut > 0 else limit] + " …"
    return best


def best_sentence(text: str, concepts: list[Concept], weights: list[float], limit: int = 260) -> str:
    """The sentence of ``text`` that covers most of the query (the earliest on a tie), at most ``limit`` chars."""
    best, best_value = "", -1.0
    for position, sentence in enumerate(sentences(text)[:40]):
        analysed = f" {' '.join(tokens(sentence))} "
        value = sum(w for c, w in zip(concepts, weights, strict=True) if c.found_in(analysed))
        value -= position * 1e-3  # earlier wins a tie: the short answer comes first
        if value > best_value:
            best, best_value = sentence, value
    if len(best) > limit:
        cut = best.rfind(" ", 0, limit)
        best = best[: cut if cut > 0 else limit] + " …"
    return best
