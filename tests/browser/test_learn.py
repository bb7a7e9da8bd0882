"""A beginner in Chromium: /debuter/ is accessible, a practice question answered with JavaScript keeps progress."""

import json

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_answer_a_question_and_keep_progress_in_the_browser(page, live_site):
    page.goto(live_site + "/debuter/")
    expect(page.get_by_role("figure")).to_contain_text("Réserve runique")
    assert axe_violations(page) == []

    page.goto(live_site + "/entrainement/au-moins-5-puissance-unite-a/")
    page.get_by_label("Votre réponse (un nombre)").fill("6")
    page.get_by_role("button", name="Vérifier ma réponse").click()
    expect(page.locator("#verdict")).to_contain_text("Juste")
    expect(page.locator("#verdict")).to_be_focused()
    stored = json.loads(page.evaluate("localStorage.getItem('riftpal.entrainement.v1')"))
    assert stored["questions"]["au-moins-5-puissance-unite-a"]["last"] == "juste"
    assert axe_violations(page) == []

    page.goto(live_site + "/entrainement/")
    expect(page.locator("[data-progress-summary]")).to_contain_text("1 question(s) tentée(s)")
    expect(page.locator('li[data-question="au-moins-5-puissance-unite-a"] [data-question-state]')).to_have_text(
        "✓ réussie")
    assert axe_violations(page) == []
    page.get_by_role("button", name="Réinitialiser").click()
    expect(page.locator("[data-progress-summary]")).to_have_text("Progression effacée.")
    assert page.evaluate("localStorage.getItem('riftpal.entrainement.v1')") is None
    assert page.console.errors == []
