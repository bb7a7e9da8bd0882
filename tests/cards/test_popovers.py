"""Card popovers: a card's name in any text links to its page with a popover, through the glossary's matcher.

The expected markup follows glossary/README.md (one tooltip mechanism) and cards/popovers.py (which names link):
names are proper names, so they link with a capital; a name that is also an ordinary word links only where it
cannot be one (not at the start of a sentence); never inside headings, links or another bubble.
"""

import re

import pytest
from django.template import Context, Template

from cards import popovers
from glossary.matcher import CARD, Glossary, TermInfo, once_per_page, strip_tooltips
from glossary.rendering import render_markdown
from tests.glossary.factories import info
from tests.glossary.factories import term as make_term
from tests.rules.factories import faq, guide

from .factories import card as make_card
from .factories import explanation


def card_info(card_id, *forms, ordinary=(), tip="<b>Popover</b>"):
    return TermInfo(card_id, forms[0], f"/cartes/{card_id.lower()}/", "", tuple(forms) + tuple(ordinary),
                    match_case=True, kind=CARD, tip_html=tip, name_only=tuple(ordinary))


GUSTWALKER = card_info("UNL-075", "Gustwalker", "Saute-nuages")
FLASH = TermInfo("OGS-011", "Flash", "/cartes/ogs-011/", "", ("Flash",), match_case=True, kind=CARD,
                 tip_html="<b>Flash</b>", name_only=("Flash",))
ENCORE = TermInfo("SFD-999", "Encore", "/cartes/sfd-999/", "", ("Encore",), match_case=True, kind=CARD,
                  tip_html="<b>Encore</b>", name_only=("Encore",))
ANGEL = card_info("SFD-051", "Guardian Angel", ordinary=("Ange gardien",))
GANK = info("Gank", "Ganking", slug="gank", definition="Peut aller d'un champ de bataille à un autre. Gustwalker.")
GLOSSARY = Glossary([GANK, GUSTWALKER, FLASH, ENCORE, ANGEL])


def cards_linked(markdown: str, glossary=GLOSSARY) -> list[tuple[str, str]]:
    html = render_markdown(markdown, glossary=glossary, section="s")
    return re.findall(r'<a class="card-link" href="[^"]*" aria-describedby="[^"]*" data-card="([^"]+)">(.*?)</a>',
                      html)


# --- the markup --------------------------------------------------------------------------------------------

def test_a_card_name_links_to_its_page_with_a_popover():
    html = render_markdown("Mon Saute-nuages peut bouger.", glossary=GLOSSARY, section="s")
    link = re.search(r'<a class="card-link" href="/cartes/unl-075/" aria-describedby="(cp-unl-075-\w+)" '
                     r'data-card="UNL-075">Saute-nuages</a>', html)
    assert link, html
    tip = re.search(rf'<span class="card-tip term-tip" role="tooltip" id="{link.group(1)}">(.*?)</a></span>', html)
    assert tip and "<b>Popover</b>" in tip.group(1)
    # Without JavaScript the name is a real link; the bubble's own link is not one more Tab stop.
    assert '<a class="term-tip__more" href="/cartes/unl-075/" tabindex="-1">Voir la carte</a></span>' in html
    # CSP: no inline style or script in what the matcher writes.
    assert "style=" not in html and "<script" not in html.lower()


def test_english_and_french_names_both_link_once_per_section():
    assert cards_linked("Gustwalker, dit Saute-nuages en français. Encore Gustwalker.") == [
        ("UNL-075", "Gustwalker")]


def test_never_inside_headings_links_or_another_bubble():
    text = "## Gustwalker et Gank\n\n[Gustwalker](/ailleurs/) avec Gank : la définition nomme Gustwalker."
    html = render_markdown(text, glossary=GLOSSARY, section="s")
    assert "<h2>Gustwalker et Gank</h2>" in html
    assert '<a href="/ailleurs/" rel="noopener noreferrer">Gustwalker</a>' in html
    # The term's tooltip mentions Gustwalker: the bubble is written after matching, so nothing links inside it …
    term_tip = re.search(r'<span class="term-tip" role="tooltip"[^>]*>(.*?)</span>', html).group(1)
    assert "Gustwalker." in term_tip and "card-link" not in term_tip
    # … and the card links once, in the running text after the heading and the link.
    assert cards_linked(text) == [("UNL-075", "Gustwalker")]


