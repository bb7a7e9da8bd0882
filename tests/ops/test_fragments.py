"""Pieces rendered once per content version (core.fragments), and what else follows the content version: the
glossary and the rules index kept by each process, without a query per page."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core import content_version
from glossary.linking import get_glossary
from glossary.models import Term
from worked_examples import computing
from worked_examples import views as example_views
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR

from .factories import faq

pytestmark = pytest.mark.django_db

SCENARIOS = SCENARIOS_DIR


def example(slug: str) -> WorkedExample:
    text = (SCENARIOS / f"{slug}.yaml").read_text(encoding="utf-8")
    data = computing.parse_scenario(text)
    return WorkedExample.objects.create(slug=slug, title=data["title"], topic=data.get("topic", "couches"),
                                        scenario=text)


@pytest.fixture
def entry_with_player():
    entry = faq(question="Jusqu'à 5, puis +2 ?")
    entry.examples.add(example("faq-jusqu-a-5-et-sort"))
    return entry


def count_player_renders():
    return mock.patch.object(example_views, "render_to_string", wraps=example_views.render_to_string)


@pytest.mark.usefixtures("fragments")
def test_an_embedded_player_is_rendered_once_per_content_version(client, entry_with_player):
    url = entry_with_player.get_absolute_url()
    with count_player_renders() as render:
        first = client.get(url).content.decode()
        second = client.get(url).content.decode()
    assert render.call_count == 1
    assert first.count('<section class="player') == second.count('<section class="player') == 1
    assert first == second

    # An editor renames the example: a new content version, so the next visit renders the player again.
    shown = entry_with_player.examples.get()
    shown.title = "Un titre changé par l'éditeur"
    shown.save()
    with count_player_renders() as render:
        third = client.get(url).content.decode()
    assert render.call_count == 1
    assert "Un titre changé par l’éditeur" in third


@pytest.mark.usefixtures("fragments")
def test_a_warm_player_costs_no_query_for_its_examples(client, entry_with_player):
    url = entry_with_player.get_absolute_url()
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert not [query for query in queries if "examples_workedexample" in query["sql"]]


def test_without_the_fragment_cache_each_visit_renders_the_player(client, entry_with_player, settings):
    settings.FRAGMENT_CACHE_ENABLED = False
    with count_player_renders() as render:
        client.get(entry_with_player.get_absolute_url())
        client.get(entry_with_player.get_absolute_url())
    assert render.call_count == 2


@pytest.mark.usefixtures("fragments")
def test_the_page_and_its_player_render_when_the_caches_are_down(client, entry_with_player):
    down = ConnectionError("cache injoignable")
    with (mock.patch.object(type(caches["default"]), "get", side_effect=down),
          mock.patch.object(type(caches["default"]), "set", side_effect=down)):
        content_version._last_read = (None, 0.0)
        response = client.get(entry_with_player.get_absolute_url())
    assert response.status_code == 200
    assert response.content.decode().count('<section class="player') == 1


@pytest.mark.usefixtures("fragments")
def test_a_change_whose_version_cannot_be_recorded_is_refused(entry_with_player):
    """Kept without a new content version (Redis stopped, the cache's disk full), the change stayed invisible behind
    the stored pages, even once the store was back: the save fails instead, and the editor can try again."""
    from django.db import transaction

    from core.content_version import ContentVersionUnavailable

    with mock.patch.object(type(caches["content-version"]), "set", side_effect=ConnectionError("injoignable")):
        entry_with_player.question = "Toujours enregistrée ?"
        with pytest.raises(ContentVersionUnavailable), transaction.atomic():
            entry_with_player.save()
    entry_with_player.refresh_from_db()
    assert entry_with_player.question != "Toujours enregistrée ?"


def test_the_glossary_follows_every_term_without_a_query_per_page():
    Term.objects.create(slug="tank", name="Tank", short_definition="Doit être attaqué en premier.")
    assert list(get_glossary().terms) == ["tank"]
    with CaptureQueriesContext(connection) as queries:
        get_glossary()
        get_glossary()
    assert len(queries) == 0
    Term.objects.create(slug="embuscade", name="Embuscade", short_definition="Se joue comme une réaction.")
    assert sorted(get_glossary().terms) == ["embuscade", "tank"]


def test_an_unknown_version_reads_the_glossary_again_rather_than_keep_it_stale():
    Term.objects.create(slug="tank", name="Tank", short_definition="Doit être attaqué en premier.")
    get_glossary()
    store = caches["content-version"]
    with mock.patch.object(type(store), "get", side_effect=ConnectionError("injoignable")):
        content_version._last_read = (None, 0.0)
        with CaptureQueriesContext(connection) as queries:
            assert list(get_glossary().terms) == ["tank"]
    # Read again from the database: the terms (and the cards, the matcher's other entries), nothing kept stale.
    assert [q for q in queries.captured_queries if "glossary_term" in q["sql"]]
