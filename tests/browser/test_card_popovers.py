"""Card popovers in Chromium, the way a player meets them on an FAQ answer: hover, keyboard, touch at 390 px."""

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# An answer about Gustwalker (Saute-nuages), whose French name Riot printed: the name links in its text.
FAQ = "/faq/gustwalker-gagne-gank/"


def first_card(page):
    link = page.locator("main a.card-link[aria-describedby]").first
    expect(link).to_be_visible()
    return link


def popover_of(page, link):
    return page.locator("#" + link.get_attribute("aria-describedby"))


def test_hover_shows_the_card_and_its_link(page, live_site):
    page.goto(live_site + FAQ)
    link = first_card(page)
    assert link.get_attribute("href") == "/cartes/unl-075/" and link.get_attribute("data-card") == "UNL-075"
    popover = popover_of(page, link)
    expect(popover).to_be_hidden()
    link.hover()
    expect(popover).to_be_visible()
    expect(popover).to_have_attribute("role", "tooltip")
    expect(popover.locator(".term-tip__name")).to_have_text("Gustwalker")
    expect(popover).to_contain_text("Saute-nuages")
    expect(popover).to_contain_text("Unité")
    # Riot's text, verbatim and in English.
    expect(popover.locator(".card-tip__text")).to_contain_text("When I conquer or hold, gain 2 XP.")
    expect(popover.locator("a.term-tip__more")).to_have_attribute("href", "/cartes/unl-075/")
    # The pointer can reach the popover and it stays (WCAG 1.4.13).
    popover.hover()
    page.wait_for_timeout(500)
    expect(popover).to_be_visible()
    assert axe_violations(page) == []
    page.mouse.move(5, 890)
    expect(popover).to_be_hidden()
    assert page.console.errors == []


def test_keyboard_focus_opens_it_and_escape_closes_it(page, live_site):
    page.goto(live_site + FAQ)
    first_card(page)
    page.locator("main h1").click()
    tab_to(page, "a.card-link", limit=60)
    tip_id = page.evaluate("document.activeElement.getAttribute('aria-describedby')")
    popover = page.locator("#" + tip_id)
    expect(popover).to_be_visible()
    page.keyboard.press("Escape")
    expect(popover).to_be_hidden()
    assert page.evaluate("document.activeElement.matches('a.card-link')")  # focus stays on the name
    page.keyboard.press("Enter")
    page.wait_for_url("**/cartes/unl-075/")


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  locale="fr-FR", service_workers="block")
    yield context.new_page()
    context.close()


def test_first_tap_shows_the_popover_within_the_screen_second_tap_opens_the_card(phone, live_site):
    phone.goto(live_site + FAQ)
    link = first_card(phone)
    link.scroll_into_view_if_needed()
    popover = popover_of(phone, link)
    link.tap()
    expect(popover).to_be_visible()
    box = popover.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert phone.url.endswith(FAQ)
    assert axe_violations(phone) == []
    link.tap()
    phone.wait_for_url("**/cartes/unl-075/")
