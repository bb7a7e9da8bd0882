"""« Ce qui a changé » covers the Tournament Rules of 9 October 2026 too, each change linking the FAQ answers it
touches (issue 33, item 12)."""

import pytest
from django.urls import reverse

from .factories import faq

pytestmark = pytest.mark.django_db


def test_the_changes_page_has_a_tournament_part_that_links_its_faq_answers(client):
    sideboard = faq(slug="tournoi-reserve", question="En tournoi, comment fonctionne la réserve ?")
    body = client.get(reverse("rules:changes")).content.decode()
    assert 'href="#regles-de-tournoi"' in body and 'id="regles-de-tournoi"' in body
    part = body[body.index('id="regles-de-tournoi"'):]
    assert "Les règles de tournoi du 9 octobre 2026" in part
    # The one-for-one sideboard exchange is required in constructed only since October (tournament rule 403.4).
    assert "403.4" in part and "construit" in part
    assert f'href="{sideboard.get_absolute_url()}"' in part


def test_a_faq_answer_not_loaded_is_left_out_of_the_tournament_part(client):
    body = client.get(reverse("rules:changes")).content.decode()
    part = body[body.index('id="regles-de-tournoi"'):]
    assert "Dans la FAQ" not in part
