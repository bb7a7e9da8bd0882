"""A term renamed to its official French name keeps its former address (301) and its former name (links, filter)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from glossary.loader import load_terms, read_terms
from glossary.models import Term
from rules.loader import Loader
from rules.models import ContentRecord
from search.query import search
from tests.rules.factories import faq

from .factories import term

pytestmark = pytest.mark.django_db


def test_a_former_slug_redirects_for_good_to_the_term(client):
    ready = term("Préparer", slug="preparer", former_slugs=["redresser"], forms=["redresser"])
    response = client.get(reverse("glossary:detail", args=["redresser"]))
    assert response.status_code == 301
    assert response["Location"] == ready.get_absolute_url()
    assert client.get(reverse("glossary:detail", args=["inconnu"])).status_code == 404


def test_the_former_name_still_links_and_filters_to_the_new_term(client):
    term("Préparer", slug="preparer", english_name="Ready", former_slugs=["redresser"], forms=["redresser"])
    entry = faq(question="Puis-je redresser une unité ?", short_answer="Oui, si un effet vous dit de redresser.")
    assert 'href="/glossaire/preparer/"' in entry.short_answer_html
    body = client.get(reverse("glossary:index") + "?q=redresser").content.decode()
    assert "1 terme sur 1" in body
    body = client.get(reverse("glossary:index") + "?q=ready").content.decode()
    assert "1 terme sur 1" in body


def write_glossary(path, entry: str):
    path.write_text(entry, encoding="utf-8")
    return path


def test_the_loader_renames_the_stored_term_instead_of_adding_a_second_one(tmp_path):
    old = write_glossary(tmp_path / "old.yaml", """
- slug: redresser
  name: Redresser
  english_name: Ready
  short_definition: Remettre une carte droite.
  explanation: Ancien texte.
""")
    loader = Loader()
    loader.glossary_file = old
    load_terms(loader)
    new = write_glossary(tmp_path / "new.yaml", """
- slug: preparer
  former_slugs: [redresser]
  name: Préparer
  english_name: Ready
  short_definition: Remettre une carte épuisée en position prête.
  explanation: Nom officiel français.
  forms: [redresser]
""")
    loader = Loader()
    loader.glossary_file = new
    load_terms(loader)
    assert loader.stats["updated"] == 1 and loader.stats["created"] == 0 and loader.stats["kept_edited"] == 0
    stored = Term.objects.get()
    assert (stored.slug, stored.name, stored.former_slugs) == ("preparer", "Préparer", ["redresser"])
    assert set(ContentRecord.objects.filter(kind="term").values_list("key", flat=True)) == {"preparer"}
    # A second load of the same file changes nothing.
    loader = Loader()
    loader.glossary_file = new
    load_terms(loader)
    assert loader.stats["unchanged"] == 1 and loader.stats["updated"] == 0


def test_shipped_renames_keep_the_former_names_and_never_reuse_a_slug():
    entries = read_terms()
    slugs = {entry["slug"] for entry in entries}
    renamed = {entry["slug"]: entry for entry in entries if entry.get("former_slugs")}
    assert {"preparer", "element-de-jeu", "reserve-runique", "equiper-action", "desequiper", "intervertir",
            "figement", "emplacement", "degats-mortels"} <= set(renamed)
    for slug, entry in renamed.items():
        assert not set(entry["former_slugs"]) & slugs, slug
    forms = {entry["slug"]: [form.casefold() for form in entry.get("forms") or []] for entry in entries}
    assert "redresser" in forms["preparer"] and "objet de jeu" in forms["element-de-jeu"]
    assert "réserve de runes" in forms["reserve-runique"] and "attacher" in forms["equiper-action"]
    english = {entry["slug"]: entry.get("english_name") for entry in entries}
    assert english["preparer"] == "Ready" and english["intervertir"] == "Swap" and english["equiper-action"] == "Attach"
    # The three keywords of 2026-10 have no official French name yet: the English one is shown.
    for slug, name in (("deploy", "Deploy"), ("disarm", "Disarm"), ("show-off", "Show Off")):
        keyword = next(entry for entry in entries if entry["slug"] == slug)
        assert keyword["name"] == keyword["english_name"] == name
        assert "pas encore de nom français officiel" in keyword["short_definition"]


def test_search_finds_a_renamed_term_by_its_former_name():
    term("Figement", slug="figement", english_name="Snapshotting", former_slugs=["limite-memorisee"],
         forms=["limite mémorisée"], definition="Un effet limité garde la valeur calculée en s'appliquant.")
    assert [hit.title for hit in search("limite mémorisée")][:1] == ["Figement"]
    assert [hit.title for hit in search("snapshotting")][:1] == ["Figement"]


def test_every_glossary_link_written_in_shipped_content_leads_to_a_term():
    entries = read_terms()
    known = {entry["slug"] for entry in entries} | {old for entry in entries for old in entry.get("former_slugs") or []}
    content = Path(settings.BASE_DIR) / "rules" / "content"
    written = {slug for path in content.rglob("*.yaml")
               for slug in re.findall(r"/glossaire/([a-z0-9-]+)/", path.read_text(encoding="utf-8"))}
    assert "preparer" in written  # the « Pièges de traduction » guide links the glossary
    assert written <= known, sorted(written - known)
