"""The search tables: one row per searchable text of the site, and the vocabulary used to correct typos.

Display text and index text are stored apart: ``title`` and ``text`` are what a player reads in a result,
``index_*`` hold the analysed tokens (see ``search.text``) that the database's full-text engine matches.
SQLite keeps those tokens in the FTS5 table ``search_fts`` (rowid = document id), PostgreSQL in the table
``search_vectors`` (id = document id, a weighted tsvector and its GIN index); ``search.backends`` keeps either
in step, and neither is a model (each exists on its own database only, made by the migrations).
"""

from django.db import models


class SearchDocument(models.Model):
    """One searchable text of the site (FAQ entry, guide section, card, glossary term, worked example)."""

    kind = models.CharField(max_length=20)
    key = models.CharField(max_length=200)
    title = models.CharField(max_length=250)
    url = models.CharField(max_length=300)
    text = models.TextField(blank=True)
    answer_html = models.TextField(blank=True, help_text="Réponse courte affichée en tête des résultats.")
    index_title = models.TextField(blank=True)
    index_answer = models.TextField(blank=True)  # the short answer's tokens, for ranking (not in the full-text index)
    index_keywords = models.TextField(blank=True)
    index_body = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="unique_search_document")]
        verbose_name = "document de recherche"
        verbose_name_plural = "documents de recherche"

    def __str__(self) -> str:
        return f"{self.kind}: {self.title}"


class SearchWord(models.Model):
    """A word of the indexed texts (normalised) and its index token: the vocabulary for « Vouliez-vous dire ».

    Words are added as documents are indexed; ``manage.py rebuild_search_index`` drops the ones no text uses.
    """

    word = models.CharField(max_length=100, unique=True)
    stem = models.CharField(max_length=100, db_index=True)
    # Seen only in English names (« Showdown », « Costs »): a French word typed with a typo is never
    # corrected toward it (« cest » must not become « cost »).
    english = models.BooleanField(default=False)

    class Meta:
        verbose_name = "mot du vocabulaire"
        verbose_name_plural = "vocabulaire de la recherche"

    def __str__(self) -> str:
        return self.word


class SearchToken(models.Model):
    """How many documents hold an index token: the rarity of a query's concepts, read in one indexed query.

    Kept in step by ``search.query`` as documents are indexed, replaced and removed (counting a token in every
    search cost a pass over the documents). The empty token is held by every document: its row is their number.
    """

    token = models.CharField(max_length=100, unique=True, blank=True)
    documents = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "fréquence d'un mot indexé"
        verbose_name_plural = "fréquences des mots indexés"

    def __str__(self) -> str:
        return f"{self.token or '(tous les documents)'}: {self.documents}"
