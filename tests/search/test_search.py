import pytest
from django.core.management import call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glossary.models import Term
from search import query as search
from search.models import SearchDocument
from tests.cards.factories import card
from tests.glossary.factories import term
from tests.rules.factories import faq, guide

pytestmark = pytest.mark.django_db


def titles(query: str) -> list[str]:
    return [hit.title for hit in search.search(query)]


def test_accent_and_case_insensitive():
    faq(question="Qu'est-ce qu'une Dépendance ?", short_answer="Un effet change un autre.")
    guide(sections=[("couches", "Les couches", "Quatre couches dans l'ordre.")])
    assert titles("dependance") == ["Qu'est-ce qu'une Dépendance ?"]
    assert any("couches" in title.lower() for title in titles("COUCHE"))


def test_title_matches_rank_first_and_words_are_highlighted():
    faq(question="Doubler une unité", short_answer="On ajoute la valeur actuelle.")
    faq(question="Autre question", short_answer="Ici on parle de doubler en passant.")
    hits = search.search("doubler")
    assert hits[0].title == "Doubler une unité"
    assert "<mark>Doubler</mark>" in hits[0].title_html
    assert "<mark>doubler</mark>" in hits[1].snippet_html


def test_any_word_matches_and_more_words_rank_first():
    faq(question="Bouclier en défense", short_answer="Ajoute 1.")
    faq(question="Bouclier seul", short_answer="Rien d'autre.")
    assert titles("bouclier défense") == ["Bouclier en défense", "Bouclier seul"]


def test_a_whole_question_finds_its_answer():
    faq(question="Qui choisit l'ordre quand plusieurs remplacements visent le même événement ?",
        short_answer="Le contrôleur de l'objet affecté.")
    faq(question="Combien de points faut-il pour gagner une partie ?", short_answer="Huit points en duel.")
    faq(question="Que fait Bouclier ?", short_answer="Il ajoute de la puissance en défense.")
    assert titles("Qui choisit l'ordre quand deux remplacements s'appliquent en même temps ?")[0].startswith(
        "Qui choisit l'ordre")
    assert titles("Combien de points faut-il pour gagner ?")[0].startswith("Combien de points")
    assert titles("Bouclier ça marche comment ?")[0] == "Que fait Bouclier ?"


def test_inflections_match():
    faq(question="Doubler une unité à puissance négative", short_answer="Elle reste négative.")
    assert titles("négatif") and titles("negatives") and titles("NÉGATIVE")


def test_typos_are_corrected_and_suggested():
    faq(question="Qui ordonne les remplacements ?", short_answer="Le contrôleur.")
    results = search.run("remplacemnt")
    assert results.corrections == {"remplacemnt": "remplacements"} or results.corrections == {
        "remplacemnt": "remplacement"}
    assert results.hits and results.suggestion.startswith("remplacement")


def test_synonyms_find_the_official_names():
    faq(question="Que se passe-t-il pendant une confrontation ?", short_answer="On se passe la main.")
    faq(question="Protection : combien payer pour cibler ?", short_answer="Une rune par point.")
    faq(question="Qu'est-ce qu'une création ?", short_answer="Une unité sans carte.")
    assert titles("showdown") == ["Que se passe-t-il pendant une confrontation ?"]
    assert titles("Deflect") == ["Protection : combien payer pour cibler ?"]
    assert titles("jeton") == ["Qu'est-ce qu'une création ?"]


def test_search_as_you_type_completes_the_last_word():
    faq(question="Bouclier en défense", short_answer="Ajoute 1.")
    faq(question="Remplacements et ordre", short_answer="Le contrôleur choisit.")
    assert titles("boucl") == ["Bouclier en défense"]
    assert titles("remplacemen") == ["Remplacements et ordre"]


def test_snippets_never_show_inflected_forms_or_index_text():
    term("Bouclier", forms=["boucliers", "bouclière-secrète"], definition="Ajoute de la puissance en défense.")
    hits = search.search("bouclière-secrète")
    assert hits and hits[0].title == "Bouclier"
    assert "secr" not in hits[0].snippet_html and "boucli " not in hits[0].snippet_html
    document = SearchDocument.objects.get(kind="term")
    assert "secrète" not in document.text and "secret" in document.index_keywords


def test_faq_documents_carry_their_short_answer():
    entry = faq(question="Que fait Tank ?", short_answer="Il prend les **dégâts** en premier.")
    assert search.run("tank").answer.answer_html == entry.short_answer_html
    assert "<strong>" in search.run("tank").answer.answer_html


