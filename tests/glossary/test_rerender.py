"""Stored HTML follows the glossary: adding, renaming, redefining or deleting a term re-renders texts."""

import re

import pytest

from cards.models import CardExplanation
from glossary.models import Term
from rules.models import FAQEntry, GuideSection
from search.models import SearchDocument
from search.query import search
from tests.cards.factories import explanation
from tests.rules.factories import faq, guide

from .factories import term

pytestmark = pytest.mark.django_db


def links(html: str, slug: str) -> bool:
    return f'href="/glossaire/{slug}/"' in html


def test_adding_a_term_links_existing_texts():
    entry = faq(short_answer="On compte les couches.", explanation="Une couche à la fois.")
    assert not links(entry.short_answer_html, "couche")
    term("Couche", forms=["couches"])
    entry.refresh_from_db()
    assert links(entry.short_answer_html, "couche") and links(entry.explanation_html, "couche")


def test_renaming_a_term_re_renders_texts_that_link_it():
    entry = faq(short_answer="Un horodatage.")
    obj = term("Horodatage")
    obj.name = "Repère temporel"
    obj.slug = "repere-temporel"
    obj.forms = "horodatage"
    obj.save()
    entry.refresh_from_db()
    assert not links(entry.short_answer_html, "horodatage")
    assert links(entry.short_answer_html, "repere-temporel")
    assert "Repère temporel" in entry.short_answer_html  # the tooltip shows the new name


def test_changing_a_definition_updates_tooltips():
    section = guide(sections=[("a", "A", "Le bouclier protège.")]).sections.get()
    obj = term("Bouclier", definition="Ancienne définition.")
    obj.short_definition = "Nouvelle définition."
    obj.save()
    section.refresh_from_db()
    assert "Nouvelle définition." in section.body_html and "Ancienne" not in section.body_html


def test_deleting_a_term_unlinks_texts():
    entry = explanation(text="La chaîne attend.")
    obj = term("Chaîne")
    entry.refresh_from_db()
    assert links(entry.text_html, "chaine")
    obj.delete()
    entry.refresh_from_db()
    assert "term" not in entry.text_html and entry.text_html == "<p>La chaîne attend.</p>"


def test_a_new_longer_term_takes_over_from_a_shorter_one():
    entry = faq(short_answer="Une unité puissante.")
    term("Unité")
    entry.refresh_from_db()
    assert links(entry.short_answer_html, "unite")
    term("Unité puissante", slug="unite-puissante")
    entry.refresh_from_db()
    assert links(entry.short_answer_html, "unite-puissante") and not links(entry.short_answer_html, "unite")


def test_re_rendering_leaves_updated_at_and_editable_fields_alone():
    entry = faq(short_answer="Une couche.")
    before = FAQEntry.objects.get(pk=entry.pk).updated_at
    term("Couche")
    after = FAQEntry.objects.get(pk=entry.pk)
    assert after.updated_at == before and after.short_answer == "Une couche."


def test_glossary_explanations_link_to_other_terms_but_not_to_themselves():
    couche = term("Couche", explanation="Une couche ordonne les effets ; voir dépendance.")
    dependance = term("Dépendance", explanation="Une dépendance se juge dans une couche.")
    couche.refresh_from_db()
    dependance.refresh_from_db()
    assert links(couche.explanation_html, "dependance") and not links(couche.explanation_html, "couche")
    assert links(dependance.explanation_html, "couche")
    assert not links(dependance.explanation_html, "dependance")


def test_texts_without_the_term_are_not_rewritten():
    untouched = faq(short_answer="Rien à voir.")
    html = untouched.short_answer_html
    stamp = FAQEntry.objects.get(pk=untouched.pk).updated_at
    term("Couche")
    again = FAQEntry.objects.get(pk=untouched.pk)
    assert again.short_answer_html == html and again.updated_at == stamp


def test_search_finds_terms_and_results_carry_no_tooltip_text():
    term("Horodatage", definition="Le moment où un effet commence à s'appliquer.")
    entry = faq(question="Qui passe en premier ?", short_answer="Suivez l'horodatage.")
    kinds = {hit.kind for hit in search("horodatage")}
    assert {"term", "faq"} <= kinds
    document = SearchDocument.objects.get(kind="faq", key=str(entry.pk))
    assert "Voir dans le glossaire" not in document.text and "commence" not in document.text
    Term.objects.get(slug="horodatage").delete()
    assert not SearchDocument.objects.filter(kind="term").exists()


def test_tooltip_ids_are_unique_across_the_texts_of_a_page():
    obj = guide(intro="Une couche.", sections=[("a", "A", "Une couche."), ("b", "B", "Une couche.")])
    term("Couche")
    htmls = [obj.__class__.objects.get(pk=obj.pk).intro_html] + [
        section.body_html for section in GuideSection.objects.filter(guide=obj)]
    ids = [i for html in htmls for i in re.findall(r'id="(tt-[^"]+)"', html)]
    assert len(ids) == 3 and len(set(ids)) == 3


def test_card_explanations_are_re_rendered_too():
    obj = explanation(text="Donne un bouclier.")
    term("Bouclier")
    assert links(CardExplanation.objects.get(pk=obj.pk).text_html, "bouclier")
