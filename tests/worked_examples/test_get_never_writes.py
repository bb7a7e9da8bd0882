"""A page answering a GET never writes to the database: a result stored by an older engine is computed again in
memory for the page, and ``load_content`` is what stores the new one."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from learn import first_game
from worked_examples.models import WorkedExample

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE")


def make_stale(example: WorkedExample) -> None:
    WorkedExample.objects.filter(pk=example.pk).update(result={"version": 0})


def writes_during(client, url: str) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        status = client.get(url).status_code
    return status, [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]


def test_an_example_stored_by_an_older_engine_is_shown_without_a_write(client, site_content):
    example = WorkedExample.objects.order_by("slug").first()
    make_stale(example)
    status, writes = writes_during(client, example.get_absolute_url() + "?etape=2")
    assert status == 200 and writes == []
    example.refresh_from_db()
    assert example.result_is_stale()  # still the old one: only load_content stores results

    assert WorkedExample.refresh_stale() >= 1
    example.refresh_from_db()
    assert not example.result_is_stale()


def test_the_first_game_stored_by_an_older_engine_is_shown_without_a_write(client, site_content):
    example = first_game.example()
    make_stale(example)
    status, writes = writes_during(client, reverse("learn:first_game"))
    assert status == 200 and writes == []
