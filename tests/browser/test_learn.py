"""A beginner in Chromium: /debuter/ is accessible, a practice question answered with JavaScript keeps progress."""

import json
import re
from pathlib import Path

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


SHOTS = Path("/tmp/shots-learn")
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    # caret="initial": hiding the caret injects a <style> the Content Security Policy refuses (a console error).
    page.screenshot(path=str(SHOTS / f"{name}.png"), caret="initial")


def test_judge_mode_timer_starts_only_on_demand_and_runs_out(page, live_site):
    page.clock.install()  # the page's clock: ten minutes pass without waiting ten minutes
    page.goto(live_site + "/entrainement/mode-juge/")
    clock = page.locator("[data-timer-clock]")
    start = page.get_by_role("button", name="Lancer un chrono de 10 minutes")
    expect(start).to_be_visible()
    expect(clock).to_have_text("")  # nothing runs until asked
    page.clock.run_for("02:00")
    expect(clock).to_have_text("")
    start.click()
    expect(clock).to_have_text("Temps restant : 10 min 00 s")
    expect(page.locator("[data-timer-announce]")).to_have_text("Chrono lancé : 10 minutes.")
    page.clock.run_for("09:00")
    expect(clock).to_have_text("Temps restant : 1 min 00 s")
    expect(page.locator("[data-timer-announce]")).to_have_text("Plus qu'une minute.")
    page.clock.run_for("01:05")
    expect(clock).to_have_text("Temps écoulé.")
    expect(page.get_by_role("button", name="Relancer le chrono")).to_be_visible()
    assert axe_violations(page) == []
    assert page.console.errors == []


def test_is_this_move_allowed_wrong_then_right_with_javascript(page, live_site):
    slug = "permis-reaction-hors-confrontation"
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_site}/entrainement/{slug}/")
        expect(page.locator(".situation-lines")).to_contain_text("C’est le tour de Joueuse A.")
        shoot(page, f"permis-question-{name}")
    page.get_by_label("Oui, c’est permis").check()
    page.get_by_role("button", name="Vérifier ma réponse").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Pas tout à fait.")
    expect(verdict.locator("[data-reason]")).to_contain_text("seul le joueur du tour a la priorité")
    expect(verdict.get_by_role("link", name="R. 311")).to_be_visible()
    expect(verdict).to_be_focused()
    shoot(page, "permis-verdict-phone")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_site}/entrainement/{slug}/")
    page.get_by_label("Non, c’est refusé").check()
    page.get_by_role("button", name="Vérifier ma réponse").click()
    expect(page.locator("#verdict")).to_contain_text("Juste !")
    shoot(page, "permis-verdict-desktop")
    stored = json.loads(page.evaluate("localStorage.getItem('riftpal.entrainement.v1')"))
    assert stored["questions"][slug]["last"] == "juste" and stored["questions"][slug]["wrong"] == 1
    assert page.console.errors == []


def test_the_first_game_plays_to_its_end_in_the_player(page, live_site):
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(live_site + "/debuter/premiere-partie/")
        expect(page.get_by_role("heading", name="Une première partie entière")).to_be_visible()
        shoot(page, f"first-game-{name}")
    player = page.locator("#player-premiere-partie")
    # A moment of the story opens its step in the player, in place.
    page.get_by_role("link", name="Vi attaque Garen sur l’Autel", exact=False).click()
    expect(player).to_contain_text("de Vi vers Autel du Soleil")
    shoot(page, "first-game-moment-desktop")
    page.locator("#player-premiere-partie-last").click()
    expect(player).to_contain_text("Joueuse A a gagné la partie")
    shoot(page, "first-game-end-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(player).to_contain_text("Joueuse A a gagné la partie")
    shoot(page, "first-game-end-phone")
    assert axe_violations(page) == []
    assert page.console.errors == []


def in_view(page, selector: str) -> bool:
    """The element's box lies inside the window, below a sticky header."""
    return page.evaluate("""(selector) => {
        const box = document.querySelector(selector).getBoundingClientRect();
        const header = document.querySelector('.site-header');
        const sticky = header && getComputedStyle(header).position === 'sticky';
        const top = sticky ? header.getBoundingClientRect().bottom : 0;
        return box.top >= top - 1 && box.bottom <= window.innerHeight + 1;
    }""", selector)


def test_the_verdict_stays_in_view_after_checking(page, live_site):
    # Issue 33 item 3: a long explanation pushed « Juste / Pas tout à fait » above the screen.
    slug = "combat-tous-morts-morts"
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_site}/entrainement/{slug}/")
        page.get_by_role("checkbox", name="Vi").check()
        page.get_by_role("button", name="Vérifier ma réponse").click()
        expect(page.locator("#verdict-title")).to_have_text("Pas tout à fait.")
        assert page.locator("#verdict").bounding_box()["height"] > height / 2  # a long explanation indeed
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'verdict'")
        assert in_view(page, "#verdict-title"), name
        shoot(page, f"verdict-{name}")
    assert page.console.errors == []


