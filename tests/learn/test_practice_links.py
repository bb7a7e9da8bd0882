"""From every FAQ entry, guide and rules section to the practice questions on its topic: derived from the examples
the page links and the rules it cites, never listed page by page."""

import re

import pytest
from django.urls import reverse

from learn import topics
from learn.panels import practice_context
from rules.choices import Chapter
from rules.models import RuleSection
from tests.learn.test_start import example
from tests.rules import factories


def offered(html: str) -> list[str]:
    section = html.split('id="s-entrainer"', 1)[1].split("</section>", 1)[0] if 'id="s-entrainer"' in html else ""
    links = section.split('href="/entrainement/')[1:]
    return [part.split("/", 1)[0] for part in links if not part.startswith(("#", "?"))]


@pytest.mark.django_db
def test_an_faq_entry_offers_the_questions_of_its_example_first(client):
    example("combat-tous-morts")
    example("au-moins-5")
    entry = factories.faq(slug="qui-meurt", short_answer="Les dégâts se comparent à la Puissance (R. 467).")
    entry.examples.add(example("combat-defenseur-etourdi"))
    html = client.get(reverse("rules:faq_detail", args=["qui-meurt"])).content.decode()
    found = offered(html)
    assert found and found[0].startswith("combat-defenseur-etourdi-")
    # The other combat example comes through the rule it shares (R. 467); the layers example does not.
    assert any(slug.startswith("combat-tous-morts-") for slug in found)
    assert not any(slug.startswith("au-moins-5-") for slug in found)
    # Issue 33 item 4: one count per theme. The page said « 112 questions sur ce sujet » where the theme lists 61:
    # the number it gives is the number of questions the theme's own list shows.
    said = re.search(r'data-area-total="(\d+)">Les (\d+) questions du thème « Combat »', html.replace("\xa0", " "))
    assert said and said[1] == said[2]
    listed = client.get(reverse("learn:practice"), {"theme": "combat"}).content.decode()
    assert listed.count('<li data-question="') == int(said[1])


@pytest.mark.django_db
def test_a_cited_rule_brings_the_permis_questions_that_the_engine_answers_with_it(client):
    entry = factories.faq(slug="deplacer", short_answer="Une unité épuisée ne se déplace pas (R. 144).")
    found = offered(client.get(reverse("rules:faq_detail", args=["deplacer"])).content.decode())
    assert "permis-deplacer-une-unite-epuisee" in found
    # Change what the page cites, and what it offers changes: Gank (R. 810) brings the other situation.
    entry.short_answer = "Aller d'un champ de bataille à l'autre demande Gank (R. 810)."
    entry.save()
    assert [q.permis for _, q in practice_context(entry)["questions"]] == ["d-un-champ-a-l-autre"] * 2


@pytest.mark.django_db
def test_a_rules_section_offers_the_questions_on_the_rules_it_covers(client):
    example("au-moins-5")
    section = RuleSection.objects.create(slug="couches", title="Les couches", chapter=Chapter.choices[0][0],
                                         covers=[[475, 482]], body="Le calcul par couches.")
    html = client.get(section.get_absolute_url()).content.decode()
    assert any(slug.startswith("au-moins-5-") for slug in offered(html))


@pytest.mark.django_db
def test_a_guide_offers_the_questions_of_its_sections_examples(client):
    guide = factories.guide(sections=[("combat", "Le combat", "Deux unités s'affrontent.")])
    guide.sections.get().examples.add(example("combat-tous-morts"))
    html = client.get(guide.get_absolute_url()).content.decode()
    assert offered(html)[0].startswith("combat-tous-morts-")


@pytest.mark.django_db
def test_a_page_on_a_topic_without_questions_offers_none(client):
    factories.faq(slug="deck", short_answer="Un deck compte 40 cartes.")
    assert 'id="s-entrainer"' not in client.get(reverse("rules:faq_detail", args=["deck"])).content.decode()


def test_what_a_resolution_is_about_includes_the_rules_of_its_layers():
    result = {"trace": [{"kind": "apply", "layer": "numeric", "text": "« +2 » s'applique."},
                        {"kind": "score", "text": "Elle marque (R. 471)."}]}
    about = topics.result_rules(result)
    assert {471, 479} <= about
