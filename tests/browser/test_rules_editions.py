"""The pages of the rules editions in Chromium: « Ce qui a changé », an old number whose rule is gone, and a page
saying that a rule it cites changed since its check — each without serious accessibility violation (axe)."""

import pytest

from tests.conftest import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_editions_pages_are_accessible(browser, live_site, scheme):
    from rules.models import Category, FAQEntry

    entry = FAQEntry.objects.create(slug="cite-une-regle-changee", category=Category.objects.first(),
                                    question="Une question vérifiée avec la v1.4 ?", short_answer="Voir R. 480.",
                                    rules=["480", "323"], checked_version="1.4")
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme, locale="fr-FR")
    page = context.new_page()
    for path in ("/regles/ce-qui-a-change/", "/regles/v1.4/323.4/", entry.get_absolute_url()):
        page.goto(live_site + path)
        assert page.locator("h1").count() == 1, path
        assert axe_violations(page) == [], (scheme, path)
    assert page.get_by_text("Une règle citée a changé depuis la vérification").is_visible()
    page.goto(live_site + "/regles/ce-qui-a-change/")
    page.get_by_text("Les règles touchées dans ce chapitre").first.click()
    assert page.locator("details[open] .rule-list a").first.is_visible()
    context.close()
