"""Search knows the cards: a card's English name, its official French name, an alias and a one-letter typo find it
first; a question that names a card ranks that card and the pages about its keywords at the top; the questions in
card vocabulary (questions-cards.yaml) find their answer."""

import pytest

from search import query as search
from search import ranking, relevance
from tests.cards.factories import card
from tests.glossary.factories import term
from tests.rules.factories import faq

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(db):
    term("Caché", english_name="Hidden", definition="Se pose face cachée sur un champ de bataille contrôlé.")
    faq(question="Comment cacher une carte qui a Caché ?", short_answer="Face cachée, pour une rune.")
    faq(question="Quand puis-je jouer ma carte cachée ?", short_answer="À partir du tour suivant.")
    faq(question="Une épée de combat, ça sert à quoi ?", short_answer="À rien de spécial.")
    return {
        "blade": card(id="TST-201", name="Hidden Blade", name_fr="Lame dissimulée", card_type="Spell",
                      keywords=["Hidden", "Action"], text="[Hidden]\n[Action] Kill a unit with 2 [M] or less."),
        "doran": card(id="TST-202", name="Doran's Blade", card_type="Gear", keywords=["Equip"],
                      text="[Equip] [1]"),
        "gust": card(id="TST-203", name="Gustwalker", name_fr="Saute-nuages", aliases=["Gust Walker"],
                     keywords=["Hunt 2", "Level 3", "Ganking"]),
        "kaisa": card(id="TST-204", name="Kai'Sa, Survivor", keywords=["Accelerate"]),
        "staunch": card(id="TST-205", name="Awakened Survivor"),
    }


def first(query: str) -> str:
    return search.run(query).hits[0].url


@pytest.mark.parametrize(("query", "card_id"), [
    ("Hidden Blade", "TST-201"),  # English name
    ("hidden blade", "TST-201"),
    ("Lame dissimulée", "TST-201"),  # official French name
    ("lame dissimulee", "TST-201"),  # no accents
    ("Saute-nuages", "TST-203"),
    ("Gustwalker", "TST-203"),
    ("gust walker", "TST-203"),  # an alias of the data
    ("Gustwalkr", "TST-203"),  # one letter missing
    ("Hiden Blade", "TST-201"),  # one letter missing in a two-word name
    ("Lame dissimulé", "TST-201"),  # one letter missing in the French name
    ("kaisa survivor", "TST-204"),  # written without its apostrophe, as players do
])
def test_a_card_is_found_first_by_its_names_and_near_misses(cards, query, card_id):
    assert first(query) == f"/cartes/{card_id.lower()}/", [h.title for h in search.run(query).hits[:3]]


def test_a_question_naming_a_card_ranks_the_card_and_its_keywords_rules_first(cards):
    hits = search.run("Hidden Blade je peux la jouer quand ?").hits
    top = [hit.url for hit in hits[:3]]
    assert "/cartes/tst-201/" in top
    # Hidden Blade has Caché: the pages about Caché come next, the other « Blade » falls behind them.
    assert any(hit.title.startswith(("Comment cacher", "Quand puis-je jouer")) for hit in hits[:3]), top
    urls = [hit.url for hit in hits]
    assert "/cartes/tst-202/" not in urls or urls.index("/cartes/tst-202/") > 2


def test_the_named_card_helpers():
    assert ranking.card_names("Gustwalker (Saute-nuages)") == [("gustwalker",), ("saute", "nuages")]
    assert ranking.names_in(("saute", "nuages"), ["saute", "nuages", "gank"])
    assert not ranking.names_in(("hidden", "blade"), ["blade", "hidden"])
    # Whole words, stop words kept: « contrer un sort » is a question about countering, not the card Contre-sort.
    assert not ranking.names_in(ranking.card_names("Defy (Contre-sort)")[1],
                                ranking.query_sequence("contrer un sort", {}))
    assert ranking.card_keywords("unit fureur mot cle cach action") == {"cach", "action"}
    assert ranking.query_sequence("Hiden Blade ?", {"hiden": "hidden"}) == ["hidden", "blade"]


def test_the_card_questions_find_their_answer(site_content):
    questions = relevance.load_questions(relevance.CARD_QUESTIONS)
    assert len(questions) >= 60
    assert {q["chapter"] for q in questions} == {relevance.CARD_CHAPTER}
    assert relevance.unknown_targets(questions) == []
    held_out = [q for q in questions if q["half"] == "held-out"]
    assert len(held_out) >= 30
    report = relevance.evaluate(held_out)
    misses = "\n".join(f"  « {o.query} » → attendu {o.expected[0]}, trouvé {o.found[:3]}" for o in report.misses)
    assert report.share(3) >= 0.90, f"top 3 : {report.share(3):.0%}\n{misses}"
