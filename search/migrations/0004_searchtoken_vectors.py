"""Search statistics, stored answer tokens and narrow vectors: what a search computed or read again each time.

- SearchToken: how many documents hold each index token (the rarity of a query's concepts), counted once at
  indexing instead of in every search; filled here from the documents already indexed.
- SearchDocument.index_answer: the analysed short answer, which ranking reads for every candidate (it was
  analysed again in each search).
- PostgreSQL: the weighted tsvectors move from a generated column of ``search_searchdocument`` to the narrow
  table ``search_vectors`` (id = document id) with its own GIN index, so a query that matches most documents
  reads their vectors and nothing else. ``search.backends.PostgresBackend`` keeps it in step, as the SQLite
  backend keeps ``search_fts``.
"""

import html
import re
from collections import Counter

from django.db import migrations, models

# The same vector as migration 0002's generated column (and search.backends.VECTOR_SQL, which may change later).
VECTOR = ("setweight(to_tsvector('simple'::regconfig, index_title), 'A') "
          "|| setweight(to_tsvector('simple'::regconfig, index_keywords), 'B') "
          "|| setweight(to_tsvector('simple'::regconfig, index_body), 'C')")
POSTGRES_FORWARD = [
    "CREATE TABLE search_vectors (id bigint PRIMARY KEY, vector tsvector NOT NULL)",
    f"INSERT INTO search_vectors (id, vector) SELECT id, {VECTOR} FROM search_searchdocument",
    "CREATE INDEX search_vectors_vector ON search_vectors USING gin (vector)",
    "DROP INDEX IF EXISTS search_document_vector",
    "ALTER TABLE search_searchdocument DROP COLUMN IF EXISTS search_vector",
]
POSTGRES_BACKWARD = [
    f"ALTER TABLE search_searchdocument ADD COLUMN search_vector tsvector GENERATED ALWAYS AS ({VECTOR}) STORED",
    "CREATE INDEX search_document_vector ON search_searchdocument USING gin (search_vector)",
    "DROP TABLE IF EXISTS search_vectors",
]


def run_on_postgres(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for statement in statements:
                schema_editor.execute(statement)
    return run


def analyse_answers(apps, schema_editor):
    """The short answers of the documents indexed so far, analysed as search.engine.answer_tokens does."""
    from search.text import index_text

    Document = apps.get_model("search", "SearchDocument")
    for doc in Document.objects.exclude(answer_html="").only("answer_html"):
        doc.index_answer = index_text(html.unescape(re.sub(r"<[^>]*>", " ", doc.answer_html)))
        doc.save(update_fields=["index_answer"])


def count_existing(apps, schema_editor):
    """Count the tokens of the documents indexed so far (search.engine.held_tokens: the empty token counts
    every document)."""
    Document = apps.get_model("search", "SearchDocument")
    Token = apps.get_model("search", "SearchToken")
    counts: Counter[str] = Counter()
    for title, keywords, body in Document.objects.values_list("index_title", "index_keywords", "index_body"):
        counts.update({"", *title.split(), *keywords.split(), *body.split()})
    Token.objects.bulk_create([Token(token=token, documents=n) for token, n in counts.items() if len(token) <= 100],
                              batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("search", "0003_searchword_english"),
    ]

    operations = [
        migrations.CreateModel(
            name="SearchToken",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("token", models.CharField(blank=True, max_length=100, unique=True)),
                ("documents", models.PositiveIntegerField(default=0)),
            ],
            options={
                "verbose_name": "fréquence d'un mot indexé",
                "verbose_name_plural": "fréquences des mots indexés",
            },
        ),
        migrations.AddField(
            model_name="searchdocument",
            name="index_answer",
            field=models.TextField(blank=True),
        ),
        migrations.RunPython(analyse_answers, migrations.RunPython.noop),
        migrations.RunPython(count_existing, migrations.RunPython.noop),
        migrations.RunPython(run_on_postgres(POSTGRES_FORWARD), run_on_postgres(POSTGRES_BACKWARD)),
    ]
