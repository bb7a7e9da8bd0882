"""Search benchmark: the shipped content plus 10,000 generated FAQ entries, then 200 queries (one word or a
whole player question): median and 95th percentile, beside a bare SELECT of one row by primary key.

Run from the repository root: `.venv/bin/python bench/search.py` (throwaway SQLite database), or
`scripts/with-postgres.sh .venv/bin/python bench/search.py` for PostgreSQL.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from _search_db import search_setup

DB = search_setup("search")

from django.db import connection  # noqa: E402

from glossary.rendering import render_markdown  # noqa: E402
from rules.loader import Loader  # noqa: E402
from rules.models import Category, FAQEntry  # noqa: E402
from search import query, registry, relevance  # noqa: E402
from search import text as search_text  # noqa: E402
from search.models import SearchDocument  # noqa: E402
from search.text import index_text  # noqa: E402

ENTRIES = 10_000
QUERIES = 200


def shipped_texts() -> list[list[str]]:
    """The words of each shipped text, repeats included."""
    texts = [[word for word in text.split() if word.isalpha()]
             for text in SearchDocument.objects.values_list("text", flat=True)]
    return [words for words in texts if len(words) >= 20]


def sentence(rng: random.Random, topic: list[str], corpus: list[str], n: int) -> str:
    """Words drawn mostly from one shipped text (its topic), some from all of them: generated entries keep the
    word frequencies of real ones, and like real ones each is about something (a word that appears once in a
    text tends to come back in it), so a common word is not in every generated entry."""
    return " ".join(rng.choice(topic if rng.random() < 0.7 else corpus) for _ in range(n)).capitalize() + "."


def build() -> tuple[float, float]:
    started = time.perf_counter()
    Loader().load_all()
    load_seconds = time.perf_counter() - started
    rng = random.Random(7)
    texts = shipped_texts()
    corpus = [word for words in texts for word in words]
    category = Category.objects.create(slug="banc-d-essai", name="Banc d'essai")
    entries = []
    for i in range(ENTRIES):
        topic = rng.choice(texts)
        short = sentence(rng, topic, corpus, 25)
        explanation = "\n\n".join(sentence(rng, topic, corpus, 45) for _ in range(3))
        entries.append(FAQEntry(
            slug=f"question-generee-{i}", category=category, question=sentence(rng, topic, corpus, 9)[:-1] + " ?",
            short_answer=short, short_answer_html=render_markdown(short),
            explanation=explanation, explanation_html=render_markdown(explanation),
        ))
    started = time.perf_counter()
    FAQEntry.objects.bulk_create(entries, batch_size=1000)
    documents = [registry.documents_of(entry)[0] for entry in FAQEntry.objects.filter(category=category)]
    query.index_documents(documents)
    return load_seconds, time.perf_counter() - started


def queries(rng: random.Random) -> list[str]:
    questions = [item["q"] for item in relevance.load_questions()]
    single = list(SearchDocument.objects.filter(kind="term").values_list("title", flat=True))
    single += ["dependance", "bouclier", "remplacemnt", "boucl", "showdown", "zzzz introuvable"]
    # Card names as players type them: English and official French names, whole or with a letter missing.
    cards = list(SearchDocument.objects.filter(kind="card").values_list("title", flat=True))
    names = [name for title in rng.sample(cards, min(40, len(cards))) for name in title.rstrip(")").split(" (")]
    single += names + [name[:-2] + name[-1] for name in names[:10] if len(name) > 5]
    mixed = [rng.choice(single) for _ in range(QUERIES // 2)] + [rng.choice(questions) for _ in range(QUERIES // 2)]
    rng.shuffle(mixed)
    return mixed


def timed(function, runs, cpu: list[float] | None = None) -> list[float]:
    """Wall-clock milliseconds of each run, sorted; ``cpu`` receives this process's CPU milliseconds of each."""
    timings = []
    for argument in runs:
        t0, c0 = time.perf_counter(), time.process_time()
        function(argument)
        timings.append((time.perf_counter() - t0) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - c0) * 1000)
    return sorted(timings)


def p95(timings: list[float]) -> float:
    return timings[int(len(timings) * 0.95) - 1]


def stem_memo() -> str:
    """What the stemmer's memo (search.text.stem, an lru_cache) saves: every shipped text analysed for the index
    without it, then with it (empty, then filled)."""
    texts = list(SearchDocument.objects.exclude(key__startswith="banc-").values_list("text", flat=True))

    def analyse() -> float:
        start = time.perf_counter()
        for text in texts:
            index_text(text)
        return (time.perf_counter() - start) * 1000

    memo = search_text.stem
    search_text.stem = memo.__wrapped__
    query.word_token.cache_clear()
    try:
        bare = analyse()
    finally:
        search_text.stem = memo
    memo.cache_clear()
    query.word_token.cache_clear()
    cold, warm = analyse(), analyse()
    return (f"{len(texts)} textes livrés analysés : {bare:.0f} ms sans le mémo du radical, {cold:.0f} ms avec "
            f"(vide au départ), {warm:.0f} ms une seconde fois")


def main() -> None:
    load_seconds, index_seconds = build()
    rng = random.Random(11)
    runs = queries(rng)
    query.run(runs[0])  # warm the stemmer and the connection
    cpu: list[float] = []
    timings = timed(query.run, runs, cpu)
    ids = list(SearchDocument.objects.values_list("pk", flat=True))
    bare = timed(lambda pk: SearchDocument.objects.filter(pk=pk).values_list("pk", "title").first(),
                 [rng.choice(ids) for _ in range(QUERIES)])
    median, base = statistics.median(timings), statistics.median(bare)
    print(f"base de données          : {connection.vendor}")
    # Two cores shared by several sessions: the load says how far the figures below are from a quiet machine's.
    print(f"charge de la machine     : {os.getloadavg()[0]:.1f} (moyenne sur une minute, {os.cpu_count()} cœurs)")
    print(f"contenu livré chargé     : {load_seconds:.1f} s")
    print(f"entrées générées         : {ENTRIES} (indexées en {index_seconds:.1f} s), "
          f"{SearchDocument.objects.count()} documents en tout, dont "
          f"{SearchDocument.objects.filter(kind='card').count()} cartes")
    print(f"requêtes mesurées        : {len(timings)} (moitié un mot ou un nom de carte, moitié une question "
          "entière, questions en vocabulaire de cartes comprises)")
    print(f"médiane                  : {median:.2f} ms (×{median / base:.0f} un SELECT par clé : "
          f"{base:.2f} ms) — objectif < 30 ms")
    print(f"95e centile              : {p95(timings):.2f} ms (×{p95(timings) / p95(bare):.0f} ; SELECT par clé : "
          f"{p95(bare):.2f} ms) — objectif < 100 ms")
    print(f"maximum                  : {timings[-1]:.2f} ms")
    # A loaded machine stretches the wall clock, much less the CPU time a search itself takes. On SQLite the
    # database runs inside this process, so this is the whole search; on PostgreSQL only its Python side.
    print(f"médiane en temps CPU     : {statistics.median(cpu):.2f} ms "
          f"({'recherche entière' if connection.vendor == 'sqlite' else 'côté Python seulement'})")
    sample = query.run("Qui choisit l'ordre quand deux remplacements s'appliquent ?")
    print(f"exemple : « Qui choisit l'ordre quand deux remplacements s'appliquent ? » → "
          f"{len(sample.hits)}{'+' if sample.more else ''} résultats, premier : {sample.hits[0].title!r}")
    print(f"mémo du radical          : {stem_memo()}")
    if DB:
        DB.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
