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


def line(label: str, report) -> str:
    shown, right = report.boxes
    return (f"{label:<38} {len(report.outcomes):>4}   {report.share(1):>5.0%}   {report.share(3):>5.0%}   "
            f"{report.share(10):>5.0%}   {shown:>3} ({right} justes)")


def main() -> None:
    Loader().load_all()
    questions = relevance.load_questions()
    missing = relevance.unknown_targets(questions)
    report = relevance.evaluate(questions)
    print(f"base de données : {connection.vendor} ; questions : {len(report.outcomes)}")
    print("objectif sur la moitié mise de côté : rang 1 ≥ 70 %, top 3 ≥ 90 %")
    print(f"{'':<38} {'qs':>4}   {'rang 1':>6}  {'top 3':>6}  {'top 10':>6}  réponse d'abord")
    for half in ("tuning", "held-out"):
        part = report.only(half=half)
        print(line(f"moitié {'de réglage' if half == 'tuning' else 'mise de côté'}", part))
        for chapter in part.chapters:
            print(line(f"  {chapter}", part.only(chapter=chapter)))
    print(line("toutes les questions", report))
    # The card set (tests/search/questions-cards.yaml) on its own, against the others: same goal, held-out half.
    for label, keep in (("vocabulaire des cartes", True), ("vocabulaire des règles", False)):
        for half in ("tuning", "held-out"):
            part = relevance.Report([o for o in report.only(half=half).outcomes
                                     if (o.chapter == relevance.CARD_CHAPTER) == keep])
            print(line(f"{label}, {'réglage' if half == 'tuning' else 'mise de côté'}", part))
    if missing:
        print(f"pages attendues introuvables : {', '.join(missing)}")
    verbose = "-v" in sys.argv
    for outcome in report.outcomes if verbose else report.misses:
        print(f"  [{outcome.half}] rang {outcome.rank or '—'} « {outcome.query} » attendu {outcome.expected[0]}"
              + (f" ; trouvé {', '.join(outcome.found[:3])}" if outcome.rank != 1 else ""))
    if DB:
        DB.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