def test_the_first_game_is_drawn_like_the_examples(page, live_site):
    # Issue 33 item 5: the page's own styles put both bases in one box (Vi hidden under the other base at step 79)
    # and turned the Might on tokens grey on brown; the same game under /exemples/ was drawn right.
    def boxes(url: str) -> list[dict]:
        page.goto(url)
        return page.locator("#player-premiere-partie .zone").evaluate_all(
            "zones => zones.map(z => { const b = z.getBoundingClientRect(); "
            "return {x: b.x, y: b.y, w: b.width, h: b.height, title: z.querySelector('.zone__title').textContent}; })")

    def overlap(a: dict, b: dict) -> bool:
        return a["x"] < b["x"] + b["w"] - 1 and b["x"] < a["x"] + a["w"] - 1 and \
            a["y"] < b["y"] + b["h"] - 1 and b["y"] < a["y"] + a["h"] - 1

    for width, height in SIZES.values():
        page.set_viewport_size({"width": width, "height": height})
        game = boxes(live_site + "/debuter/premiere-partie/?etape=80")
        assert not any(overlap(a, b) for n, a in enumerate(game) for b in game[n + 1:]), game
        expect(page.locator("#player-premiere-partie")).to_contain_text("Vi")
        assert axe_violations(page) == []  # colour contrast of the Might included
        colour = page.locator("#player-premiere-partie .unit__current").first.evaluate(
            "e => getComputedStyle(e).color")
        examples = boxes(live_site + "/exemples/premiere-partie/?etape=80")
        assert [(b["w"], b["h"], b["title"]) for b in game] == [(b["w"], b["h"], b["title"]) for b in examples]
        assert colour == page.locator("#player-premiere-partie .unit__current").first.evaluate(
            "e => getComputedStyle(e).color")


def test_a_moment_of_the_story_puts_its_step_in_the_address(page, live_site):
    page.goto(live_site + "/debuter/premiere-partie/")
    page.get_by_role("link", name="Vi attaque Garen sur l’Autel", exact=False).click()
    expect(page.locator("#player-premiere-partie")).to_contain_text("de Vi vers Autel du Soleil")
    number = page.locator("[data-player]").get_attribute("data-number")
    expect(page).to_have_url(re.compile(rf"[?&]etape={number}(#|&|$)"))
    expect(page.locator(".narration__count")).to_have_text(re.compile(rf"^Étape {number} sur 303$"))


def test_the_practice_list_is_short_on_a_phone_and_filtered(page, live_site):
    # Issue 33 item 4: the list was 350 links in a row. On a phone it is now one folded block per theme.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_site + "/entrainement/")
    assert page.evaluate("document.documentElement.scrollHeight") < 4 * 844
    expect(page.locator(".practice-area summary").first).to_contain_text("Déplacements")
    page.get_by_label("Thème").select_option("deplacement")
    page.get_by_role("button", name="Filtrer").click()
    expect(page).to_have_url(re.compile(r"theme=deplacement"))
    first = page.locator("li[data-question] a").first
    expect(first).to_be_visible()
    expect(first).not_to_contain_text("Puissance finale")  # a movement theme opens on movement questions
    assert axe_violations(page) == []
    shoot(page, "practice-theme-phone")
