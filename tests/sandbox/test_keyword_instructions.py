"""An instruction's link to a keyword text (Show Off's « showed_off », Repeat's « execution ») is offered only where
the engine takes it: on an instruction of a played spell (« Jouer un sort », ``cast``). A spell merely resolved
(``resolve``) has neither Show Off nor Repeat, and an action outside any spell is no instruction at all."""

from __future__ import annotations

import re

import pytest
import yaml

from sandbox import importing, situation
from tests.sandbox.helpers import URL, form_fields, html_of, post_of
from worked_examples.paths import SCENARIOS_DIR

LINKS = ("showed_off", "execution")


def _scenario(name: str) -> dict:
    scenario = yaml.safe_load((SCENARIOS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    scenario.pop("expect", None)
    return scenario


def _resolved() -> dict:
    """A spell resolved without being played: « Résoudre un sort » with two instructions (rows a1, a2, a3)."""
    return _scenario("instructions-successives")


def _roar() -> dict:
    """Primordial Roar played (``cast``): its damage instruction is linked to Show Off (rows a1, a2, then a3, a4)."""
    return _scenario("show-off-primordial-roar")


def _names(html: str) -> set[str]:
    return set(re.findall(r'name="(a-\d+-[a-z_]+)"', html))


@pytest.mark.django_db
def test_a_resolved_spells_instructions_do_not_offer_the_keyword_links(client):
    response = client.post(URL, post_of(importing.data_from_scenario(_resolved())))
    html = html_of(response)
    assert response.status_code == 200
    names = _names(html)
    assert {"a-1-in_spell", "a-2-in_spell"} <= names  # the rows are instructions of the spell…
    assert not {f"a-{i}-{link}" for i in (1, 2) for link in LINKS} & names  # …but offer no Show Off or Repeat link
    assert "Instruction liée à un mot-clé" not in html


@pytest.mark.django_db
def test_a_played_spells_instructions_offer_them(client):
    response = client.post(URL, post_of(importing.data_from_scenario(_roar())))
    html = html_of(response)
    assert response.status_code == 200
    names = _names(html)
    assert {f"a-{i}-{link}" for i in (1, 3) for link in LINKS} <= names  # each instruction of the two cast spells
    assert not {f"a-{i}-{link}" for i in (0, 2) for link in LINKS} & names  # never the spells themselves
    # The damage of Primordial Roar is said to belong to Show Off, and the page shows it.
    assert re.search(r'name="a-1-showed_off"[^>]*>\s*<option value="">[^<]*</option>\s*<option value="1" selected',
                     html)


@pytest.mark.django_db
def test_an_action_outside_any_spell_offers_them_once_it_becomes_an_instruction_of_a_played_spell(client):
    """Without JavaScript: tick « Instruction du sort au-dessus » under a played spell, send: the fields are there."""
    post = post_of(importing.data_from_scenario(_roar()))
    post.pop("a-3-in_spell")  # Frigid Touch's instruction, now an action of its own
    html = html_of(client.post(URL, post))
    assert not {f"a-3-{link}" for link in LINKS} & _names(html)
    fields = form_fields(html)
    fields["a-3-in_spell"] = ["on"]
    html = html_of(client.post(URL, fields))
    assert {f"a-3-{link}" for link in LINKS} <= _names(html)


@pytest.mark.django_db
@pytest.mark.parametrize(("link", "value"), [("showed_off", "1"), ("showed_off", "0"), ("execution", "0")])
def test_a_link_sent_on_a_resolved_spells_instruction_is_refused_next_to_its_field_and_kept(client, link, value):
    post = post_of(importing.data_from_scenario(_resolved()), op="run")
    post[f"a-1-{link}"] = [value]
    response = client.post(URL, post)
    html = html_of(response)
    assert response.status_code == 400
    assert "Le moteur refuse" not in html
    message = re.search(rf'<p class="field-error" id="sb-a-1-{link}_error">([^<]*)</p>', html)
    assert message is not None
    assert "« Résoudre un sort »" in message.group(1) and "« Jouer un sort ou une compétence »" in message.group(1)
    # What was typed stays in the form, so the learner can clear it or make the spell a played one.
    assert form_fields(html)[f"a-1-{link}"] == [value]
    assert html.count('class="field-error"') == 1


@pytest.mark.django_db
def test_a_link_sent_on_an_action_outside_any_spell_is_refused_next_to_its_field(client):
    post = post_of(importing.data_from_scenario(_roar()), op="run")
    post.pop("a-1-in_spell")  # the damage, no longer an instruction of Primordial Roar, still says showed_off
    response = client.post(URL, post)
    html = html_of(response)
    assert response.status_code == 400
    message = re.search(r'<p class="field-error" id="sb-a-1-showed_off_error">([^<]*)</p>', html)
    assert message is not None and "pas une instruction de sort" in message.group(1)
    assert form_fields(html)["a-1-showed_off"] == ["1"]


def test_a_shared_scenario_with_a_link_on_a_resolved_spell_shows_the_forms_error_not_the_engines():
    scenario = _resolved()
    scenario["actions"][0]["steps"][0]["showed_off"] = True
    data = importing.data_from_scenario(scenario)
    assert data.notices == []  # nothing silently dropped…
    sandbox = situation.Sandbox(data)
    assert sandbox.build() is None  # …and nothing silently carried either
    [error] = sandbox.errors()
    assert error["href"] == "#sb-a-1-showed_off" and error["text"].startswith("Action 2 : ")
    assert "Le moteur refuse" not in error["text"]


def test_a_played_spell_keeps_its_links_through_the_form():
    scenario = _roar()
    rebuilt = situation.Sandbox(importing.data_from_scenario(scenario)).build()
    assert rebuilt is not None
    assert rebuilt["actions"][0]["steps"] == scenario["actions"][0]["steps"]
