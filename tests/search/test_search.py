import pytest

from search import engine as search
from tests.rules.factories import card, faq, guide

pytestmark = pytest.mark.django_db


def test_normalise_removes_accents_and_case():
    assert search.normalise("Dépendance ÉPUISÉE") == "dependance epuisee"


def test_accent_and_case_insensitive():
    faq(question="Qu'est-ce qu'une Dépendance ?", short_answer="Un effet change un autre.")
    guide(sections=[("couches", "Les couches", "Quatre couches dans l'ordre.")])
    assert [hit.title for hit in search.search("dependance")] == ["Qu'est-ce qu'une Dépendance ?"]
    titles = [hit.title for hit in search.search("COUCHE")]
    assert any("couches" in title.lower() for title in titles)


def test_title_matches_rank_first_and_words_are_highlighted():
    faq(question="Doubler une unité", short_answer="On ajoute la valeur actuelle.")
    faq(question="Autre question", short_answer="Ici on parle de doubler en passant.")
    hits = search.search("doubler")
    assert hits[0].title == "Doubler une unité"
    assert "<mark>Doubler</mark>" in hits[0].title_html
    assert "<mark>doubler</mark>" in hits[1].snippet_html


def test_all_terms_must_match():
    faq(question="Bouclier en défense", short_answer="Ajoute 1.")
    faq(question="Bouclier seul", short_answer="Rien d'autre.")
    assert [h.title for h in search.search("bouclier défense")] == ["Bouclier en défense"]


def test_cards_and_guides_are_found():
    card(name="Guardian Angel", notes="Sauve l'unité.")
    guide(title="Remplacements", sections=[("ordre", "L'ordre", "Le contrôleur choisit.")])
    kinds = {hit.kind for hit in search.search("guardian")} | {hit.kind for hit in search.search("controleur")}
    assert {"card", "section"} <= kinds


def test_index_follows_edits_and_deletions():
    entry = faq(question="Question sur le horodatage", short_answer="Plus ancien d'abord.")
    assert search.search("horodatage")
    entry.question = "Question sur autre chose"
    entry.short_answer = "Rien."
    entry.save()
    assert not search.search("horodatage")
    entry.delete()
    assert not search.search("autre")


@pytest.mark.parametrize("query", ["", "   ", "a", "<script>alert(1)</script>", "' OR 1=1 --",
                                   "x" * 10_000, "%_%", "\x00\x01"])
def test_hostile_or_empty_queries_are_harmless(query):
    faq(question="Script et SQL", short_answer="alert select")
    for hit in search.search(query):
        assert "<script" not in hit.title_html and "<script" not in hit.snippet_html


def test_worked_examples_are_found(site_content):
    hits = search.search("gangplank")
    assert any(hit.kind == "example" for hit in hits)
