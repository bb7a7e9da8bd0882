"""The document frequencies counted at indexing (SearchToken) agree with the full-text index itself."""

import pytest
from django.core.management import call_command
from django.db import connection

from search import query as search
from search.backends import FTS_TABLE, VECTOR_TABLE
from search.models import SearchDocument, SearchToken
from search.text import stem
from tests.glossary.factories import term
from tests.rules.factories import faq

pytestmark = pytest.mark.django_db


def index_counts(tokens) -> dict[str, int]:
    """How many documents the database's own full-text index finds for each token."""
    found = {}
    with connection.cursor() as cursor:
        for token in tokens:
            if connection.vendor == "postgresql":
                cursor.execute(f"SELECT count(*) FROM {VECTOR_TABLE} WHERE vector @@ to_tsquery('simple', %s)",
                               [f"'{token}'"])
            else:
                cursor.execute(f"SELECT count(*) FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s", [f'"{token}"'])
            found[token] = cursor.fetchone()[0]
    return found


def stored_counts() -> dict[str, int]:
    return dict(SearchToken.objects.exclude(token="").values_list("token", "documents"))


def assert_in_step():
    stored = stored_counts()
    assert stored, "nothing counted"
    assert stored == index_counts(stored)
    assert SearchToken.objects.get(token="").documents == SearchDocument.objects.count()


def test_counts_follow_saves_edits_and_deletions():
    kept = faq(question="Bouclier en défense", short_answer="Ajoute 1 en défense.")
    edited = faq(question="Question sur le horodatage", short_answer="Plus ancien d'abord.")
    gone = term("Canaliser", definition="Poser une rune de bouclier.")
    assert_in_step()
    edited.question = "Question sur le bouclier"
    edited.save()
    gone.delete()
    assert_in_step()
    assert stem("horodatage") not in stored_counts() and stem("canaliser") not in stored_counts()
    kept.delete()
    assert_in_step()


def test_bulk_indexing_and_rebuild_count_every_document_once():
    faq(question="Bouclier en défense", short_answer="Ajoute 1.")
    search.index_documents([("faq", f"lot-{n}", f"Bouclier numéro {n}", f"/faq/lot-{n}/", "Ajoute 1.")
                            for n in range(5)])
    # Indexed again under the same keys: replaced, not counted twice.
    search.index_documents([("faq", f"lot-{n}", f"Bouclier numéro {n}", f"/faq/lot-{n}/", "Retire 1.")
                            for n in range(5)])
    assert_in_step()
    call_command("rebuild_search_index", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert_in_step()
    # The rebuild indexed the registered models only: the vectors of the other documents went with them.
    assert index_counts([stem("numero")]) == {stem("numero"): 0}


def test_rarity_reads_the_counts():
    for n in range(3):
        faq(question=f"Bouclier numéro {n}", short_answer="Ajoute 1.")
    faq(question="Horodatage", short_answer="Plus ancien d'abord.")
    counts = search.frequencies([stem("bouclier"), stem("horodatage"), stem("absent")])
    assert counts == {"": 4, stem("bouclier"): 3, stem("horodatage"): 1}


def test_rows_of_documents_emptied_without_the_orm_are_dropped_after_flush_or_migrate():
    """A TransactionTestCase's flush (or a restored database) empties the documents table without the ORM: the
    full-text rows it leaves behind would answer for the next documents that reuse their ids."""
    from search.apps import drop_orphans

    faq(question="Bouclier en défense", short_answer="Ajoute 1 en défense.")
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM search_searchdocument")
    table = VECTOR_TABLE if connection.vendor == "postgresql" else FTS_TABLE
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        assert cursor.fetchone()[0] > 0
    drop_orphans(using="default")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        assert cursor.fetchone()[0] == 0
