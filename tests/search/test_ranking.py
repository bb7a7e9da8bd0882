"""Ranking by what answers (search.ranking): the kind of query, the concepts a page covers, the answer box."""

import re
from pathlib import Path

import pytest

from search import query as search
from search import ranking
from search.text import tokens
from tests.glossary.factories import term
from tests.rules.factories import faq

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("query", "expected"), [
    ("comment on gagne", ranking.QueryType.QUESTION),
    ("je peux bouger deux fois ?", ranking.QueryType.QUESTION),
    ("les deux camps survivent au combat en meme temps", ranking.QueryType.QUESTION),
    ("c'est quoi un showdown", ranking.QueryType.DEFINITION),
    ("showdown c'est quoi", ranking.QueryType.DEFINITION),
    ("tank", ranking.QueryType.DEFINITION),
    ("defausse bannissement", ranking.QueryType.WORDS),
])
def test_the_kind_of_query(query, expected):
    concepts = len([word for word in tokens(query)])
    assert ranking.query_type(query, concepts) == expected


def test_a_question_is_answered_by_the_entry_that_covers_it_not_by_a_definition_of_one_word():
    term("Combat", definition="Un combat a lieu quand deux camps sont sur le même champ de bataille.")
    faq(question="Que se passe-t-il si des unités des deux camps survivent au combat ?",
        short_answer="Les attaquants survivants retournent à la base.")
    hits = search.run("les deux camps survivent au combat").hits
    assert hits[0].title.startswith("Que se passe-t-il si des unités des deux camps")


def test_a_definition_leads_for_c_est_quoi_and_for_a_bare_term():
    term("Confrontation", forms=["confrontations"], english_name="Showdown",
         definition="Le moment où chaque joueur peut agir à son tour avant un combat.")
    faq(question="Quelle différence entre une confrontation et un combat ?",
        short_answer="La confrontation vient avant.")
    assert search.run("c'est quoi une confrontation").hits[0].title == "Confrontation"
    assert search.run("confrontation").hits[0].title == "Confrontation"
    # The English name is matched as well, and the answer box stays for questions.
    assert search.run("showdown").hits[0].title == "Confrontation"


def test_covering_every_concept_beats_repeating_one():
    faq(question="Une réduction de coût peut-elle descendre sous zéro ?",
        short_answer="Non : un coût ne descend jamais sous zéro.")
    faq(question="Tout sur le coût", short_answer="Le coût, le coût, encore le coût : coût de base, coût total.")
    hits = search.run("réduction de coût sous zéro").hits
    assert hits[0].title == "Une réduction de coût peut-elle descendre sous zéro ?"


def test_the_answer_box_needs_every_concept_and_a_clear_lead():
    faq(question="Combien de cartes faut-il dans un deck ?", short_answer="Au moins 40 cartes.")
    faq(question="Combien de runes dans le deck de runes ?", short_answer="Douze runes.")
    results = search.run("combien de cartes dans un deck")
    assert results.answer is not None and results.answer.title == "Combien de cartes faut-il dans un deck ?"
    # A word that no entry covers: the list, without a confident answer.
    assert search.run("combien de cartes dans un deck de tournoi scelle").answer is None


def test_no_answer_box_when_two_entries_answer_equally_well():
    faq(question="Combien de cartes dans le deck de runes ?", short_answer="Douze.")
    faq(question="Combien de cartes dans le deck principal ?", short_answer="Quarante.")
    results = search.run("combien de cartes deck")
    assert len(results.hits) == 2 and results.answer is None


def test_the_box_shows_the_sentence_that_answers():
    entry = faq(question="Que devient l'équipement quand son unité meurt ?",
                short_answer="Bonne question, et souvent posée à la table. "
                             "Il se détache et reste en jeu, dans votre base.")
    hits = search.load_texts(search.run("equipement detache base").hits)
    assert hits[0].url == entry.get_absolute_url()
    sentence = re.sub(r"<[^>]+>", "", hits[0].answer_sentence_html)
    assert sentence.startswith("Il se détache")


def test_a_french_word_is_never_corrected_into_an_english_one():
    term("Coût", english_name="Cost", definition="Ce qu'il faut payer.")
    faq(question="C'est quoi le coût d'une carte ?", short_answer="Énergie et essence runique.")
    assert search.run("cest quoi le cout").corrections == {}
    # A word of the site that is only an English name is no target for a short typed word…
    term("Sentinelle", english_name="Vigilance", definition="Garde un lieu.")
    assert search.run("vigil quoi").corrections == {}
    # … but a long one may be a typo of it.
    assert search.run("vigilanse").corrections == {"vigilanse": "vigilance"}
    # Typos of French words are still corrected.
    assert search.run("couut").corrections


def test_players_inflections_meet_the_texts_forms():
    assert tokens("comptent") == tokens("compte")
    assert tokens("perdre") == tokens("perds")
    assert tokens("épuisées") == tokens("epuiser")


def test_no_content_kind_is_named_inside_the_search_app():
    # Kinds and their roles come from the apps (search_kinds on their AppConfig), never from search/ itself.
    kinds = ("faq", "term", "guide", "section", "card", "example", "rule")
    for path in (Path(__file__).resolve().parents[2] / "search").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for kind in kinds:
            assert f'"{kind}"' not in source and f"'{kind}'" not in source, (path.name, kind)


def test_a_rule_number_does_not_end_a_sentence():
    assert ranking.sentences("Quatre cartes en main (R. 159.2). Puis le mulligan.") == [
        "Quatre cartes en main (R. 159.2).", "Puis le mulligan."]


def test_the_box_quotes_the_sentence_with_the_number_asked_for():
    # Issue 33 item 7: « combien de cartes en main au début » got the mulligan sentence, without the number 4.
    faq(question="Avec combien de cartes en main commence-t-on la partie ?",
        short_answer="**4.** Chaque joueur pioche 4 cartes à la mise en place, au début de la partie. "
                     "Le mulligan remplace jusqu'à 2 de ces cartes sans réduire la main (R. 117).")
    box = search.run("combien de cartes en main au debut").answer
    assert box is not None
    assert re.sub(r"<[^>]+>", "", box.answer_sentence_html).startswith("4. Chaque joueur pioche 4 cartes")


def test_the_box_never_quotes_a_table_flattened_into_one_line():
    # « combien de points pour gagner » got a whole table as one line.
    faq(question="Combien de points pour gagner ?",
        short_answer="Le score de la victoire dépend du mode :\n\n| Mode | Points |\n|---|---|\n| Duel | 8 |\n"
                     "| 2 contre 2 | 11 |\n\nEn duel, il faut 8 points.")
    box = search.run("combien de points pour gagner").answer
    sentence = re.sub(r"<[^>]+>", "", box.answer_sentence_html)
    assert sentence == "En duel, il faut 8 <mark>points</mark>.".replace("<mark>", "").replace("</mark>", "")
    assert "|" not in sentence and "\n" not in sentence


def test_no_box_when_no_sentence_answers():
    # The entry covers the words of the query in its question, but its short answer says no number at all.
    faq(question="Combien de points pour gagner une manche ?", short_answer="Cela dépend du mode de jeu choisi.")
    assert search.run("combien de points pour gagner une manche").answer is None
