"""The search table: one row per searchable text of the site, kept in step by signals."""

from django.db import models


class SearchDocument(models.Model):
    """One searchable text of the site (FAQ entry, guide section, card, glossary term), kept in step by signals.

    ``norm_title`` and ``norm_text`` are lower-case and accent-free so that « dependance » finds « Dépendance ».
    """

    kind = models.CharField(max_length=20)
    key = models.CharField(max_length=200)
    title = models.CharField(max_length=250)
    url = models.CharField(max_length=300)
    text = models.TextField(blank=True)
    norm_title = models.CharField(max_length=250)
    norm_text = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="unique_search_document")]
        verbose_name = "document de recherche"
        verbose_name_plural = "documents de recherche"

    def __str__(self) -> str:
        return f"{self.kind}: {self.title}"
