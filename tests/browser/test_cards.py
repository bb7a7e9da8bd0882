"""The cards in Chromium as a player uses them: the gallery filtered with htmx and the keyboard, a card's page,
accessibility, and a phone."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# A 1×1 PNG served in place of Riot's image host: the test machine has no network.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f"
                    "0005000201a5ee1fb70000000049454e44ae426082")


def riot_images(page, serve: bool = True) -> None:
    if serve:
        page.route("https://cmsassets.rgpub.io/**", lambda route: route.fulfill(status=200, content_type="image/png",
                                                                                body=PNG))
    else:
        page.route("https://cmsassets.rgpub.io/**", lambda route: route.abort())


def count(page) -> int:
    return int(re.match(r"\d+", page.locator(".results-count").inner_text().replace("\u202f", "")).group())


def test_gallery_filters_swap_the_results_and_keep_the_address(page, live_site):
    riot_images(page)
    page.goto(live_site + "/cartes/")
    everything = count(page)
    page.evaluate("window.notReloaded = true")
    page.get_by_label("Domaine", exact=True).select_option("Calm")
    expect(page).to_have_url(re.compile(r"domaine=Calm"))
    expect(page.locator(".results-count")).not_to_have_text(re.compile(rf"^{everything}\b"))
    calm = count(page)
    assert 0 < calm < everything
    page.get_by_label("Mot-clé", exact=True).select_option("Hidden")
    expect(page).to_have_url(re.compile(r"mot_cle=Hidden"))
    expect(page.locator(".results-count")).not_to_have_text(re.compile(rf"^{calm}\b"))
    assert page.evaluate("window.notReloaded") is True  # swapped by htmx, not a new page
    page.locator(".card-tile a").first.click()
    expect(page.locator("#texte")).to_contain_text("Hidden")
    assert page.console.errors == []


def test_typing_words_filters_and_the_keyboard_reaches_every_control(page, live_site):
    riot_images(page)
    page.goto(live_site + "/cartes/")
    page.get_by_label("Mots du nom ou du texte").press_sequentially("saute-nuages", delay=20)
    expect(page.locator(".card-tile")).to_have_count(1)
    expect(page.locator(".card-tile")).to_contain_text("Gustwalker")
    # Tab from the field through the filters to the button, then to the card: each one shows its focus.
    page.get_by_label("Mots du nom ou du texte").focus()
    seen = []
    for _ in range(12):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("document.activeElement.name || document.activeElement.textContent.trim()"))
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        tile = page.evaluate("!!document.activeElement.closest('.card-tile')")
        assert outline != "none" or tile, seen[-1]
        if tile:
            break
    assert seen[:6] == ["extension", "domaine", "type", "mot_cle", "cout", "puissance"]
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/cartes/unl-075/$"))


def test_gallery_and_card_page_work_without_javascript(browser, live_site):
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    page = context.new_page()
    page.goto(live_site + "/cartes/")
    page.get_by_label("Type", exact=True).select_option("Battlefield")
    page.get_by_role("button", name="Filtrer").click()
    expect(page).to_have_url(re.compile(r"type=Battlefield"))
    assert all("Champ de bataille" in text for text in page.locator(".card-tile__meta").all_inner_texts())
    page.get_by_role("link", name="Page 2", exact=True).click()
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(page.locator('.card-pages [aria-current="page"]')).to_have_text("2")
    context.close()


@pytest.mark.parametrize("path", ["/cartes/", "/cartes/?domaine=Chaos&type=Spell", "/cartes/unl-075/",
                                  "/cartes/ogn-005/", "/cartes/sfd-019/", "/cartes/rad-002/", "/cartes/?cout=x"])
def test_no_serious_accessibility_violation(page, live_site, path):
    riot_images(page)
    page.goto(live_site + path)
    assert axe_violations(page) == []


def test_phone_size(browser, live_site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR", service_workers="block")
    page = context.new_page()
    riot_images(page, serve=False)  # blocked or offline: the page is whole without the image
    for path in ["/cartes/", "/cartes/ogn-005/", "/cartes/unl-075/", "/cartes/?mot_cle=Shield"]:
        page.goto(live_site + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    # A symbol is a labelled image a screen reader names in French; its shorthand stays in the copied text.
    page.goto(live_site + "/cartes/sfd-019/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Assembly Rig")
    expect(page.get_by_role("img", name="Épuiser")).to_be_visible()
    assert "[E]" in page.locator(".riot-text__body").inner_text() or "[E]" in page.locator(
        ".riot-text__body").text_content()
    context.close()