def test_a_glossary_term_wins_over_a_card_of_the_same_name():
    shield_card = card_info("OGN-900", "Gank")
    assert cards_linked("Une unité avec Gank.", Glossary([GANK, shield_card])) == []
    html = render_markdown("Une unité avec Gank.", glossary=Glossary([GANK, shield_card]), section="s")
    assert 'data-term="gank"' in html


def test_a_text_about_a_card_can_leave_that_card_unlinked():
    # What a card's own explanation would pass (exclude_term_slug=<its id>), as a term's explanation does.
    html = render_markdown("Saute-nuages gagne Gank.", glossary=GLOSSARY, section="s", exclude_term_slug="UNL-075")
    assert "card-link" not in html and 'data-term="gank"' in html


def test_card_names_need_a_capital():
    assert cards_linked("un ange gardien veille, un saute-nuages aussi.") == []
    assert cards_linked("Avec Ange gardien en jeu.") == [("SFD-051", "Ange gardien")]


@pytest.mark.parametrize(("text", "links"), [
    ("Je joue Flash sur mon unité.", True),  # capital, mid-sentence: the card
    ("Il répond avec « Flash » ici.", True),  # alone between guillemets: a name
    ("Puis, Flash ramène l'unité.", True),
    ("Un flash de lumière.", False),  # lower case: the word
    ("Flash ramène l'unité.", False),  # start of a text: any word takes a capital
    ("Fin. Flash ramène l'unité.", False),  # start of a sentence
    ("Voici : Flash ou rien.", False),  # after a colon, French capitalises a new sentence only; stay cautious
    ("**Flash** ramène l'unité.", False),  # start of the paragraph, inside bold
    ("- Flash ramène l'unité.", False),  # start of a list item
    ("Il dit « Encore une fois ! »", False),  # a quoted sentence opens with a capital
    ("Encore une fois, rien.", False),
    ("Le sort Encore rejoue la carte.", True),
])
def test_ordinary_word_names_link_only_as_proper_names(text, links):
    expected = 1 if links else 0
    assert len(cards_linked(text)) == expected, text


def test_once_per_page_and_strip_tooltips_handle_card_popovers():
    tip = ('<b class="term-tip__name" lang="en">Gustwalker</b><i class="card-tip__text" lang="en">'
           '<span class="card-tip__line"><span class="sym sym-might" role="img" aria-label="Puissance">'
           '<span class="visually-hidden">[M]</span></span> +1</span></i>')
    glossary = Glossary([card_info("UNL-075", "Gustwalker", tip=tip)])
    first = glossary.link_html("<p>Gustwalker attaque.</p>", section="a")
    second = glossary.link_html("<p>Gustwalker revient.</p>", section="b")
    page = once_per_page(first + second)
    assert page.count('class="card-link"') == 1 and "<p>Gustwalker revient.</p>" in page
    # The whole popover goes, nested symbol spans included: nothing of it is left in plain-text uses.
    assert strip_tooltips(first) == ('<p><a class="card-link" href="/cartes/unl-075/" aria-describedby="'
                                     + re.search(r'aria-describedby="([^"]+)"', first).group(1)
                                     + '" data-card="UNL-075">Gustwalker</a> attaque.</p>')


# --- the cards of the database -----------------------------------------------------------------------------

