"""What the service worker saves for reading offline (/hors-ligne/pages.json): every FAQ answer, glossary term,
guide and rules section of the sitemap, titled as the pages are, rules first, with the budget it states."""

from __future__ import annotations

import pytest
from django.urls import reverse

from glossary.models import Term

from .factories import faq

pytestmark = pytest.mark.django_db


def test_the_list_names_every_reading_page_typeset_with_the_budget(client):
    entry = faq(question="Que fait l'horodatage ?")
    term = Term.objects.create(slug="tank", name="Tank", short_definition="Doit être attaqué en premier.")
    listing = client.get(reverse("offline:pages")).json()
    pages = {page["url"]: page for page in listing["pages"]}
    assert pages[entry.get_absolute_url()] == {"url": entry.get_absolute_url(), "kind": "réponses de la FAQ",
                                               "title": "Que fait l\u2019horodatage\u202f?"}
    assert pages[term.get_absolute_url()]["kind"] == "termes du glossaire"
    kinds = [page["kind"] for page in listing["pages"]]
    assert kinds == sorted(kinds, key=["sections des règles", "réponses de la FAQ", "termes du glossaire",
                                       "guides"].index)
    assert not any(url in pages for url in ("/faq/", "/glossaire/", "/exemples/"))  # indexes are kept at install
    assert listing["budget"] == 24 * 1024 * 1024


def test_the_offline_page_has_the_site_navigation(client):
    response = client.get(reverse("offline:page"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'aria-label="Navigation principale"' in html and "data-offline-saved" in html
