"""French analysis shared by indexing and querying (no database)."""

from search import synonyms
from search.text import index_text, normalise, tokens


def test_normalise_removes_accents_case_and_ligatures():
    assert normalise("Dépendance ÉPUISÉE cœur") == "dependance epuisee coeur"


def test_inflected_forms_meet_on_one_token():
    assert tokens("négatif") == tokens("négative") == tokens("NEGATIVES")
    assert tokens("remplacement") == tokens("remplacements") == tokens("remplacer")
    assert tokens("épuisée") == tokens("epuiser")


def test_stop_words_are_dropped():
    assert tokens("Combien de points faut-il pour gagner ?") == tokens("points gagner")
    assert index_text("Qui choisit l'ordre ?") == " ".join(tokens("choisit ordre"))


def test_synonyms_expand_to_the_other_expressions_of_their_group():
    extra = synonyms.expand(tokens("showdown"))
    assert tuple(tokens("confrontation")) in extra and tuple(tokens("affrontement")) in extra
    assert tuple(tokens("Réserve de runes")) in synonyms.expand(tokens("rune pool"))
    assert synonyms.expand(tokens("zzz")) == []