@pytest.mark.django_db
def test_entries_are_the_cards_names_with_their_popover():
    voidseeker = make_card(id="TST-101", name="Void Seeker", name_fr="Rayon du Néant", card_type="Spell",
                           energy=2, power=1, might=None, domains=["Mind"],
                           text="[Reaction]\nDeal 4 to a unit. [E] [>] [1]")
    make_card(id="TST-102", name="Flash", card_type="Spell", might=None)
    make_card(id="TST-103", name="Gold", name_fr="PO", card_type="Gear", supertype="Token", might=None)
    make_card(id="TST-104", name="Twin", aliases=["Twin Blade"], card_type="Unit")
    make_card(id="TST-105", name="Twin Blade", card_type="Gear", might=1)  # « Twin Blade » names two cards
    entries = {entry.slug: entry for entry in popovers.entries()}
    seeker = entries["TST-101"]
    assert seeker.kind == CARD and seeker.url == "/cartes/tst-101/" and seeker.match_case
    assert set(seeker.forms) == {"Void Seeker", "Rayon du Néant"} and seeker.name_only == ()
    assert entries["TST-102"].name_only == ("Flash",)
    assert entries["TST-103"].forms == ("Gold",)  # « PO » never links: an abbreviation everywhere
    assert entries["TST-104"].forms == ("Twin",)
    assert "TST-105" not in entries
    tip = seeker.tip_html
    assert '<b class="term-tip__name" lang="en">Void Seeker</b>' in tip
    assert "Nom français officiel : Rayon du Néant" in tip
    assert "Sort · Coût : 2 énergies et 1 essence runique" in tip and "Puissance" not in tip.split("<i")[0]
    # Riot's text verbatim, one span per line, symbols drawn as labelled icons, marked English.
    text = re.search(r'<i class="card-tip__text" lang="en">(.*)</i>', tip).group(1)
    assert text.count('<span class="card-tip__line">') == 2
    assert "Deal 4 to a unit." in text
    assert '<span class="visually-hidden">[E]</span>' in text and text.count('role="img"') == 3  # [E], [>] and [1]
    assert "<p>" not in tip and "style=" not in tip
    assert "Texte officiel de Riot" in tip
    assert voidseeker.get_absolute_url() == "/cartes/tst-101/"


@pytest.mark.django_db
def test_unit_popover_shows_might():
    make_card(id="TST-111", name="Blazing Test", card_type="Unit", energy=3, power=None, might=4)
    entry = next(e for e in popovers.entries() if e.slug == "TST-111")
    assert "Unité · Coût : 3 énergies · Puissance 4" in entry.tip_html


@pytest.mark.django_db
def test_faq_guide_and_plain_texts_show_card_popovers():
    make_card(id="TST-121", name="Gustwalker", name_fr="Saute-nuages")
    entry = faq(question="Saute-nuages et Gank ?", short_answer="Oui : Saute-nuages peut aller d'un champ à l'autre.",
                explanation="## Saute-nuages\n\nLe texte de Gustwalker le dit.")
    assert 'data-card="TST-121">Saute-nuages</a>' in entry.short_answer_html
    assert "<h2>Saute-nuages</h2>" in entry.explanation_html
    assert 'data-card="TST-121">Gustwalker</a>' in entry.explanation_html
    section = guide(sections=[("a", "Partie", "Un Gustwalker au combat.")]).sections.get()
    assert 'data-card="TST-121">Gustwalker</a>' in section.body_html
    # Plain texts (an example's narration) go through the same matcher with the |glossary_links filter.
    html = Template("{% load glossary %}{{ text|glossary_links }}").render(
        Context({"text": "Le joueur déplace Gustwalker <vite>."}))
    assert 'data-card="TST-121">Gustwalker</a>' in html and "&lt;vite&gt;" in html


@pytest.mark.django_db
def test_a_new_or_renamed_card_relinks_the_texts_that_name_it():
    entry = faq(short_answer="Le sort Hextest Ray touche une unité.")
    assert "card-link" not in entry.short_answer_html
    card = make_card(id="TST-131", name="Hextest Ray", card_type="Spell")
    entry.refresh_from_db()
    assert 'data-card="TST-131">Hextest Ray</a>' in entry.short_answer_html
    card.name = "Hextest Beam"
    card.save()
    entry.refresh_from_db()
    assert "card-link" not in entry.short_answer_html
    card.delete()


@pytest.mark.django_db
def test_a_term_keeps_its_forms_against_a_card():
    make_term("Bouclier", forms=["Shield"], english_name="Shield")
    make_card(id="TST-141", name="Shield", card_type="Spell")
    entry = faq(short_answer="Une unité avec Shield prend moins.")
    assert "card-link" not in entry.short_answer_html and 'data-term="bouclier"' in entry.short_answer_html


@pytest.mark.django_db
def test_a_card_explanation_does_not_link_its_own_card():
    card = make_card(id="TST-132", name="Hextest Lance", card_type="Spell")
    make_card(id="TST-133", name="Hextest Shield", card_type="Gear")
    text = explanation(of=card, text="Hextest Lance se joue avant Hextest Shield.").text_html
    assert 'data-card="TST-132"' not in text and 'data-card="TST-133"' in text
