"""A player's path through the site in Chromium: home → category → question → card, search as you type."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_cards import riot_images
from tests.conftest import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_to_category_to_question_to_card(page, live_site):
    riot_images(page)  # card images come from Riot's host, which the test machine cannot reach
    page.goto(live_site + "/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Comprenez pourquoi")
    page.get_by_role("link", name="Bases du jeu").first.click()
    expect(page).to_have_url(re.compile(r"/faq/#bases-du-jeu$"))
    # The theme runs from first game to judge level: the order of effects is past its first questions.
    page.get_by_role("link", name=re.compile("questions du thème « Bases du jeu »")).click()
    page.get_by_role("link", name=re.compile("Quel effet s.applique en premier")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(re.compile("Quel effet s.applique en premier"))
    # The short answer comes first, then the explanation.
    headings = page.locator("article.faq h2").all_inner_texts()
    assert headings[0].lower().startswith("la réponse en bref")
    page.locator(".card-tiles").get_by_role("link", name="Boots of Swiftness").click()
    expect(page).to_have_url(re.compile(r"/cartes/sfd-133/$"))
    expect(page.locator("#texte")).to_contain_text("Equip")
    assert page.console.errors == []


def test_search_updates_as_you_type(page, live_site):
    page.goto(live_site + "/recherche/")
    page.get_by_label("Rechercher dans les questions").press_sequentially("dependance", delay=30)
    results = page.locator("#search-results .result")
    expect(results.first).to_be_visible()
    expect(page.locator("#search-results mark").first).to_have_text(re.compile("^[Dd]épendance"))
    expect(page).to_have_url(re.compile(r"q=dependance"))
    assert page.console.errors == []


def test_search_works_without_javascript(browser, live_site):
    context = browser.new_context(service_workers="block", java_script_enabled=False)
    page = context.new_page()
    page.goto(live_site + "/")
    page.get_by_label("Posez votre question").fill("COUCHE")
    page.get_by_role("button", name="Rechercher", exact=True).click()
    expect(page.locator(".result").first).to_be_visible()
    context.close()


def test_copy_link_button_copies_the_section_address(browser, live_site):
    context = browser.new_context(service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_site)
    page = context.new_page()
    page.goto(live_site + "/guides/")
    page.locator(".guide-list a").first.click()
    button = page.locator("button.copy-link").first
    anchor = button.get_attribute("data-copy-anchor")
    button.click()
    expect(button).to_have_text("Lien copié")
    assert page.evaluate("navigator.clipboard.readText()").endswith("#" + anchor)
    context.close()


@pytest.mark.parametrize("path", ["/", "/faq/", "/faq/quel-effet-s-applique-en-premier/", "/guides/",
                                  "/guides/calculs-de-puissance/", "/cartes/sfd-133/",
                                  "/recherche/?q=bouclier", "/page-inconnue/"])
def test_no_serious_accessibility_violation(page, live_site, path):
    riot_images(page)
    page.goto(live_site + path)
    assert axe_violations(page) == []
    assert page.console.errors == [] or path == "/page-inconnue/"


def test_phone_layout_has_no_horizontal_scroll(browser, live_site):
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740}, color_scheme="dark")
    page = context.new_page()
    for path in ["/", "/faq/quel-effet-s-applique-en-premier/", "/guides/calculs-de-puissance/",
                 "/cartes/sfd-133/"]:
        page.goto(live_site + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    context.close()


def test_the_navigation_reaches_every_section_and_fits_a_phone(browser, live_site):
    # Issue 33 item 9: no Débuter nor Entraînement in the top navigation; on a phone Cartes and Glossaire started
    # off screen (a sideways-scrolling line). Every link of the main navigation is now in sight and clickable, at
    # phone and laptop widths, on every kind of page.
    sections = ["Débuter", "Entraînement", "Règles", "FAQ", "Guides", "Exemples", "Bac à sable", "Cartes",
                "Glossaire"]
    for width, height in ((390, 844), (1280, 800)):
        context = browser.new_context(service_workers="block", viewport={"width": width, "height": height})
        page = context.new_page()
        for path in ["/", "/debuter/", "/entrainement/", "/faq/quel-effet-s-applique-en-premier/",
                     "/exemples/au-moins-5/", "/glossaire/"]:
            page.goto(live_site + path)
            nav = page.get_by_role("navigation", name="Navigation principale")
            assert nav.get_by_role("link").all_inner_texts() == sections, (width, path)
            for name in sections:
                link = nav.get_by_role("link", name=name, exact=True)
                box = link.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, path, name)
                # Nothing covers it (the search field overlapped the last links on a laptop).
                assert link.evaluate("a => { const b = a.getBoundingClientRect(); "
                                     "return a.contains(document.elementFromPoint(b.x + b.width / 2, "
                                     "b.y + b.height / 2)); }"), (width, path, name)
        page.goto(live_site + "/debuter/premiere-partie/")
        expect(page.get_by_role("navigation", name="Navigation principale").get_by_role(
            "link", name="Débuter")).to_have_attribute("aria-current", "page")
        context.close()
