"""The example player in Chromium: stepping, what if, why this order, keyboard, history, no-JS, branches."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def unit_power(page, name):
    card = page.locator(".unit", has=page.locator(".unit__name", has_text=name))
    return card.locator(".unit__current")


def press_next(page, number: int, total: int) -> None:
    """Press "Étape suivante" and wait until step ``number`` (1-based) is on screen."""
    page.get_by_role("link", name="Étape suivante").click()
    expect(page.locator(".narration__count")).to_have_text(f"Étape {number} sur {total}")


def total_steps(page) -> int:
    return int(page.locator("[data-player]").get_attribute("data-total"))


def step_through(page, name):
    """Press "Étape suivante" until the end, recording the unit's power after each step."""
    seen = [unit_power(page, name).get_attribute("data-to")]
    total = total_steps(page)
    for number in range(2, total + 1):
        press_next(page, number, total)
        seen.append(unit_power(page, name).get_attribute("data-to"))
    return [int(v) for v in seen]


def test_set_then_modify_shows_4_then_6(page, live_site):
    page.goto(live_site + "/exemples/fixer-puis-modifier/")
    seen = step_through(page, "Unité A")
    assert 4 in seen and seen[-1] == 6
    expect(unit_power(page, "Unité A")).to_have_text("6")
    expect(page.locator(".final")).to_contain_text("puissance 6")
    assert page.console.errors == []


def test_fiora_gains_keywords_when_abilities_are_reexamined(page, live_site):
    page.goto(live_site + "/exemples/fiora-reexamen-des-competences/")
    fiora = page.locator(".unit", has=page.locator(".unit__name", has_text="Fiora"))
    saw_reexamine_with_keywords = False
    total = total_steps(page)
    for number in range(2, total + 1):
        press_next(page, number, total)
        snapshot = page.evaluate("""() => ({
            layer: document.querySelector('.layer--current')?.textContent ?? '',
            chips: [...document.querySelectorAll('.unit .chip:not(.chip--lost)')].map(c => c.textContent.trim()),
        })""")
        if "compétences" in snapshot["layer"] and "réexamen" in snapshot["layer"] and "Bouclier" in snapshot["chips"]:
            saw_reexamine_with_keywords = True
    assert saw_reexamine_with_keywords
    expect(fiora.locator(".unit__current")).to_have_text("6")
    for keyword in ("Protection", "Gank", "Bouclier"):
        expect(fiora.locator(".chip", has_text=keyword)).to_be_visible()


def test_switching_fiora_buff_off_gives_4_and_no_keywords(page, live_site):
    page.goto(live_site + "/exemples/fiora-reexamen-des-competences/")
    page.get_by_text("Et si… ?").click()
    page.get_by_label(re.compile("Buff")).uncheck()
    page.get_by_role("button", name="Recalculer").click()
    expect(page.locator(".whatif-diff")).to_contain_text("6 → 4")
    expect(page).to_have_url(re.compile(r"si=1"))
    page.get_by_role("link", name="Fin").click()
    fiora = page.locator(".unit", has=page.locator(".unit__name", has_text="Fiora"))
    expect(fiora.locator(".unit__current")).to_have_text("4")
    expect(fiora.locator(".chip", has_text="Bouclier")).to_have_count(0)


def test_why_this_order_shows_6_versus_7(page, live_site):
    page.goto(live_site + "/exemples/au-moins-5/")
    page.get_by_text("Pourquoi cet ordre ?").click()
    values = page.locator(".why-order__value").all_inner_texts()
    assert values[:2] == ["6", "7"]


def test_keyboard_and_autoplay(page, live_site):
    page.goto(live_site + "/exemples/au-moins-5/")
    page.locator("[data-player]").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator(".narration__count")).to_have_text(re.compile("Étape 2 sur"))
    expect(page).to_have_url(re.compile(r"etape=1"))
    page.keyboard.press("End")
    expect(page.get_by_role("link", name="Étape suivante")).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Home")
    expect(page.locator(".narration__count")).to_have_text(re.compile("Étape 1 sur"))
    page.get_by_label("Vitesse").select_option("600")
    page.get_by_role("button", name="Lecture automatique").click()
    expect(page.get_by_role("link", name="Étape suivante")).to_have_attribute("aria-disabled", "true",
                                                                               timeout=15_000)
    expect(page.get_by_role("button", name="Lecture automatique")).to_have_attribute("aria-pressed", "false")
    # Each step is announced politely.
    expect(page.locator("#site-announcer")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#site-announcer")).to_contain_text("Étape")


def test_direct_address_and_back_button(page, live_site):
    page.goto(live_site + "/exemples/au-moins-5/?etape=3")
    expect(page.locator(".narration__count")).to_have_text(re.compile("Étape 4 sur"))
    page.get_by_role("link", name="Étape suivante").click()
    expect(page.locator(".narration__count")).to_have_text(re.compile("Étape 5 sur"))
    page.go_back()
    expect(page.locator(".narration__count")).to_have_text(re.compile("Étape 4 sur"))


def test_player_works_without_javascript(browser, live_site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_site + "/exemples/fixer-puis-modifier/")
    page.get_by_role("link", name="Fin").click()
    expect(page).to_have_url(re.compile(r"etape="))
    expect(unit_power(page, "Unité A")).to_have_text("6")
    page.get_by_role("link", name="Étape précédente").click()
    expect(page.locator(".narration__count")).to_be_visible()
    context.close()


def test_reduced_motion_shows_final_numbers_at_once(browser, live_site):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(live_site + "/exemples/fixer-puis-modifier/")
    page.get_by_role("link", name="Fin").click()
    power = unit_power(page, "Unité A")
    expect(power).to_have_text("6", timeout=200)
    assert "is-counting" not in (power.get_attribute("class") or "")
    animation = page.evaluate(
        "getComputedStyle(document.querySelector('.unit')).animationName + '|' + "
        "getComputedStyle(document.querySelector('.unit')).transitionDuration")
    assert animation.split("|")[0] in ("none", "") and animation.split("|")[1] in ("0s", "")
    context.close()


def test_guardian_angel_and_tactical_retreat_branches(page, live_site):
    page.goto(live_site + "/exemples/ange-gardien-et-retraite/")
    tabs = page.locator(".branch-tab")
    expect(tabs).to_have_count(2)
    labels = tabs.all_inner_texts()
    assert any("Guardian Angel" in label for label in labels)
    assert any("Tactical Retreat" in label for label in labels)
    finals = []
    for i in range(2):
        page.locator(".branch-tab").nth(i).click()
        expect(page.locator(".branch-tab").nth(i)).to_have_attribute("aria-current", "true")
        page.get_by_role("link", name="Fin").click()
        finals.append(page.locator(".final").inner_text())
    assert finals[0] != finals[1]


def test_player_pages_have_no_serious_accessibility_violation(page, live_site):
    for path in ["/exemples/", "/exemples/au-moins-5/?etape=4", "/faq/fixer-puis-augmenter/"]:
        page.goto(live_site + path)
        assert axe_violations(page) == [], path
    assert page.console.errors == []
