"""A keyword's glossary page links the worked examples that show it, found in the engine's traces."""

import pytest

from glossary.models import Term
from tests.glossary.factories import term
from worked_examples import computing
from worked_examples.keywords import keywords_in
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR

pytestmark = pytest.mark.django_db


def example(slug: str) -> WorkedExample:
    """A stored example from a shipped scenario (the engine runs on save, as when the loader stores it)."""
    text = (SCENARIOS_DIR / f"{slug}.yaml").read_text(encoding="utf-8")
    data = computing.parse_scenario(text)
    return WorkedExample.objects.create(slug=slug, title=data["title"], topic=data["topic"], scenario=text)


def test_a_keyword_counts_when_a_card_has_it_at_some_step_without_its_value():
    result = {"trace": [{"state": {"objects": {
        "a": {"type": "unit", "keywords": ["Assaut 2", "Tank"]},
        "b": {"type": "gear", "keywords": ["Équiper", "Unique"]},
        "d": {"type": "spell", "keywords": ["Réaction"]},
    }}}], "outcomes": [{"trace": [{"state": {"objects": {"c": {"type": "unit", "keywords": ["Gank"]}}}}]}]}
    assert keywords_in(result) == {"Assaut", "Tank", "Équiper", "Unique", "Réaction", "Gank"}


def test_a_keyword_page_lists_the_examples_where_a_unit_has_it(client):
    tank = term("Tank", kind=Term.Kind.KEYWORD, english_name="Tank")
    shield = term("Bouclier", kind=Term.Kind.KEYWORD, english_name="Shield")
    combat = example("combat-tank-et-arriere-ligne")  # Tank printed on a defender
    fiora = example("fiora-reexamen-des-competences")  # Bouclier given by her ability once she is mighty

    html = client.get(tank.get_absolute_url()).content.decode()
    assert "Exemples commentés avec ce mot-clé" in html
    assert f'href="{combat.get_absolute_url()}"' in html and f'href="{fiora.get_absolute_url()}"' not in html

    html = client.get(shield.get_absolute_url()).content.decode()
    assert f'href="{fiora.get_absolute_url()}"' in html and f'href="{combat.get_absolute_url()}"' not in html


def test_a_term_that_is_not_a_keyword_lists_no_example(client):
    example("combat-tank-et-arriere-ligne")
    notion = term("Combat", kind=Term.Kind.CONCEPT)
    assert "Exemples commentés avec ce mot-clé" not in client.get(notion.get_absolute_url()).content.decode()
