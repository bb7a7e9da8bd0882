"""Reading order (issue 23, item 13): from a first game to judge level, and the combat guide's examples."""

import re

import pytest
from django.urls import reverse

from rules.models import Guide, WorkedExample

pytestmark = pytest.mark.django_db


def linked_slugs(html: str, prefix: str) -> list[str]:
    return list(dict.fromkeys(re.findall(rf'href="{prefix}([a-z0-9-]+)/"', html)))


def test_guides_and_the_first_theme_read_from_a_first_game_to_judge_level(client, site_content):
    guides = linked_slugs(client.get(reverse("rules:guide_index")).content.decode(), "/guides/")
    assert guides[0] == "votre-premiere-partie"
    assert guides[-1] == "couches-dependances-horodatages"
    first_game = ["votre-premiere-partie", "le-tour-de-jeu", "se-deplacer-et-les-champs-de-bataille", "le-combat",
                  "marquer-des-points-et-gagner"]
    judge = ["la-chaine-et-le-timing", "calculs-de-puissance", "effets-de-remplacement",
             "couches-dependances-horodatages"]
    assert [slug for slug in guides if slug in first_game] == first_game
    assert max(map(guides.index, first_game)) < min(map(guides.index, judge))

    theme = client.get(reverse("rules:faq_index"), {"categorie": "bases-du-jeu"}).content.decode()
    questions = linked_slugs(theme, "/faq/")
    assert questions[0] == "xp-et-points-de-victoire"
    # The layers question (judge level) closes the theme instead of opening it.
    assert questions.index("quel-effet-s-applique-en-premier") > questions.index("unite-puissante")


def test_the_combat_guide_links_every_combat_example(client, site_content):
    guide = Guide.objects.get(slug="le-combat")
    html = client.get(guide.get_absolute_url()).content.decode()
    combat = WorkedExample.objects.filter(topic=WorkedExample.Topic.COMBAT)
    assert combat.count() >= 5
    for example in combat:
        assert f'href="{example.get_absolute_url()}"' in html, example.slug