def test_cards_and_guides_are_found():
    card(name="Guardian Angel", card_type="Gear", text="[Equip] [1]")
    guide(title="Remplacements", sections=[("ordre", "L'ordre", "Le contrôleur choisit.")])
    kinds = {hit.kind for hit in search.search("guardian")} | {hit.kind for hit in search.search("controleur")}
    assert {"card", "section"} <= kinds


def test_a_card_is_found_by_its_official_french_name():
    card(name="Guardian Angel", name_fr="Ange gardien", card_type="Gear")
    assert titles("ange gardien")[0] == "Guardian Angel (Ange gardien)"


def test_index_follows_edits_and_deletions():
    entry = faq(question="Question sur le horodatage", short_answer="Plus ancien d'abord.")
    assert search.search("horodatage")
    entry.question = "Question sur autre chose"
    entry.short_answer = "Rien."
    entry.save()
    assert not search.search("horodatage")
    entry.delete()
    assert not search.search("autre")


def test_index_follows_glossary_changes():
    saved = term("Canaliser", definition="Poser une rune.")
    assert titles("canaliser") == ["Canaliser"]
    saved.forms = "canalisation"
    saved.save()
    assert titles("canalisation") == ["Canaliser"]
    Term.objects.filter(pk=saved.pk).first().delete()
    assert not search.search("canaliser")


def test_rebuild_command_indexes_everything_again():
    faq(question="Question sur le horodatage", short_answer="Plus ancien d'abord.")
    SearchDocument.objects.all().delete()
    call_command("rebuild_search_index", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert titles("horodatage") == ["Question sur le horodatage"]


def test_results_beyond_the_cap_are_counted_as_more():
    for n in range(12):
        faq(question=f"Bouclier numéro {n}", short_answer="Ajoute 1.")
    results = search.run("bouclier", limit=10)
    assert len(results.hits) == 10 and results.more


def test_documents_holding_every_concept_are_ranked_first_then_the_others_follow(monkeypatch):
    # Enough documents hold both words: only they are scored, the ones holding one word follow, unscored.
    monkeypatch.setattr(search.ranking, "CANDIDATES", 3)
    both = {faq(question=f"Bouclier en défense {n}", short_answer="Ajoute 1.").question for n in range(4)}
    one = {faq(question=f"Bouclier seul {n}", short_answer="Rien.").question for n in range(5)}
    results = search.run("bouclier défense", limit=20)
    assert {hit.title for hit in results.hits[:4]} == both
    assert {hit.title for hit in results.hits[4:]} == one and not results.more
    # None holds both: the documents that hold either word are ranked together.
    assert len(search.run("défense seul", limit=20).hits) == 9


@pytest.mark.parametrize("query", ["", "   ", "a", "<script>alert(1)</script>", "' OR 1=1 --", "x" * 10_000,
                                   "%_%", "\x00\x01", '"bouclier', "bouclier*", "NEAR(bouclier défense)",
                                   "-bouclier", "title:bouclier", "(bouclier", "bouclier AND OR NOT",
                                   "🛡️ bouclier 🙂", "مرحبا بالعالم", "שלום", "\u202ebouclier\u202c", "'':*|&!<->"])
def test_hostile_or_empty_queries_are_harmless(client, query):
    entry = faq(question="Script et SQL bouclier", short_answer="alert select")
    results = search.run(query)  # never an FTS syntax error
    for hit in results.hits:
        assert "<script" not in hit.title_html and "<script" not in hit.snippet_html
    if "bouclier" in query.lower():
        assert entry.get_absolute_url() in [hit.url for hit in results.hits]  # the real word is still found
    response = client.get(reverse("search:search"), {"q": query})
    assert response.status_code == 200
    assert "<script>alert(1)</script>" not in response.content.decode()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300))
def test_any_text_is_searched_without_error(query):
    faq(question="Bouclier en défense", short_answer="Ajoute 1.", slug="bouclier-hypothesis") if not \
        SearchDocument.objects.exists() else None
    results = search.run(query)
    assert len(results.query) <= search.MAX_QUERY_LENGTH
    for hit in results.hits:
        assert hit.snippet_html is not None


@pytest.mark.parametrize(("query", "number"), [("459", "459"), ("R459", "459"), ("R. 459.2", "459.2"),
                                               ("règle 103.b", "103.b"), ("r5", "005"), ("2", None),
                                               ("4591", None), ("459 bouclier", None)])
def test_rule_numbers_are_recognised(query, number):
    assert search.rule_number(query) == number


def test_worked_examples_are_found(site_content):
    hits = search.search("gangplank")
    assert any(hit.kind == "example" for hit in hits)
