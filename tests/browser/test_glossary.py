"""Glossary tooltips in Chromium, the way a player meets them: hover, keyboard, touch, edges, off switch."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations, tab_to

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GUIDE = "/guides/couches-dependances-horodatages/"


def tooltip_of(page, term):
    return page.locator("#" + term.get_attribute("aria-describedby"))


def first_term(page):
    term = page.locator(".prose a.term").first
    expect(term).to_be_visible()
    return term


def test_hover_shows_the_definition_and_the_pointer_can_reach_it(page, live_site):
    page.goto(live_site + GUIDE)
    term = first_term(page)
    slug = term.get_attribute("data-term")
    tip = tooltip_of(page, term)
    expect(tip).to_be_hidden()
    term.hover()
    expect(tip).to_be_visible()
    expect(tip).to_have_attribute("role", "tooltip")
    more = tip.locator("a.term-tip__more")  # hidden while the tooltip is closed: found by class, not by role
    expect(more).to_have_attribute("href", f"/glossaire/{slug}/")
    # The pointer moves onto the tooltip: it stays (WCAG 1.4.13, hoverable).
    tip.hover()
    page.wait_for_timeout(500)
    expect(tip).to_be_visible()
    # The pointer leaves: it goes after a short grace.
    page.mouse.move(5, 890)
    expect(tip).to_be_hidden()
    assert page.url.endswith(GUIDE)  # never left the page
    assert page.console.errors == []


def test_tab_focus_shows_the_tooltip_and_escape_hides_it(page, live_site):
    page.goto(live_site + GUIDE)
    first_term(page)
    page.locator("main h1").click()  # start the Tab walk from the content
    tab_to(page, "a.term", limit=80)
    tip_id = page.evaluate("document.activeElement.getAttribute('aria-describedby')")
    term = page.locator(f'a.term[aria-describedby="{tip_id}"]')
    tip = page.locator("#" + tip_id)
    expect(tip).to_be_visible()
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    expect(term).to_be_focused()
    # The tooltip's « Voir dans le glossaire » goes where the term itself goes: for the pointer only, so each term
    # is one Tab stop and Tab moves on past the tooltip.
    more = tip.locator("a.term-tip__more")  # hidden while the tooltip is closed: found by class, not by role
    assert more.get_attribute("tabindex") == "-1" and more.get_attribute("href") == term.get_attribute("href")
    term.blur()
    term.focus()
    expect(tip).to_be_visible()
    page.keyboard.press("Tab")
    expect(term).not_to_be_focused()
    expect(more).not_to_be_focused()


def test_phone_tap_shows_the_tooltip_then_its_link_leads_on(browser, live_site):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(live_site + GUIDE)
    term = first_term(page)
    slug = term.get_attribute("data-term")
    tip = tooltip_of(page, term)
    term.tap()
    expect(tip).to_be_visible()
    assert page.url.endswith(GUIDE)  # the first tap does not navigate
    box = tip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    tip.get_by_role("link", name="Voir dans le glossaire").tap()
    expect(page).to_have_url(re.compile(f"/glossaire/{slug}/$"))
    context.close()


def test_a_term_near_the_edges_keeps_its_tooltip_on_screen(browser, live_site):
    context = browser.new_context(viewport={"width": 700, "height": 600})
    page = context.new_page()
    page.goto(live_site + GUIDE)
    # The visible term that ends furthest to the right.
    index = page.evaluate("""() => {
        const terms = [...document.querySelectorAll('.prose a.term')];
        let best = 0, right = 0;
        terms.forEach((t, i) => {
            const r = t.getBoundingClientRect();
            if (r.right > right) { right = r.right; best = i; }
        });
        return best;
    }""")
    term = page.locator(".prose a.term").nth(index)
    # Put it at the bottom of the viewport too, so the tooltip has to flip above it.
    term.evaluate("el => el.scrollIntoView({block: 'end', behavior: 'instant'})")
    term.hover()
    tip = tooltip_of(page, term)
    expect(tip).to_be_visible()
    box = tip.bounding_box()
    term_box = term.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 700
    assert box["y"] >= 0 and box["y"] + box["height"] <= 600
    assert box["y"] + box["height"] <= term_box["y"] + 1  # flipped above the term
    context.close()


def test_the_switch_turns_tooltips_off_and_the_choice_is_remembered(page, live_site):
    page.goto(live_site + GUIDE)
    switch = page.get_by_role("button", name="Info-bulles")
    expect(switch).to_have_attribute("aria-pressed", "true")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    term = first_term(page)
    term.hover()
    page.wait_for_timeout(400)
    assert page.locator(".term-tip:visible").count() == 0
    assert term.get_attribute("aria-describedby") is None
    page.reload()
    switch = page.get_by_role("button", name="Info-bulles")
    expect(switch).to_have_attribute("aria-pressed", "false")
    term = first_term(page)
    term.focus()
    page.wait_for_timeout(200)
    assert page.locator(".term-tip:visible").count() == 0
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    term.hover()
    expect(tooltip_of(page, term)).to_be_visible()
    page.goto(live_site + "/glossaire/")
    expect(page.get_by_role("button", name="Info-bulles")).to_have_attribute("aria-pressed", "true")
    assert page.console.errors == []


def test_without_javascript_links_lead_to_the_term_and_css_shows_the_tooltip(browser, live_site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_site + GUIDE)
    term = first_term(page)
    slug = term.get_attribute("data-term")
    expect(page.locator(".tooltip-switch")).to_be_hidden()  # useless without a script
    term.hover()
    expect(tooltip_of(page, term)).to_be_visible()
    term.click()
    expect(page).to_have_url(re.compile(f"/glossaire/{slug}/$"))
    # The filter box is a form.
    page.goto(live_site + "/glossaire/")
    page.get_by_label("Filtrer les termes").fill("shield")
    page.get_by_role("button", name="Filtrer").click()
    expect(page).to_have_url(re.compile(r"q=shield"))
    expect(page.locator(".term-list__item:visible")).to_have_count(1)
    expect(page.locator(".term-list__item:visible")).to_contain_text("Bouclier")
    context.close()


def test_the_glossary_filter_narrows_as_you_type(page, live_site):
    page.goto(live_site + "/glossaire/")
    items = page.locator(".term-list__item:visible")
    total = items.count()
    assert total >= 40
    page.get_by_label("Filtrer les termes").press_sequentially("horod", delay=20)
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Horodatage")
    expect(page.locator("#glossary-count")).to_have_text(f"1 terme sur {total}")
    page.get_by_label("Filtrer les termes").fill("")
    page.get_by_label("Filtrer les termes").press("Backspace")
    expect(items).to_have_count(total)
    page.get_by_role("link", name="Horodatage").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Horodatage")
    expect(page.get_by_text("Où ce terme apparaît")).to_be_visible()
    assert page.console.errors == []


@pytest.mark.parametrize("path", [GUIDE, "/glossaire/", "/glossaire/couche/", "/glossaire/unite-puissante/",
                                  "/faq/unite-puissante/", "/cartes/"])
def test_no_serious_accessibility_violation_with_tooltips(page, live_site, path):
    page.goto(live_site + path)
    term = page.locator("a.term").first
    if term.count():
        term.hover()  # check the page with a tooltip open, too
        expect(tooltip_of(page, term)).to_be_visible()
    assert axe_violations(page) == []
    assert page.console.errors == []
