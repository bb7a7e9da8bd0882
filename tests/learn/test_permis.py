"""« Ce coup est-il permis ? »: the engine tries the move; its refusal (or acceptance) is the answer."""

import copy
import html as markup

import pytest
from django.urls import reverse

from learn import permis, questions
from tests.learn.test_practice import answer, verdict


def text(html: str) -> str:
    """The page as read: entities decoded, the typographic apostrophe as typed."""
    return markup.unescape(html).replace("\u2019", "'")


def test_every_situation_is_accepted_and_its_change_flips_the_answer():
    items = permis.situations()
    assert len(items) >= 8
    assert permis.source()["checked"] == "2026-10"
    for item in items:
        plain = permis.judge(item)
        changed = [permis.judge(item, change) for change in item.get("changes") or []]
        assert changed, item["slug"]
        # Each change is there to turn a refused move into a legal one: the engine must see it so.
        assert not plain.allowed and plain.rules, item["slug"]
        assert all(verdict.allowed for verdict in changed), item["slug"]


def test_the_answer_is_the_engines_not_the_pages():
    item = copy.deepcopy(permis.situation("jouer-une-unite-sans-assez-d-energie"))
    # Jinx costs 2 (R. 357.1, 358.2): 1 Energy is short, 2 or 5 pay.
    assert permis.judge(item).answer == permis.NO
    assert "2 Énergie" in permis.judge(item).reason
    assert permis.judge(item, {"players": {"p1": {"energy": 5}}}).answer == permis.YES
    item["situation"]["objects"][0]["cost"] = 6
    assert permis.judge(item, {"players": {"p1": {"energy": 5}}}).answer == permis.NO
    # A unit that is ready may move; an exhausted one may not (R. 144).
    move = permis.situation("deplacer-une-unite-epuisee")
    assert permis.judge(move).answer == permis.NO
    assert permis.judge(move, {"objects": {"vi": {"exhausted": False}}}).answer == permis.YES


def test_a_situation_the_engine_refuses_before_the_move_is_reported():
    item = copy.deepcopy(permis.situation("passer-sans-rien-en-cours"))
    with pytest.raises(permis.BrokenSituation):
        permis.judge(item, {"actions": [{"do": "pass", "player": "p2"}]})


def test_every_situation_gives_a_question_and_its_changes_give_variants():
    made = list(questions.allowed_questions())
    assert len(made) == sum(1 + len(item.get("changes") or []) for item in permis.situations())
    assert {question.kind for question in made} == {questions.ALLOWED}
    assert sum(question.is_variant for question in made) == len(permis.situations())


@pytest.mark.django_db
def test_wrong_and_right_answers_without_javascript(client):
    slug = "permis-reaction-hors-confrontation"
    page = client.get(reverse("learn:question", args=[slug]))
    html = text(page.content.decode())
    assert page.status_code == 200
    assert 'type="radio"' in html and "C'est le tour de Joueuse A." in html
    wrong = answer(client, slug, reponse="oui")
    assert verdict(wrong) == "faux"
    body = text(wrong.content.decode())
    assert "<strong data-expected>Non, c'est refusé</strong>" in body
    assert "seul le joueur du tour a la priorité" in body  # the engine's own reason
    assert reverse("rules:rule_number", args=["311"]) in body
    assert verdict(answer(client, slug, reponse="non")) == "juste"
    # The changed situation: Vi attacked, A passed; B has the focus and may answer with a Reaction.
    changed = f"{slug}-et-si"
    assert "Vi venait d'attaquer" in text(client.get(reverse("learn:question", args=[changed])).content.decode())
    assert verdict(answer(client, changed, reponse="non")) == "faux"
    right = answer(client, changed, reponse="oui")
    assert verdict(right) == "juste"
    assert "s'ajoute à la chaîne" in text(right.content.decode())


@pytest.mark.django_db
def test_no_answer_is_refused_with_a_message(client):
    response = answer(client, "permis-passer-sans-rien-en-cours")
    assert response.status_code == 400
    assert "Choisissez oui ou non." in response.content.decode()


@pytest.mark.django_db
def test_the_index_lists_the_permis_questions(client):
    html = client.get(reverse("learn:practice")).content.decode()
    assert reverse("learn:question", args=["permis-deplacer-une-unite-epuisee"]) in html
