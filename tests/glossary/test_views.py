"""Glossary pages: A–Z index with a filter that works without JavaScript, and one page per term."""

import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from glossary.models import Term
from tests.rules.factories import faq, guide

from .factories import term

pytestmark = pytest.mark.django_db


def test_index_lists_terms_a_to_z_with_letters():
    term("Épuiser")
    term("Couche", english_name="Layer")
    term("Bouclier", english_name="Shield")
    html = reverse("glossary:index")
    body = Client().get(html).content.decode()
    assert body.index(">Bouclier<") < body.index(">Couche<") < body.index(">Épuiser<")
    assert 'href="#lettre-E"' in body and 'id="lettre-E"' in body  # « Épuiser » files under E
    assert '<span class="letter-nav__off">Z</span>' in body
    assert 'lang="en">Shield<' in body


def test_the_filter_works_as_a_plain_form(client):
    term("Couche", english_name="Layer")
    term("Bouclier", english_name="Shield", forms=["boucliers"])
    body = client.get(reverse("glossary:index") + "?q=SHIELD").content.decode()
    assert "1 terme sur 2" in body
    # Every term stays in the page (the script can widen the filter), the others are hidden.
    assert 'data-search="Couche Layer Couche" hidden' in body
    assert 'data-search="Bouclier Shield Bouclier boucliers">' in body
    body = client.get(reverse("glossary:index") + "?q=epuis").content.decode()
    assert "Aucun terme ne correspond" in body and "0 terme sur 2" in body


def test_term_page_shows_everything_about_the_term(client):
    shield = term("Bouclier", english_name="Shield", definition="Bonus en défense.",
                  explanation="Un **bouclier** aide le défenseur.", kind="mot-cle")
    other = term("Défenseur", explanation="Il profite du bouclier.")
    shield.related.add(other)
    entry = faq(question="Le bouclier compte-t-il ?", short_answer="Oui, le bouclier compte.")
    obj = guide(title="Guide des boucliers", sections=[("s", "Section bouclier", "Le bouclier ajoute 1.")])
    body = client.get(shield.get_absolute_url()).content.decode()
    assert "<h1>Bouclier</h1>" in body
    assert 'lang="en">Shield<' in body and "Bonus en défense." in body
    assert "Mot-clé" in body
    assert 'href="/glossaire/defenseur/"' in body  # related term, and linked in the explanation
    assert 'href="/glossaire/bouclier/" aria-describedby' not in body  # no self-link
    assert "Où ce terme apparaît" in body
    for url in (entry.get_absolute_url(), obj.sections.get().get_absolute_url(),
                other.get_absolute_url()):
        assert f'href="{url}"' in body
    assert "Guide des boucliers — Section bouclier" in body  # a section is named with its guide


def test_unknown_term_is_404(client):
    assert client.get(reverse("glossary:detail", args=["inconnu"])).status_code == 404


def test_term_pages_are_in_the_sitemap(client):
    term("Couche")
    assert "/glossaire/couche/" in client.get(reverse("sitemap")).content.decode()


def test_faq_meta_description_has_no_tooltip_text(client):
    term("Couche", definition="DÉFINITION-INFOBULLE")
    entry = faq(short_answer="Une couche à la fois.")
    body = client.get(entry.get_absolute_url()).content.decode()
    assert 'name="description" content="Une couche à la fois.' in body
    assert body.count("DÉFINITION-INFOBULLE") == 1  # in the tooltip only


def test_glossary_links_filter_for_plain_text():
    term("Couche")
    template = Template("{% load glossary %}{{ text|glossary_links }}")
    out = template.render(Context({"text": "<i>Une couche</i>"}))
    assert out.startswith("&lt;i&gt;Une ")
    assert 'class="term" href="/glossaire/couche/"' in out and 'role="tooltip"' in out


def test_every_page_of_the_shipped_glossary_answers(client, site_content):
    assert Term.objects.count() >= 40
    assert client.get(reverse("glossary:index")).status_code == 200
    for obj in Term.objects.all():
        response = client.get(obj.get_absolute_url())
        assert response.status_code == 200, obj.slug
        # Every text listed as linking the term leads somewhere (a card explanation once gave href="").
        assert 'href=""' not in response.content.decode(), obj.slug
    page = client.get(Term.objects.get(slug="agonie").get_absolute_url()).content.decode()
    assert re.search(r'<a href="/cartes/[a-z]+-\d+[a-z]*/">[^<]+\([A-Z]+-\d+', page)


def test_admin_lists_adds_and_refuses_a_form_already_taken(admin_client):
    term("Couche", forms=["couches"])
    changelist = reverse("admin:glossary_term_changelist") + "?kind__exact=notion&q=couche"
    assert admin_client.get(changelist).status_code == 200
    url = reverse("admin:glossary_term_add")
    assert admin_client.get(url).status_code == 200
    data = {"name": "Strate", "slug": "strate", "kind": "notion", "short_definition": "Autre mot.",
            "forms": "Couches", "explanation": ""}
    response = admin_client.post(url, data)
    assert response.status_code == 200 and "mène déjà au terme «\u00a0Couche\u00a0»" in response.content.decode()
    response = admin_client.post(url, {**data, "forms": "strates"})
    assert response.status_code == 302


def test_glossary_links_with_a_key_give_the_same_ids_on_every_render():
    term("Couche")
    template = Template("{% load glossary %}{{ text|glossary_links:key }}")
    first = template.render(Context({"text": "Une couche", "key": "player-a"}))
    assert first == template.render(Context({"text": "Une couche", "key": "player-a"}))
    other = template.render(Context({"text": "Une couche", "key": "player-b"}))
    ids = re.compile(r'id="(tt-[^"]+)"')
    assert ids.findall(first) and ids.findall(first) != ids.findall(other)
