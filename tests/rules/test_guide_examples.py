"""A guide shows each of its worked examples as a light card (issue 34: /guides/le-combat/ weighed 371 KB with its
fifteen players embedded whole). The card names the example, gives its situation in one sentence and links to the
example's own page, which works without JavaScript; with htmx the same link loads the player in place, by the
player's fragment address, and that fragment is a whole player."""

from __future__ import annotations

import re
from html import unescape

from django.urls import reverse

from worked_examples.views import situation

GUIDE = "le-combat"


def cards(html: str) -> list[str]:
    return re.findall(r'<article class="example-embed".*?</article>', html, re.S)


def test_a_guide_shows_cards_not_players(client, site_content):
    html = client.get(reverse("rules:guide_detail", args=[GUIDE])).content.decode()
    found = cards(html)
    assert len(found) >= 10  # the combat guide illustrates its sections with many examples
    assert "data-player" not in html  # no player is sent before the reader asks for it
    for card in found:
        slug = re.search(r'id="player-([a-z0-9-]+)"', card).group(1)
        page = reverse("examples:detail", args=[slug])
        link = re.search(r'<a class="button" href="([^"]+)" hx-get="([^"]+)"[^>]*>([^<]+)</a>', card)
        assert link, card
        assert link.group(1) == page  # a real link: without JavaScript it opens the example's page
        assert unescape(link.group(2)) == f"{page}?integre=1"
        assert link.group(3).replace("\u2019", "'") == "Voir l'exemple pas à pas"
        assert re.search(r'<h3 class="example-embed__title"[^>]*>[^<]+</h3>', card)


def test_the_link_a_card_loads_is_the_embedded_player_of_that_example(client, site_content):
    html = client.get(reverse("rules:guide_detail", args=[GUIDE])).content.decode()
    card = cards(html)[0]
    target = unescape(re.search(r'hx-get="([^"]+)"', card).group(1))
    card_id = re.search(r'id="([^"]+)"', card).group(1)
    fragment = client.get(target, headers={"HX-Request": "true"}).content.decode()
    # The player replaces the card (hx-swap outerHTML) under the same id, so player.js initialises it on swap.
    assert fragment.lstrip().startswith('<section class="player player--embedded"')
    assert f'id="{card_id}"' in fragment and "data-player" in fragment
    assert "<html" not in fragment
    page = client.get(reverse("examples:detail", args=[card_id.removeprefix("player-")])).content.decode()
    assert "<html" in page and "data-player" in page


def test_the_situation_is_the_first_sentence_and_a_rule_number_does_not_end_it():
    assert situation("Vi (4) attaque Garen (4).  Aucune unité ne reste.") == "Vi (4) attaque Garen (4)."
    assert situation("Disarm s'applique dès l'attaque (R. 831.1.d). La suite.") == (
        "Disarm s'applique dès l'attaque (R. 831.1.d).")
    long = "mot " * 80
    cut = situation(long.strip() + ".")
    assert cut.endswith("…") and len(cut) <= 161 and not cut[:-1].endswith(" ")
    assert situation("") == ""
