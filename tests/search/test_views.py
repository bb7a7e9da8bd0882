import pytest
from django.urls import NoReverseMatch, reverse

from tests.rules.factories import faq

pytestmark = pytest.mark.django_db
URL = "/recherche/"


def get(client, query, **params):
    return client.get(reverse("search:search"), {"q": query, **params})


def test_the_best_faq_answer_comes_first(client):
    entry = faq(question="Combien de points faut-il pour gagner ?",
                short_answer="Bonne question. Il faut huit **points** en duel.")
    body = get(client, "combien de points pour gagner").content.decode()
    # The box quotes the sentence that answers, with the query's words marked.
    box = body[body.index("Réponse courte"):body.index('class="results"')]
    assert "Il faut huit <mark>points</mark> en duel." in box and "Bonne question" not in box
    assert f'href="{entry.get_absolute_url()}"' in body and "Lire la réponse complète" in body
    assert body.index("Réponse courte") < body.index('class="results"')


def test_results_are_labelled_by_kind_and_paged(client):
    for n in range(25):
        faq(question=f"Bouclier numéro {n}", short_answer="Ajoute 1.")
    body = get(client, "bouclier").content.decode()
    assert "25 résultats" in body and "page 1 sur 3" in body and "Question" in body
    assert 'rel="next"' in body and "page=2" in body
    second = get(client, "bouclier", page=2).content.decode()
    assert "page 2 sur 3" in second and 'rel="prev"' in second and 'start="11"' in second


def test_htmx_gets_the_fragment_with_the_announced_count(client):
    faq(question="Doubler une unité négative", short_answer="Ajoute 0.")
    full = get(client, "negative")
    assert "<mark>négative</mark>" in full.content.decode() and "<html" in full.content.decode()
    fragment = client.get(URL, {"q": "negative"}, headers={"HX-Request": "true"})
    body = fragment.content.decode()
    assert "<mark>négative</mark>" in body and "<html" not in body
    assert 'id="search-status"' in body and 'hx-swap-oob="true"' in body and "1 résultat" in body
    assert "HX-Request" in fragment["Vary"]


def test_a_typo_offers_the_corrected_query(client):
    faq(question="Qui ordonne les remplacements ?", short_answer="Le contrôleur.")
    body = get(client, "remplacemnt").content.decode()
    assert "Vouliez-vous dire" in body and "?q=remplacement" in body


def test_long_queries_are_cut_with_a_notice(client):
    body = get(client, "bouclier " * 100).content.decode()
    assert "200 premiers caractères" in body


@pytest.mark.parametrize("query", ['"', "*", "NEAR", "-", ":", "(", ")", "a\x00b", "🙂", "مرحبا", "x" * 5000,
                                   '" OR 1 --', "bouclier NEAR/3 défense", "'':*"])
def test_hostile_queries_answer_calmly(client, query):
    faq(question="Bouclier en défense", short_answer="Ajoute 1.")
    response = get(client, query)
    assert response.status_code == 200


def test_no_result_is_said_calmly(client):
    body = get(client, "zzzzqqqq").content.decode()
    assert "Aucun résultat" in body


def rule_url(number):
    try:
        return reverse("rules:rule_number", args=[number])
    except NoReverseMatch:
        return None


@pytest.mark.parametrize(("query", "number"), [("459", "459"), ("R459", "459"), ("R. 459.2", "459.2")])
def test_a_rule_number_goes_to_its_section(client, query, number):
    target = rule_url(number)
    response = get(client, query)
    if target is None:
        pytest.skip("the rules reference has no page per rule number yet")
    assert response.status_code == 302 and response["Location"] == target
    # While typing, the number is offered as a link instead of navigating away.
    fragment = client.get(URL, {"q": query}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and f'href="{target}"' in fragment.content.decode()
