import pytest
from django.test import Client
from django.urls import reverse

from cards.models import Card
from rules.models import FAQEntry, Guide

from .factories import faq, guide

pytestmark = pytest.mark.django_db


@pytest.fixture
def content(site_content):
    return {"faq": FAQEntry.objects.first(), "guide": Guide.objects.first(), "card": Card.objects.first()}


def test_every_page_type_answers(client, content):
    urls = [
        reverse("rules:home"), reverse("rules:faq_index"), reverse("rules:guide_index"),
        reverse("cards:gallery"), content["faq"].get_absolute_url(), content["guide"].get_absolute_url(),
        content["card"].get_absolute_url(), reverse("search:search") + "?q=couche", reverse("sitemap"),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url


def test_faq_entry_shows_the_short_answer_before_the_explanation(client):
    entry = faq(short_answer="RÉPONSE-COURTE", explanation="EXPLICATION-LONGUE", example="EXEMPLE")
    html = client.get(entry.get_absolute_url()).content.decode()
    assert html.index("RÉPONSE-COURTE") < html.index("EXPLICATION-LONGUE") < html.index("EXEMPLE")
    # The page is typeset: a narrow no-break space before the question mark.
    assert f"<title>{entry.question.replace(' ?', chr(0x202F) + '?')} · RiftPal</title>" in html
    assert 'name="description" content="RÉPONSE-COURTE' in html
    assert 'href="#reponse"' in html and 'data-copy-anchor="reponse"' in html


def test_guide_has_a_table_of_contents_and_anchors(client):
    obj = guide(sections=[("premiere", "Première", "Texte A"), ("seconde", "Seconde", "Texte B")])
    html = client.get(obj.get_absolute_url()).content.decode()
    assert 'href="#premiere"' in html and 'id="premiere"' in html and 'id="seconde"' in html
    assert 'data-copy-anchor="seconde"' in html


def test_unknown_slugs_get_a_french_404(client):
    for url in ["/faq/nexiste-pas/", "/guides/nexiste-pas/", "/cartes/xyz-999/", "/pas-de-page/"]:
        response = client.get(url)
        assert response.status_code == 404
        assert "Page introuvable" in response.content.decode()


def test_search_page_and_htmx_fragment(client):
    faq(question="Doubler une unité négative", short_answer="Ajoute 0.")
    full = client.get(reverse("search:search"), {"q": "negative"})
    assert "<mark>négative</mark>" in full.content.decode() and "<html" in full.content.decode()
    fragment = client.get(reverse("search:search"), {"q": "negative"}, headers={"HX-Request": "true"})
    body = fragment.content.decode()
    assert "<mark>négative</mark>" in body and "<html" not in body
    assert "HX-Request" in fragment["Vary"]


@pytest.mark.parametrize("query", ["", "<script>alert(1)</script>", "'; DROP TABLE rules_faqentry; --",
                                   "é" * 10_000])
def test_search_never_fails_on_hostile_input(client, query):
    response = client.get(reverse("search:search"), {"q": query})
    assert response.status_code == 200
    assert "<script>alert" not in response.content.decode()


def test_security_headers(client):
    response = client.get(reverse("rules:home"))
    csp = response["Content-Security-Policy"]
    # No nonce: pages are cached whole and shared (core.middleware), and every script is a file.
    assert "script-src 'self'" in csp and "nonce" not in csp and "unsafe-inline" not in csp
    assert "style-src 'self'" in csp
    html = response.content.decode()
    assert " style=" not in html
    for chunk in html.split("<script")[1:]:
        tag = chunk.split(">", 1)[0]
        assert "src=" in tag, "inline script"


def test_admin_requires_login(client):
    response = client.get("/admin/rules/faqentry/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_sitemap_lists_content(client, content):
    xml = client.get(reverse("sitemap")).content.decode()
    assert content["faq"].get_absolute_url() in xml and content["guide"].get_absolute_url() in xml


def test_oversized_post_gets_a_french_400(client):
    big = client.generic("POST", "/admin/login/", "a=" + "x" * 400_000,
                         content_type="application/x-www-form-urlencoded")
    assert big.status_code == 400
    assert "Requête invalide" in big.content.decode()


def test_csrf_failure_is_explained_in_french():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/admin/login/", {"username": "a", "password": "b"})
    assert response.status_code == 403
    assert "Formulaire expiré" in response.content.decode()
