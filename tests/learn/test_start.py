"""/debuter/: the steps, the table figure, the links each step makes, and the way in from the home page."""

from pathlib import Path

import pytest
import yaml
from django.urls import reverse

from learn import path
from rules.choices import Chapter
from rules.models import RuleSection
from tests.glossary.factories import term
from tests.rules import factories
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED = {
    "faq": {p.stem for p in (ROOT / "rules/content/faq").glob("*.yaml")},
    "rules": {yaml.safe_load(p.read_text(encoding="utf-8"))["slug"]
              for p in (ROOT / "rules/content/reference").glob("*.yaml")},
    "guides": {p.stem for p in (ROOT / "rules/content/guides").glob("*.yaml")},
    "examples": {p.stem for p in (ROOT / "worked_examples/scenarios").glob("*.yaml")},
    "terms": {term["slug"] for p in (ROOT / "glossary/content").glob("*.yaml")
              for term in yaml.safe_load(p.read_text(encoding="utf-8")) or []},
}
STEPS = ["le-but", "la-table", "la-mise-en-place", "les-phases-du-tour", "jouer-une-carte", "deplacer-et-attaquer",
         "le-combat", "marquer-des-points", "pour-aller-plus-loin"]


def test_the_path_has_the_steps_a_beginner_reads_in_order():
    assert [step["slug"] for step in path.source()["steps"]] == STEPS
    assert path.source()["checked"] == "2026-10"


def test_every_page_a_step_links_exists():
    assert len(SHIPPED["terms"]) > 150 and len(SHIPPED["faq"]) > 150
    missing = [(step["slug"], kind, slug) for step in path.source()["steps"] for kind in path.LINK_KINDS
               for slug in step.get(kind) or [] if slug not in SHIPPED[kind]]
    assert missing == []
    # Every step but the last sends the reader to the FAQ, the rules explained and the glossary.
    for step in path.source()["steps"][:-1]:
        assert step.get("faq") and step.get("rules") and step.get("terms"), step["slug"]


def example(slug: str) -> WorkedExample:
    """A shipped worked example, saved (the engine runs once)."""
    text = (SCENARIOS_DIR / f"{slug}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return WorkedExample.objects.create(slug=slug, title=data["title"], topic=data["topic"], scenario=text,
                                        description=data.get("description", ""))


@pytest.fixture
def linked(db):
    """One page of each kind a step links to; the others are missing, and their links are left out."""
    factories.faq(slug="ordre-des-phases-du-tour", question="Dans quel ordre se déroule un tour ?")
    RuleSection.objects.create(slug="combat-resolution", title="La résolution du combat", chapter=Chapter.choices[0][0],
                               body="Texte.")
    term("Réserve runique", slug="reserve-runique")
    example("combat-tous-morts")


def test_start_page_renders_each_step_with_its_anchor_and_links(client, linked):
    response = client.get(reverse("learn:start"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Débuter à Riftbound" in html
    for slug in STEPS:
        assert f'<section id="{slug}"' in html and f'href="#{slug}"' in html
    assert reverse("rules:faq_detail", args=["ordre-des-phases-du-tour"]) in html
    assert reverse("rules:rule_section", args=["combat-resolution"]) in html
    assert reverse("glossary:detail", args=["reserve-runique"]) in html
    assert reverse("examples:detail", args=["combat-tous-morts"]) in html
    # A page that does not exist is not linked.
    assert reverse("rules:faq_detail", args=["main-de-depart"]) not in html
    # The text went through the site's Markdown: glossary terms get their tooltips, rules are cited « R. n ».
    assert 'role="tooltip"' in html
    assert "R.\u00a0487.3" in html or "R. 487.3" in html


@pytest.mark.django_db
def test_the_table_is_a_figure_of_real_text_with_a_caption(client):
    html = client.get(reverse("learn:start")).content.decode()
    figure = html[html.index('<figure class="table-figure"'):html.index("</figure>")]
    assert 'aria-labelledby="table-figure-caption"' in figure and "<figcaption" in figure
    for label in ("Champ de bataille", "Votre base", "Zone de légende", "Zone du champion", "Deck principal",
                  "Deck de runes", "Défausse", "Réserve runique"):
        assert label in figure, label
    assert "<img" not in figure


@pytest.mark.django_db
def test_home_page_opens_on_the_way_in(client):
    html = client.get(reverse("rules:home")).content.decode()
    start = html.index(f'href="{reverse("learn:start")}"')
    # Before the search box and the advanced puzzle, with the beginners' questions next to it.
    assert start < html.index('class="big-search"') < html.index("une passive la monte jusqu")
    beginners = html[start:html.index('class="big-search"')]
    assert beginners.count('href="/faq/') >= 4


def test_sitemap_and_site_plan_list_the_learning_pages(client, linked):
    sitemap = client.get("/sitemap.xml").content.decode()
    assert "/debuter/</loc>" in sitemap and "/entrainement/</loc>" in sitemap
    assert "/entrainement/combat-tous-morts-morts/</loc>" in sitemap
    plan = client.get(reverse("rules:site_plan")).content.decode()
    assert reverse("learn:start") in plan and reverse("learn:practice") in plan


def test_steps_send_to_practice_areas_that_exist():
    areas = [step["practice"] for step in path.source()["steps"] if step.get("practice")]
    assert len(areas) >= 3 and set(areas) <= set(WorkedExample.Topic.values)
