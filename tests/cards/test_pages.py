"""A card's page: Riot's text with its symbols drawn, keywords, the rules, errata, printings, preview data."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

from cards import rules_notes
from cards.catalog import DATA_DIR
from cards.models import Card
from cards.views import keywords_of

from .factories import card, explanation

pytestmark = pytest.mark.django_db


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    # The typography middleware puts French non-breaking spaces in: compare with plain spaces.
    return response.content.decode().replace("\xa0", " ").replace("\u202f", " ").replace("&nbsp;", " ")


def section(html: str, anchor: str) -> str:
    start = html.index(f'id="{anchor}"')
    return html[start:html.index("</section>", start)]


def test_symbols_are_labelled_icons_and_the_text_stays_copyable(client):
    text = "[1][R], Recycle a unit from your trash, [E]: Play a 3 [M] Mech unit token to your base."
    obj = card(id="SFD-019", name="Assembly Rig", card_type="Gear", domains=["Fury"], text=text)
    html = page(client, obj.get_absolute_url())
    riot = section(html, "texte")
    assert 'role="img" aria-label="1 énergie"' in riot
    assert 'role="img" aria-label="Essence runique de Fureur"' in riot
    assert 'role="img" aria-label="Épuiser"' in riot and 'role="img" aria-label="Puissance"' in riot
    # Copying the text gives Riot's text back: each icon keeps its shorthand as hidden text.
    body = re.search(r'<div class="game-card__text riot-text__body" lang="en">(.*?)</div>', riot, re.S).group(1)
    assert strip_tags(body).replace("&#x27;", "'") == text
    assert "Texte officiel de Riot" in riot and 'lang="en"' in riot


def test_a_keyword_links_its_term_and_rule_and_says_what_it_does_with_its_number(client, site_content):
    html = page(client, "/cartes/unl-075/")
    keywords = section(html, "mots-cles")
    assert '<a href="/glossaire/chasse/">Chasse 2</a>' in keywords and 'href="/regles/823/"' in keywords
    assert '<a href="/glossaire/niveau/">Niveau 3</a>' in keywords
    rules = section(html, "regles")
    # Hunt 2 on this card: its controller gains 2 XP (R. 823.1.c.1), Level 3: active from 3 XP (R. 824.1.b.1).
    text = strip_tags(rules)
    assert "gagne 2 XP" in text and "au moins 3 XP" in text
    # Riot printed a French name for it (French rules v1.4): shown, labelled, with its source.
    assert "Nom français officiel" in html and "Saute-nuages" in html and "727.1.b.2" in html
    # The FAQ entries that use the card are listed.
    assert 'href="/faq/gustwalker-gagne-gank/"' in html


def test_a_card_without_keywords_gets_the_rules_of_its_type(client, site_content):
    html = page(client, "/cartes/ogn-275/")  # Altar to Unity, a battlefield
    rules = strip_tags(section(html, "regles"))
    assert "Champ de bataille" in rules and "R. 133.6.a" in rules


def test_a_card_with_errata_shows_old_and_new_text_date_and_link(client, site_content):
    data = {c["id"]: c for c in json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))}["OGN-005"]
    html = page(client, "/cartes/ogn-005/")
    errata = section(html, "errata")
    assert "28 octobre 2025" in errata
    assert f'href="{data["errata"][0]["url"]}"' in errata
    assert "If this kills it, draw 1." in strip_tags(errata)  # the old text
    assert "If this kills it, do this: draw 1." in strip_tags(errata)  # the new one
    assert "CC BY-SA 4.0" in errata
    # The card's own text is the text with the erratum applied.
    assert "do this: draw 1" in strip_tags(section(html, "texte"))


def test_a_radiance_card_says_it_is_a_preview(client, site_content):
    html = page(client, "/cartes/rad-002/")
    assert "Aperçu, non définitif." in html
    ordinary = page(client, "/cartes/ogn-005/")
    assert "Aperçu, non définitif." not in ordinary


def test_the_image_is_riots_lazy_sized_with_a_french_alt_and_the_page_is_whole_without_it(client):
    obj = card(image_url="https://cmsassets.rgpub.io/x/abc-744x1039.png?accountingTag=RB", name="Imaged")
    html = page(client, obj.get_absolute_url())
    img = re.search(r"<img [^>]+>", html).group(0)
    assert 'loading="lazy"' in img and 'width="744"' in img and 'height="1039"' in img
    assert 'alt="Illustration de la carte Imaged"' in img
    bare = page(client, card(image_url="", name="Bare").get_absolute_url())
    assert "<img" not in bare.split("<main", 1)[1] and "Texte officiel de Riot" in bare


def test_our_explanation_is_labelled_as_ours(client):
    obj = card(name="Explained")
    explanation(of=obj, text="Un piège : **rien** ne change.")
    html = section(page(client, obj.get_absolute_url()), "notre-explication")
    assert "Notre explication" in html and "pas un texte officiel" in html and "<strong>rien</strong>" in html


def test_unknown_numbers_get_a_french_404(client):
    for url in ("/cartes/xyz-999/", "/cartes/ogn-999/", "/cartes/pas-une-carte/"):
        response = client.get(url)
        assert response.status_code == 404 and "Page introuvable" in response.content.decode()


def test_old_and_name_addresses_redirect_permanently(client):
    card(id="SFD-051", name="Guardian Angel", name_fr="Ange gardien", card_type="Gear")
    card(id="OGN-232", name="Fiora, Victorious", name_fr="Fiora, Victorieuse")
    for old, new in (("/cartes/guardian-angel/", "/cartes/sfd-051/"), ("/cartes/fiora-victorious/", "/cartes/ogn-232/"),
                     ("/cartes/ange-gardien/", "/cartes/sfd-051/"), ("/cartes/SFD-051/", "/cartes/sfd-051/"),
                     ("/cartes/fiora-victorieuse/", "/cartes/ogn-232/")):
        response = client.get(old)
        assert (response.status_code, response["Location"]) == (301, new), old


def test_every_card_is_in_the_sitemap_with_a_rules_paragraph_and_a_sample_of_pages_answers(client, site_content):
    ids = [c["id"] for c in json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))]
    xml = client.get(reverse("sitemap")).content.decode()
    assert len(set(re.findall(r"<loc>[^<]*/cartes/([a-z0-9*-]+)/</loc>", xml))) == len(ids) == 1058
    # Every card gets at least one « Ce que disent les règles » paragraph, from the same code as its page.
    for obj in Card.objects.prefetch_related("keyword_set"):
        notes = [keyword["note"] for keyword in keywords_of(obj) if keyword["note"]]
        assert notes or rules_notes.type_note(obj.card_type), obj.id
    # Rendering all 1,058 pages takes minutes on a busy machine: every 8th one, each set and type included.
    for card_id in ids[::8]:
        html = page(client, f"/cartes/{card_id.lower()}/")
        assert 'class="rules-note"' in section(html, "regles"), card_id
        assert Card.objects.get(pk=card_id).name.replace("'", "&#x27;") in html, card_id
