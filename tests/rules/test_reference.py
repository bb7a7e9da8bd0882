"""The whole game: the rules reference, its permalinks and citations, and what the shipped content promises."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from glossary.models import Term
from rules import citations
from rules.choices import CURRENT_RULES_VERSION, Chapter
from rules.loader import Loader
from rules.models import Category, FAQEntry, Guide, GuideSection, RuleCitation, RuleSection

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shipped(django_db_setup, django_db_blocker):
    """The shipped content, loaded once for this module (loading takes seconds), then removed."""
    with django_db_blocker.unblock():
        Loader().load_all()
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


def test_ships_the_whole_game(shipped):
    assert FAQEntry.objects.count() >= 150
    assert Category.objects.count() >= 12
    assert all(category.entries.exists() for category in Category.objects.all())
    assert Guide.objects.count() >= 12
    assert Guide.objects.filter(slug="votre-premiere-partie").exists()
    assert Term.objects.count() >= 150
    assert RuleSection.objects.count() >= 60


def test_every_faq_entry_cites_a_rule(shipped):
    assert not FAQEntry.objects.filter(rules=[]).exists()
    assert not [e.slug for e in FAQEntry.objects.all() if not e.citations.exists()]


def test_every_chapter_and_every_keyword_has_a_section(shipped):
    chapters = set(RuleSection.objects.values_list("chapter", flat=True))
    assert chapters == set(Chapter.values)
    covered = set()
    for section in RuleSection.objects.all():
        for first, last in section.covers:
            covered.update(range(first, last + 1))
    expected = {1, 50, *range(101, 201), *range(201, 490), 649, *range(701, 800), *range(801, 830)}
    assert sorted(expected - covered) == []
    for keyword in range(805, 830):
        own = [s for s in RuleSection.objects.filter(chapter=Chapter.KEYWORDS) if s.covers == [[keyword, keyword]]]
        assert len(own) == 1, keyword


def test_every_cited_rule_resolves_to_a_section(shipped, client):
    index = citations.get_index()
    cited = set(RuleCitation.objects.values_list("number", flat=True))
    for model, fields in ((FAQEntry, ["short_answer_html", "explanation_html", "example_html"]),
                          (GuideSection, ["body_html"]), (RuleSection, ["body_html"]), (Term, ["explanation_html"])):
        for obj in model.objects.all():
            for field in fields:
                cited.update(re.findall(r'href="/regles/([0-9][0-9a-z.]*)/"', getattr(obj, field)))
    assert len(cited) > 100
    assert sorted(number for number in cited if index.url_for(number) is None) == []
    for number in sorted(cited):
        response = client.get(f"/regles/{number}/")
        assert response.status_code == 302, number
        section = RuleSection.objects.get(slug=response.url.split("/")[2])
        assert section.covers_number(citations.top_of(number)), number


def test_a_rule_number_goes_to_the_section_that_explains_it(shipped, client):
    for asked in ("459", "459.2.a", "R459", "r465"):
        response = client.get(f"/regles/{asked}/")
        assert response.status_code == 302, asked
        assert client.get(response.url.split("#")[0]).status_code == 200
        section = RuleSection.objects.get(slug=response.url.split("/")[2])
        assert section.covers_number(int(re.sub(r"\D", "", asked.split(".")[0])))
    response = client.get("/regles/998/")
    assert response.status_code == 404
    assert "règles" in response.content.decode()


def test_citations_become_links_with_a_summary(shipped, client):
    entry = FAQEntry.objects.filter(explanation__contains="R. 4").first()
    body = client.get(entry.get_absolute_url()).content.decode()
    link = re.search(r'<a class="term rule-ref" href="/regles/([^"]+)/" aria-describedby="([^"]+)">', body)
    assert link
    tip = re.search(rf'<span class="term-tip" role="tooltip" id="{link.group(2)}">(.*?)</span>', body, re.S)
    assert tip and "Règle" in tip.group(1)
    assert 'id="regles-citees"' in body  # the list of the entry's rules


def test_a_section_page_links_what_cites_it(shipped, client):
    combat = RuleSection.objects.filter(chapter=Chapter.COMBAT).first()
    citing = RuleCitation.objects.filter(top__range=combat.covers[0], faq__isnull=False).first()
    body = client.get(combat.get_absolute_url()).content.decode()
    assert citing.faq.get_absolute_url() in body
    assert "Termes du glossaire" in body or "Questions sur ces règles" in body
    for rule in combat.summaries():
        assert f'id="{rule["anchor"]}"' in body


def test_pages_say_which_rules_version_they_were_checked_against(shipped, client):
    checked = f"Vérifié avec les règles de base v{CURRENT_RULES_VERSION}"
    for obj in (FAQEntry.objects.filter(checked_version=CURRENT_RULES_VERSION).first(),
                Guide.objects.filter(checked_version=CURRENT_RULES_VERSION).first(),
                RuleSection.objects.filter(checked_version=CURRENT_RULES_VERSION).first()):
        body = client.get(obj.get_absolute_url()).content.decode()
        assert checked in body and "16 juillet 2026" in body
    older = FAQEntry.objects.exclude(checked_version=CURRENT_RULES_VERSION).first()
    assert older is not None
    assert "Pas encore vérifié" in client.get(older.get_absolute_url()).content.decode()


def test_the_editors_page_lists_what_is_not_checked(shipped, client, django_user_model):
    url = reverse("rules:editors_versions")
    assert client.get(url).status_code == 302  # editors only
    client.force_login(django_user_model.objects.create_user("ed", password="x", is_staff=True))
    body = client.get(url).content.decode()
    older = FAQEntry.objects.exclude(checked_version=CURRENT_RULES_VERSION)
    assert older.exists()
    for entry in older:
        assert entry.get_absolute_url() in body
    current = FAQEntry.objects.filter(checked_version=CURRENT_RULES_VERSION).first()
    assert current.get_absolute_url() not in body


def test_the_glossary_describes_every_term(shipped):
    for term in Term.objects.all():
        assert term.kind in Term.Kind.values, term.slug
        assert term.rules, term.slug
    keywords = Term.objects.filter(kind=Term.Kind.KEYWORD)
    assert keywords.count() == 25
    assert all(805 <= citations.top_of(citations.parse(term.rules[0])) <= 829 for term in keywords)
    assert Term.objects.get(slug="unite-puissante").kind == Term.Kind.STATE
    assert Term.objects.get(slug="buff").kind != Term.Kind.KEYWORD
    assert "XP" in Term.objects.get(slug="chasse").short_definition


def test_the_sitemap_lists_the_rules_reference(shipped, client):
    body = client.get("/sitemap.xml").content.decode()
    assert "/regles/" in body
    for section in RuleSection.objects.all()[:5]:
        assert section.get_absolute_url() in body


def test_pages_follow_french_typography(shipped, client):
    entry = FAQEntry.objects.get(slug="jusqu-a-5-et-sort")
    body = client.get(entry.get_absolute_url()).content.decode()
    title = re.search(r"<h1>(.*?)</h1>", body).group(1)
    assert "\u202f?" in title  # narrow no-break space before the question mark
    assert "’" in body and "d'" not in re.sub(r"<[^>]+>", "", body)


def test_a_glossary_term_shows_its_rules_linked(shipped, client):
    tank = Term.objects.get(slug="tank")
    body = client.get(tank.get_absolute_url()).content.decode()
    assert "Règles de base" in body
    assert f'href="/regles/{citations.parse(tank.rules[0])}/"' in body
    assert 'role="tooltip"' in body
