"""Search benchmark: 10,000 generated FAQ entries, then the median and 95th percentile query time.

Run from the repository root: `.venv/bin/python bench/search.py`. Uses a throwaway SQLite database.
"""

from __future__ import annotations

import random
import statistics
import time

from _django import setup

DB = setup("search")

from rules.signals import faq_document  # noqa: E402

from glossary.rendering import render_markdown  # noqa: E402
from rules import search  # noqa: E402
from rules.models import Category, FAQEntry, SearchDocument  # noqa: E402

ENTRIES = 10_000
WORDS = ("couche dépendance horodatage puissance bouclier unité puissante doubler échanger remplacement "
         "mort soigner épuiser rappeler niveau XP légion chasse gank protection création équipement "
         "champ bataille base défausse chaîne attente compétence passive déclenchée activée contrôleur "
         "copie caractéristiques effet sort buff tour combat défenseur minimum maximum valeur").split()
QUERIES = ["dependance", "COUCHE", "bouclier défense", "puissante", "doubler négatif", "horodatage",
           "remplacement mort", "niveau xp", "échanger", "zzzz introuvable", "chaine attente", "copie"]


def sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def build() -> float:
    rng = random.Random(7)
    category = Category.objects.create(slug="bench", name="Banc d'essai")
    started = time.perf_counter()
    entries = []
    for i in range(ENTRIES):
        short = sentence(rng, 20)
        explanation = "\n\n".join(sentence(rng, 40) for _ in range(3))
        entries.append(FAQEntry(
            slug=f"question-{i}", category=category, question=sentence(rng, 8)[:-1] + " ?",
            short_answer=short, short_answer_html=render_markdown(short),
            explanation=explanation, explanation_html=render_markdown(explanation),
        ))
    FAQEntry.objects.bulk_create(entries, batch_size=1000)
    docs = []
    for entry in FAQEntry.objects.all():
        kind, key, title, url, text = faq_document(entry)
        docs.append(SearchDocument(kind=kind, key=key, title=title, url=url, text=text,
                                   norm_title=search.normalise(title), norm_text=search.normalise(text)))
    SearchDocument.objects.bulk_create(docs, batch_size=1000)
    return time.perf_counter() - started


def main() -> None:
    build_seconds = build()
    started = time.perf_counter()
    search.get_index()
    index_seconds = time.perf_counter() - started
    timings = []
    for _ in range(20):
        for query in QUERIES:
            t0 = time.perf_counter()
            hits = search.search(query)
            timings.append((time.perf_counter() - t0) * 1000)
    timings.sort()
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"entrées générées         : {ENTRIES} ({build_seconds:.1f} s pour les créer)")
    print(f"construction de l'index : {index_seconds * 1000:.0f} ms (une fois, puis à chaque modification)")
    print(f"requêtes mesurées        : {len(timings)} ({len(QUERIES)} requêtes × 20)")
    print(f"médiane                  : {statistics.median(timings):.2f} ms")
    print(f"95e centile              : {p95:.2f} ms")
    print(f"maximum                  : {timings[-1]:.2f} ms")
    print(f"exemple : « dependance » → {len(search.search('dependance'))} résultats (limite 20), "
          f"premier : {hits and search.search('dependance')[0].title!r}")
    DB.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
