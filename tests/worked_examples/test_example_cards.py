"""An example that plays real cards (``card: RAD-082`` in its scenario) links them, and each card's page lists the
examples that play it first (issue 30: a card page shows the worked examples that use the card)."""

import re

import pytest

from glossary.matcher import section_salt
from worked_examples.models import WorkedExample

pytestmark = pytest.mark.django_db

SLUG = "show-off-primordial-roar"


def test_the_example_lists_the_cards_its_scenario_names_in_order(client, site_content):
    example = WorkedExample.objects.get(slug=SLUG)
    # Written from the scenario file: Primordial Roar, Vanguard Sergeant, Harpoon Squad, Frigid Touch.
    assert example.card_ids() == ["RAD-082", "OGN-219", "SFD-137", "SFD-066"]
    html = client.get(example.get_absolute_url()).content.decode()
    section = html.split('id="cards-title"', 1)[1].split("</section>", 1)[0]
    assert re.findall(r'href="(/cartes/[^"]+)"', section) == [
        "/cartes/rad-082/", "/cartes/ogn-219/", "/cartes/sfd-137/", "/cartes/sfd-066/"]
    assert "Frigid Touch</a> (Toucher glacial)" in section  # the official French name Riot printed


def test_the_situation_links_the_card_names_with_their_popover(client, site_content):
    html = client.get(f"/exemples/{SLUG}/").content.decode()
    lead = html.split('<p class="lead">', 1)[1].split("</p>", 1)[0]
    assert 'data-card="RAD-082">Primordial Roar</a>' in lead
    # Its tooltip ids are the same on every render (keyed by the example), never drawn at random: the page is the
    # same on both databases and from one render to the next.
    assert f'id="cp-rad-082-{section_salt("plain:" + SLUG)}"' in lead


def test_an_example_without_real_cards_has_no_card_section(client, site_content):
    example = next(e for e in WorkedExample.objects.all() if not e.card_ids())
    assert 'id="cards-title"' not in client.get(example.get_absolute_url()).content.decode()


def test_the_card_page_lists_the_examples_that_play_it_first(client, site_content):
    html = client.get("/cartes/sfd-066/").content.decode()  # Frigid Touch answers in the Primordial Roar example
    examples = html.split(">Exemples commentés</h2>", 1)[1].split("</section>", 1)[0]
    assert re.findall(r'href="/exemples/([^"/]+)/"', examples)[0] == SLUG


def test_a_card_named_only_in_prose_is_not_an_example_that_plays_it(site_content):
    # The collector number in a comment or a description is not a card the scenario plays.
    example = WorkedExample.objects.get(slug=SLUG)
    example.scenario = "# joue aussi OGN-001 ?\n" + example.scenario
    assert "OGN-001" not in example.card_ids()
