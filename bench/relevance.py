"""Relevance benchmark: the share of player questions (tests/search/questions.yaml) answered at rank 1 and
in the top 3, on the shipped content.

Run from the repository root: `.venv/bin/python bench/relevance.py` (SQLite), or under
`scripts/with-postgres.sh .venv/bin/python bench/relevance.py` for PostgreSQL. `-v` lists every miss.
"""

from __future__ import annotations

import sys

from _search_db import search_setup

DB = search_setup("relevance")

from django.db import connection  # noqa: E402

from rules.loader import Loader  # noqa: E402
from search import relevance  # noqa: E402


def main() -> None:
    Loader().load_all()
    questions = relevance.load_questions()
    missing = relevance.unknown_targets(questions)
    report = relevance.evaluate(questions)
    print(f"base de données      : {connection.vendor}")
    print(f"questions            : {len(report.outcomes)}")
    print(f"réponse au rang 1    : {report.share(1):.0%} (objectif ≥ 70 %)")
    print(f"réponse dans le top 3: {report.share(3):.0%} (objectif ≥ 90 %, seuil des tests 85 %)")
    print(f"réponse dans le top 10: {report.share(10):.0%}")
    if missing:
        print(f"pages attendues introuvables : {', '.join(missing)}")
    verbose = "-v" in sys.argv
    for outcome in report.outcomes if verbose else report.misses:
        print(f"  rang {outcome.rank or '—'} « {outcome.query} » attendu {outcome.expected[0]}"
              + (f" ; trouvé {', '.join(outcome.found[:3])}" if outcome.rank != 1 else ""))
    if DB:
        DB.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
