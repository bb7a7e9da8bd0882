"""The database's own full-text engine: SQLite FTS5 on the embedded default, PostgreSQL full-text search.

Both receive the same already-analysed tokens (``search.text``) and the same query plan (``Plan``): a list of
token phrases, any of which may match (a long question still finds its answer), the last one optionally a
prefix (search as you type), and the same phrases grouped by concept of the query. Titles weigh more than
keywords, keywords more than body text. The database finds and orders the candidates, those that hold every
concept first when there are enough of them (``Backend.match``); ``search.ranking`` then ranks them by what
answers the query.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import connection
from django.db.models.functions import Length
from rapidfuzz.distance import Levenshtein

from .models import SearchWord

FTS_TABLE = "search_fts"
VECTOR_TABLE = "search_vectors"
# The vector of a document on PostgreSQL, from its analysed text: title A, keywords B, body C.
VECTOR_SQL = ("setweight(to_tsvector('simple'::regconfig, index_title), 'A') "
              "|| setweight(to_tsvector('simple'::regconfig, index_keywords), 'B') "
              "|| setweight(to_tsvector('simple'::regconfig, index_body), 'C')")
# Relative weight of a match in the title (a FAQ question), the keywords (other forms, English names) and the
# body. bm25() takes them as column weights; PostgreSQL as the A, B, C weights of the vector.
BM25_WEIGHTS = (10.0, 4.0, 1.0)
PG_WEIGHTS = [0.05, 0.2, 0.5, 1.0]  # D, C, B, A
# A correction toward a word seen only in English names needs a typed word at least this long: « cest » (c'est)
# is no typo of « cost », while « acelerate » is one of « accelerate ».
ENGLISH_CORRECTION_MIN_LENGTH = 6
# A question shares its common words with most of the site: at 10,000 extra entries one matched a median of
# 3,600 documents, and scoring every one of them (ts_rank, bm25) was half the time of a search. So the database
# first scores only the documents that hold every concept of the query, then those that miss one, then two
# (``tiers``), with the same score as for the whole query: the first tier that holds enough documents for the
# ranking (``enough``) is scored, and the list is topped up, unranked, with the other documents that hold any
# word. Measured with bench/search.py on PostgreSQL (median): all concepts only, 28-35 ms; down to one missing,
# 24-26 ms; down to two missing, 23 ms. A tier whose query needs more than MAX_TIER_CLAUSES alternatives (two
# missing of ten concepts) is skipped.
TIER_LEVELS = 3
MAX_TIER_CLAUSES = 36


@dataclass
class Plan:
    """What to look for: phrases of index tokens, any of which may match."""

    phrases: list[tuple[str, ...]] = field(default_factory=list)
    prefixes: list[str] = field(default_factory=list)
    # The concepts of the query, each the phrases and prefixes that stand for it (see ``tiers``).
    groups: list[Plan] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.phrases or self.prefixes)


def chunks(items: Sequence, size: int = 500) -> Iterable[Sequence]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def max_distance(word: str) -> int:
    """Edits forgiven in a word of this length: none under 4 letters, one up to 6, two beyond."""
    return 0 if len(word) < 4 else 1 if len(word) <= 6 else 2


def tiers(plan: Plan) -> list[list[tuple[Plan, ...]]]:
    """The documents to rank first, strongest first: each tier is the alternatives (combinations of concepts
    a document must all hold) of « at least m concepts of the query », m from all of them down by TIER_LEVELS
    (never below two)."""
    count = len(plan.groups)
    return [list(itertools.combinations(plan.groups, held)) for held in range(count, max(count - TIER_LEVELS, 1), -1)
            if math.comb(count, held) <= MAX_TIER_CLAUSES]


class Backend:
    vendor = ""
    AND = ""
    OR = ""
    # The full-text index table and its column that holds the SearchDocument id.
    table = ""
    key = ""

    def refresh(self, ids: Sequence[int]) -> None:
        """Bring the full-text index in step with the rows ``ids`` of SearchDocument."""

    def forget(self, ids: Sequence[int]) -> None:
        """Drop rows ``ids`` from the full-text index (before the documents themselves are deleted)."""

    def clear(self) -> None:
        """Empty the full-text index (before the whole site is indexed again)."""
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {self.table}")

    def drop_orphans(self) -> None:
        """Drop the full-text rows whose document is gone. Deleting documents through the ORM forgets their rows;
        emptying the tables without it (``flush``, which a TransactionTestCase runs after each test, or a restored
        database) does not, and the next documents may reuse those ids."""
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {self.table} WHERE {self.key} NOT IN (SELECT id FROM search_searchdocument)")

    @staticmethod
    def expression(plan: Plan) -> str:
        raise NotImplementedError

    def ranked(self, expression: str, limit: int, scored: str = "") -> list[tuple[int, float]]:
        """The ``limit`` best documents matching ``expression``, with their score for ``scored`` (by default
        ``expression`` itself), best first."""
        raise NotImplementedError

    def unranked(self, expression: str, exclude: list[int], limit: int) -> list[int]:
        """Up to ``limit`` documents matching ``expression`` that are not in ``exclude``, unscored."""
        raise NotImplementedError

    def tier_expression(self, tier: list[tuple[Plan, ...]]) -> str:
        return f" {self.OR} ".join(
            "(" + f" {self.AND} ".join(f"({self.expression(group)})" for group in combination) + ")"
            for combination in tier
        )

    def match(self, plan: Plan, limit: int, enough: int = 0) -> list[tuple[int, float]]:
        """Up to ``limit`` documents holding any word of ``plan``: best first among the first tier (``tiers``)
        that holds at least ``enough`` of them, then the others (score 0); ``enough`` 0 ranks them all."""
        whole = self.expression(plan)
        if enough and len(plan.groups) > 1:
            for tier in tiers(plan):
                rows = self.ranked(self.tier_expression(tier), limit, scored=whole)
                if len(rows) >= enough:
                    if len(rows) < limit:
                        rows += [(pk, 0.0) for pk in self.unranked(whole, [pk for pk, _ in rows], limit - len(rows))]
                    return rows
        return self.ranked(whole, limit)

    def candidates(self, word: str) -> list[tuple[str, str, bool]]:
        """Vocabulary words (word, token, english) that may be what a player meant by ``word``."""
        distance = max_distance(word)
        return list(
            SearchWord.objects.annotate(size=Length("word"))
            .filter(size__gte=len(word) - distance, size__lte=len(word) + distance)
            .values_list("word", "stem", "english")
        )

    def correct(self, word: str) -> tuple[str, str] | None:
        """The closest vocabulary word to ``word`` (and its token), within ``max_distance`` edits; a short word
        is never turned into an English one."""
        limit = max_distance(word)
        if not limit:
            return None
        best = None
        for candidate, token, english in self.candidates(word):
            if english and len(word) < ENGLISH_CORRECTION_MIN_LENGTH:
                continue
            distance = Levenshtein.distance(word, candidate, score_cutoff=limit)
            if distance <= limit:
                rank = (distance, abs(len(candidate) - len(word)), candidate)
                if best is None or rank < best[0]:
                    best = (rank, candidate, token)
        return (best[1], best[2]) if best else None


class SqliteBackend(Backend):
    """FTS5 table ``search_fts`` (title, keywords, body) whose rowid is the document id; ranked by bm25()."""

    vendor = "sqlite"
    table = FTS_TABLE
    key = "rowid"
    AND = "AND"
    OR = "OR"

    def refresh(self, ids):
        with connection.cursor() as cursor:
            for part in chunks(list(ids)):
                marks = ",".join(["%s"] * len(part))
                cursor.execute(f"DELETE FROM {FTS_TABLE} WHERE rowid IN ({marks})", part)
                cursor.execute(
                    f"INSERT INTO {FTS_TABLE}(rowid, title, keywords, body) "
                    f"SELECT id, index_title, index_keywords, index_body FROM search_searchdocument "
                    f"WHERE id IN ({marks})",
                    part,
                )

    def forget(self, ids):
        with connection.cursor() as cursor:
            for part in chunks(list(ids)):
                cursor.execute(f"DELETE FROM {FTS_TABLE} WHERE rowid IN ({','.join(['%s'] * len(part))})", part)

    @staticmethod
    def expression(plan: Plan) -> str:
        # Tokens are runs of letters and digits (search.text.WORD_RE), so quoting them is enough to keep every
        # FTS5 operator (NEAR, AND, *, :, -, parentheses) out of the query.
        parts = ['"' + " ".join(phrase) + '"' for phrase in plan.phrases]
        parts += [f'"{prefix}"*' for prefix in plan.prefixes]
        return " OR ".join(parts)

    def ranked(self, expression, limit, scored=""):
        # bm25() scores the phrases of the MATCH expression itself: a tier holds the same phrases as the whole
        # query, so ``scored`` is not needed here.
        weights = ", ".join(str(weight) for weight in BM25_WEIGHTS)
        sql = (
            f"SELECT rowid, -bm25({FTS_TABLE}, {weights}) AS score FROM {FTS_TABLE} "
            f"WHERE {FTS_TABLE} MATCH %s ORDER BY score DESC, rowid LIMIT %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [expression, limit])
            return [(row[0], row[1]) for row in cursor.fetchall()]

    def unranked(self, expression, exclude, limit):
        marks = ",".join(["%s"] * len(exclude)) or "NULL"
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s AND rowid NOT IN ({marks}) "
                           "ORDER BY rowid LIMIT %s", [expression, *exclude, limit])
            return [row[0] for row in cursor.fetchall()]


class PostgresBackend(Backend):
    """A weighted tsvector per document in the narrow table ``search_vectors`` (GIN index), ranked by ts_rank;
    pg_trgm similarity corrects typos.

    The vectors live apart from the documents: a query that matches most documents reads every vector, and
    inside ``search_searchdocument`` (a generated column until migration 0004) each one sat among the display
    and index texts, so a search read those too: 19 MB instead of 8 at 10,000 extra entries, and the same
    ranking query took 2.7 times as long.
    """

    vendor = "postgresql"
    table = VECTOR_TABLE
    key = "id"
    AND = "&"
    OR = "|"

    def refresh(self, ids):
        with connection.cursor() as cursor:
            for part in chunks(list(ids)):
                cursor.execute(
                    f"INSERT INTO {VECTOR_TABLE} (id, vector) SELECT id, {VECTOR_SQL} FROM search_searchdocument "
                    "WHERE id = ANY(%s) ON CONFLICT (id) DO UPDATE SET vector = excluded.vector",
                    [list(part)],
                )

    def forget(self, ids):
        with connection.cursor() as cursor:
            for part in chunks(list(ids)):
                cursor.execute(f"DELETE FROM {VECTOR_TABLE} WHERE id = ANY(%s)", [list(part)])

    @staticmethod
    def expression(plan: Plan) -> str:
        # Tokens are runs of letters and digits: quoted, they cannot break out of the tsquery syntax.
        parts = ["(" + " <-> ".join(f"'{token}'" for token in phrase) + ")" for phrase in plan.phrases]
        parts += [f"'{prefix}':*" for prefix in plan.prefixes]
        return " | ".join(parts)

    def ranked(self, expression, limit, scored=""):
        sql = (
            f"SELECT id, ts_rank(%s::real[], vector, to_tsquery('simple', %s), 1) AS score FROM {VECTOR_TABLE} "
            "WHERE vector @@ to_tsquery('simple', %s) ORDER BY score DESC, id LIMIT %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [PG_WEIGHTS, scored or expression, expression, limit])
            return [(row[0], row[1]) for row in cursor.fetchall()]

    def unranked(self, expression, exclude, limit):
        # In the table's order, not the ids': sorting would read every matching row, which is the cost avoided.
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id FROM {VECTOR_TABLE} WHERE vector @@ to_tsquery('simple', %s) "
                           "AND NOT id = ANY(%s) LIMIT %s", [expression, exclude, limit])
            return [row[0] for row in cursor.fetchall()]

    def candidates(self, word):
        # Trigram similarity (pg_trgm, GIN index) picks the likely words; edit distance then confirms them.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT word, stem, english FROM search_searchword WHERE word %% unaccent(%s) "
                "ORDER BY similarity(word, unaccent(%s)) DESC, word LIMIT 20",
                [word, word],
            )
            return cursor.fetchall()


def current() -> Backend:
    return PostgresBackend() if connection.vendor == "postgresql" else SqliteBackend()
