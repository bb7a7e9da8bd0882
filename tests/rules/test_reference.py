"""The whole game: the rules reference, its permalinks and citations, and what the shipped content promises."""

import re

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.urls import reverse

from cards.models import CardExplanation
from glossary.models import Term
from rules import citations, editions, reference_index
from rules.changes import CHANGES_FILE
from rules.choices import CURRENT_RULES_VERSION, Chapter
from rules.loader import Loader
from rules.models import Category, FAQEntry, Guide, GuideSection, RuleCitation, RuleSection
from worked_examples.models import WorkedExample

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
    # Every top-level rule of the current edition from 101 on (chapter headings 300, 700 and 800 aside), the
    # golden and silver rules and 649.
    tops = {citations.top_of(n) for n in editions.load_index(CURRENT_RULES_VERSION).numbers if "." not in n}
    expected = {1, 50, 649} | {n for n in tops if 100 < n < 649 or n > 700} - {300, 700, 800}
    assert {805, 829, 830, 832, 491} <= expected
    assert sorted(expected - covered) == []
    for keyword in range(805, 833):
        own = [s for s in RuleSection.objects.filter(chapter=Chapter.KEYWORDS) if s.covers == [[keyword, keyword]]]
        assert len(own) == 1, keyword


def test_every_cited_rule_resolves_to_a_section(shipped, client):
    index = reference_index.get_index()
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


def test_a_cited_rule_belongs_to_exactly_one_text(shipped):
    # Issue 24: three nullable foreign keys, now held by a check constraint (both databases enforce it).
    faq, section, term = FAQEntry.objects.first(), GuideSection.objects.first(), Term.objects.first()
    assert RuleCitation.objects.filter(faq__isnull=False).count() > 50
    for owners in ({}, {"faq": faq, "term": term}, {"faq": faq, "section": section, "term": term}):
        with pytest.raises(IntegrityError), transaction.atomic():
            RuleCitation.objects.create(number="466", top=466, **owners)
    with transaction.atomic():
        RuleCitation.objects.create(number="466", top=466, section=section).delete()


def test_a_section_page_links_what_cites_it(shipped, client):
    combat = RuleSection.objects.filter(chapter=Chapter.COMBAT).first()
    citing = RuleCitation.objects.filter(top__range=combat.covers[0], faq__isnull=False).first()
    body = client.get(combat.get_absolute_url()).content.decode()
    assert citing.faq.get_absolute_url() in body
    assert "Termes du glossaire" in body or "Questions sur ces règles" in body
    for rule in combat.summaries():
        assert f'id="{rule["anchor"]}"' in body


def test_every_v1_4_number_leads_to_the_rule_today(shipped, client):
    """/regles/v1.4/<n>/ works for every number of the shipped v1.4 index: a section, or a page saying why not."""
    old = editions.load_index("1.4")
    assert len(old.numbers) > 2000
    statuses = {}
    for number in old.numbers:
        response = client.get(f"/regles/v1.4/{number}/")
        assert response.status_code in (200, 302, 410), (number, response.status_code)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        if response.status_code == 302:
            section = RuleSection.objects.get(slug=response.url.split("/")[2])
            target = editions.load_map("1.4").get(number).target
            assert section.covers_number(citations.top_of(target)), number
    assert statuses[302] > 2000


def test_a_rule_removed_since_v1_4_says_so(shipped, client):
    response = client.get("/regles/v1.4/323.4/")  # the Deathknell step of the cleanup, gone on 2026-10-09
    assert response.status_code == 410
    body = response.content.decode()
    assert "existe plus" in body and "R.\u00a0323" in body.replace("&nbsp;", "\u00a0")
    assert client.get("/regles/v1.4/466.1/").url.split("#")[0] == client.get("/regles/468.1/").url.split("#")[0]


def test_the_changes_page_lists_every_chapter_and_the_new_keywords(shipped, client):
    body = client.get(reverse("rules:changes")).content.decode()
    assert 'id="couches"' in body and "R.\u00a0479" in body.replace("&nbsp;", "\u00a0")
    for english in ("Deploy", "Disarm", "Show Off"):
        assert f'<span lang="en">{english}</span>' in body
    assert "nom français officiel" in body
    mapping = editions.load_map("1.4")
    edited = [change for change in mapping.changes.values() if change.status == editions.EDITED]
    assert edited and all(f"/regles/{change.target}/" in body for change in edited)
    assert reverse("rules:changes") in client.get(reverse("rules:rules_index")).content.decode()
    assert reverse("rules:changes") in client.get(reverse("rules:site_plan")).content.decode()
    assert reverse("rules:changes") in client.get("/sitemap.xml").content.decode()


def test_every_shipped_citation_exists_in_the_current_edition(shipped):
    """Every rule number the loaded content cites (« R. n » in its texts, its ``rules`` lists, the sections'
    ``covers`` bounds and summaries) is a number of the current edition's shipped index."""
    index = editions.load_index(CURRENT_RULES_VERSION)
    where: dict[str, set[str]] = {}

    def cite(numbers, place):
        for number in numbers:
            parsed = citations.parse(str(number))
            if parsed:
                where.setdefault(parsed, set()).add(place)

    for entry in FAQEntry.objects.all():
        cite(entry.cited_numbers(), f"faq:{entry.slug}")
    for guide in Guide.objects.prefetch_related("sections"):
        cite(guide.cited_numbers(), f"guide:{guide.slug}")
    for section in RuleSection.objects.all():
        cite(section.cited_numbers(), f"section:{section.slug}")
        cite([bound for pair in section.covers for bound in pair], f"section:{section.slug} (covers)")
    for term in Term.objects.all():
        cite([*term.rules, *citations.cited_in(term.explanation)], f"term:{term.slug}")
    for explanation in CardExplanation.objects.all():
        cite(citations.cited_in(explanation.text), f"card:{explanation.card_id}")
    for example in WorkedExample.objects.all():
        cite(citations.cited_in(example.description, example.scenario), f"example:{example.slug}")
    cite(citations.cited_in(CHANGES_FILE.read_text(encoding="utf-8")), "changes.yaml")
    assert len(where) > 300
    missing = {number: sorted(places)[:3] for number, places in where.items() if number not in index}
    assert missing == {}


def test_the_glossary_describes_every_term(shipped):
    for term in Term.objects.all():
        assert term.kind in Term.Kind.values, term.slug
        assert term.rules, term.slug
    keywords = Term.objects.filter(kind=Term.Kind.KEYWORD)
    assert keywords.count() == 28  # 805 to 832
    assert all(805 <= citations.top_of(citations.parse(term.rules[0])) <= 832 for term in keywords)
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
