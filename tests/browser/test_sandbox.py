"""The sandbox in Chromium: build from nothing, reorder, share, open an example, keyboard only, axe."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations, tab_to

SHOTS = Path("/tmp/sandbox-shots")
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def status(page):
    return page.locator("[data-sandbox-status]")


def wait_settled(page):
    """Wait until htmx has no request in flight on the sandbox form."""
    page.wait_for_function("() => !document.querySelector('#sandbox-form.htmx-request')")


def add_unit(page, power, name=None):
    index = page.locator(".sb-row--o").count()
    page.get_by_role("button", name="Ajouter une unité").click()
    name_field = page.locator(f"#sb-o-{index}-name")
    expect(name_field).to_be_focused()
    if name:
        name_field.fill(name)
    page.locator(f"#sb-o-{index}-printed_power").fill(str(power))
    return index


def add_effect(page, kind, **fields):
    page.locator("#sb-new-kind").select_option(kind)
    index = page.locator(".sb-row--e").count()
    page.get_by_role("button", name="Ajouter un effet").click()
    expect(page.locator(f"#sb-e-{index}-label")).to_be_focused()
    for key, value in fields.items():
        page.locator(f"#sb-e-{index}-{key}").fill(str(value))
    return index


def run(page):
    page.locator("#sb-run").click()
    expect(page.locator("#sb-result-title")).to_be_focused()
    wait_settled(page)


def build_at_least_5(page, live_site):
    page.goto(live_site + "/bac-a-sable/")
    add_unit(page, 4)
    add_effect(page, "increase_up_to", value=5, label="Jusqu'à 5")
    add_effect(page, "increase", value=2, label="+2")
    run(page)


def test_build_4_up_to_5_plus_2_from_nothing_gives_6(page, live_site):
    build_at_least_5(page, live_site)
    expect(status(page)).to_contain_text("Unité A : puissance 6")
    page.locator("#sandbox-player").get_by_role("link", name="Fin").click()
    expect(page.locator("#sandbox-player .final")).to_contain_text("puissance 6")
    # « Pourquoi cet ordre ? » explains the dependency: 7 in the other order.
    why = page.locator("#sandbox-player .why-order")
    expect(why).to_contain_text("7")
    assert page.console.errors == []


def test_reordering_effects_follows_the_rules(page, live_site):
    page.goto(live_site + "/bac-a-sable/")
    add_unit(page, 4)
    add_effect(page, "set_power", value=3, label="Fixer à 3")
    add_effect(page, "set_power", value=7, label="Fixer à 7")
    run(page)
    # No dependency between two « set » effects: the most recent one wins.
    expect(status(page)).to_contain_text("Unité A : puissance 7")
    expect(page.locator("#sb-e-0 .sb-badge")).to_have_text("horodatage 1")
    page.get_by_role("button", name="Monter « Fixer à 7 »").click()
    expect(status(page)).to_contain_text("Unité A : puissance 3")
    expect(page.locator("#sb-e-0 legend")).to_contain_text("Fixer à 7")
    expect(page.get_by_role("button", name="Monter « Fixer à 7 »")).to_be_focused()

    # A dependency beats the timestamps: « +2 » then « jusqu'à 5 » in either order gives 6.
    page.goto(live_site + "/bac-a-sable/")
    add_unit(page, 4)
    add_effect(page, "increase", value=2, label="+2")
    add_effect(page, "increase_up_to", value=5, label="Jusqu'à 5")
    run(page)
    expect(status(page)).to_contain_text("Unité A : puissance 6")
    page.get_by_role("button", name="Descendre « +2 »").click()
    expect(page.locator("#sb-e-1 legend")).to_contain_text("+2")
    expect(status(page)).to_contain_text("Unité A : puissance 6")
    assert page.console.errors == []


def test_share_link_rebuilds_the_same_situation(page, context, live_site):
    build_at_least_5(page, live_site)
    link = page.locator("#sb-share-url").input_value()
    assert "/bac-a-sable/?s=1." in link
    expect(page).to_have_url(link)  # the address bar follows the situation
    fresh = context.new_page()
    fresh.goto(link)
    expect(fresh.locator("#sb-o-0-printed_power")).to_have_value("4")
    expect(fresh.locator("#sb-e-0-label")).to_have_value("Jusqu'à 5")
    expect(fresh.locator("#sb-e-1-value")).to_have_value("2")
    expect(fresh.locator("[data-sandbox-status]")).to_contain_text("Unité A : puissance 6")
    expect(fresh.locator("#sb-share-url")).to_have_value(link)
    # Stepping the player keeps the situation.
    fresh.locator("#sandbox-player").get_by_role("link", name="Étape suivante").click()
    # The second step shown (its number is its place in the whole trace: calculation steps are skipped).
    expect(fresh.locator("#sandbox-player")).to_have_attribute("data-position", "1")
    assert "s=1." in fresh.url
    fresh.close()


def test_tampered_link_gives_a_clear_message(page, live_site):
    response = page.goto(live_site + "/bac-a-sable/?s=1.AAAA-tronque")
    assert response.status == 400
    expect(page.get_by_role("alert").first).to_contain_text("lien")
    expect(page.get_by_role("button", name="Ajouter une unité")).to_be_visible()


def test_open_an_example_in_the_sandbox_and_change_it(page, live_site):
    page.goto(live_site + "/exemples/deux-augmentations-limitees/")
    page.get_by_role("link", name="Ouvrir dans le bac à sable").first.click()
    expect(page).to_have_url(live_site + "/bac-a-sable/?exemple=deux-augmentations-limitees")
    expect(page.locator("#sb-o-0-printed_power")).to_have_value("4")
    expect(status(page)).to_contain_text("Unité A : puissance 5")
    threshold = page.locator("#sb-e-0-value")
    expect(threshold).to_have_value("5")
    threshold.fill("7")
    threshold.press("Tab")  # a change updates the result in place
    expect(status(page)).to_contain_text("Unité A : puissance 7")
    expect(page.locator("#sb-e-0-value")).to_have_value("7")
    assert "?s=1." in page.url
    assert page.console.errors == []


def test_keyboard_only(page, live_site):
    page.goto(live_site + "/bac-a-sable/")
    tab_to(page, "#sb-add-o")
    page.keyboard.press("Enter")
    expect(page.locator("#sb-o-0-name")).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.type(" bis")
    tab_to(page, "#sb-o-0-printed_power")
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    tab_to(page, "#sb-new-kind")
    page.keyboard.press("End")  # last kind in the list… then choose « Augmentation » by typing
    page.locator("#sb-new-kind").select_option("increase")
    tab_to(page, "#sb-add-e")
    page.keyboard.press("Enter")
    expect(page.locator("#sb-e-0-label")).to_be_focused()
    tab_to(page, "#sb-e-0-value")
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.locator("#sb-new-kind").select_option("set_power")
    tab_to(page, "#sb-add-e")
    page.keyboard.press("Enter")
    expect(page.locator("#sb-e-1-label")).to_be_focused()
    tab_to(page, "#sb-e-1-up")
    page.keyboard.press("Enter")
    expect(page.locator("#sb-e-0-up")).to_be_focused()
    expect(page.locator("#sb-e-0 legend")).to_contain_text("Fixer la puissance")
    tab_to(page, "#sb-run")
    page.keyboard.press("Enter")
    expect(page.locator("#sb-result-title")).to_be_focused()
    expect(status(page)).to_contain_text("Unité A bis : puissance 3")
    expect(page.locator("#sb-o-0-name")).to_have_value("Unité A bis")
    # Known and open (session 30 note): under a loaded parallel run only, Chromium reports a blocked inline style on
    # this page; the CSP holds (it is blocked). Any other console error still fails the test.
    assert [e for e in page.console.errors if not e.startswith("Applying inline style violates")] == []


def test_errors_are_shown_next_to_fields_and_nothing_is_lost(page, live_site):
    page.goto(live_site + "/bac-a-sable/")
    add_unit(page, "quatre")
    page.locator("#sb-o-0-name").fill("<b>Mon unité</b>")
    page.locator("#sb-run").click()
    expect(page.locator("#sb-errors")).to_be_focused()
    expect(page.locator("#sb-o-0-printed_power")).to_have_value("quatre")
    expect(page.locator("#sb-o-0-printed_power")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#sb-o-0-printed_power_error")).to_contain_text("nombre entier")
    expect(page.locator("#sb-o-0-name")).to_have_value("<b>Mon unité</b>")
    assert page.locator("#sandbox-workspace b").count() == 0
    assert axe_violations(page) == []


def test_axe_finds_no_serious_violation(page, live_site):
    build_at_least_5(page, live_site)
    assert axe_violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert axe_violations(page) == []


@pytest.mark.parametrize("width", [1280, 390])
def test_the_page_fits_the_screen_in_both_colour_schemes(browser, live_site, width):
    """Screenshots for a person to look at (/tmp/sandbox-shots/), and what they must show: nothing wider than
    the screen, every section and the result visible, the focus ring visible, axe clean in light and dark."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": width, "height": 900}, locale="fr-FR", color_scheme=scheme)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(live_site + "/bac-a-sable/?modele=deux-effets")
        expect(status(page)).to_contain_text("puissance 6")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{overflow}px wider than a {width}px screen"
        wide = page.evaluate(
            """(w) => [...document.querySelectorAll('#sandbox-workspace *')]
                .filter((el) => el.getBoundingClientRect().right > w + 1 && el.getClientRects().length)
                .map((el) => el.tagName + '#' + el.id + '.' + el.className).slice(0, 5)""",
            width,
        )
        assert wide == []
        for part in ("sb-section-o", "sb-section-e", "sb-section-a", "resultat"):
            expect(page.locator(f"#{part}")).to_be_visible()
        page.locator("#sb-e-0-value").focus()
        outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert outline not in ("none", ""), "the focused field shows no focus ring"
        page.screenshot(path=str(SHOTS / f"sandbox-{scheme}-{width}.png"), full_page=True)
        page.locator("#sb-section-e").screenshot(path=str(SHOTS / f"sandbox-{scheme}-{width}-effects.png"))
        assert (SHOTS / f"sandbox-{scheme}-{width}.png").stat().st_size > 10_000
        assert axe_violations(page) == []
        context.close()


def test_focus_lands_on_the_new_or_neighbouring_row(page, live_site):
    page.goto(live_site + "/bac-a-sable/?modele=remplacement")
    wait_settled(page)
    page.locator("#sb-new-action").select_option("query")
    page.get_by_role("button", name="Ajouter une action").click()
    expect(page.locator("#sb-a-2-ask")).to_be_focused()
    page.locator("#sb-add-c").click()  # « Fixer l'ordre de remplacements »
    expect(page.locator("#sb-c-0-first")).to_be_focused()
    page.get_by_role("button", name="Ajouter un joueur").click()
    expect(page.locator("#sb-p-2-name")).to_be_focused()
    expect(page.locator("#sb-p-2-name")).to_have_value("Joueur C")
    # Deleting a row gives the focus to the row that takes its place, or to the one above.
    page.locator("#sb-a-0-del").click()
    expect(page.locator("#sb-a-0")).to_be_focused()
    expect(page.locator("#sb-a-0 legend")).to_contain_text("Consulter")
    page.locator("#sb-a-1-del").click()
    expect(page.locator("#sb-a-0")).to_be_focused()
    page.locator("#sb-a-0-del").click()
    expect(page.locator("#sb-add-a")).to_be_focused()
    page.locator("#sb-p-2-del").click()
    expect(page.locator("#sb-p-1")).to_be_focused()
    # A half-built situation answers 400 (errors next to fields), which Chromium logs: nothing else.
    assert [e for e in page.console.errors if "400 (Bad Request)" not in e] == []


def test_ready_situations_spare_the_empty_form(page, live_site):
    page.goto(live_site + "/bac-a-sable/")
    page.locator(".sb-presets__more summary").click()  # the second group of ready situations is folded
    page.get_by_role("link", name="Un combat").click()
    expect(status(page)).to_contain_text("Résultat mis à jour")
    expect(page.locator("#sb-p-0-name")).to_have_value("Joueuse A")
    expect(page.locator("#sb-p-1-name")).to_have_value("Joueur B")
    assert page.url.endswith("#resultat")
    page.locator(".sb-presets__more summary").click()
    page.get_by_role("link", name="Un remplacement").click()
    expect(page.locator("#sb-e-0-label")).to_have_value("Retraite tactique")
    expect(status(page)).to_contain_text("Résultat mis à jour")


def test_works_without_javascript(browser, live_site):
    context = browser.new_context(java_script_enabled=False, locale="fr-FR")
    page = context.new_page()
    page.goto(live_site + "/bac-a-sable/")
    page.get_by_role("button", name="Ajouter une unité").click()
    page.locator("#sb-o-0-printed_power").fill("4")
    page.locator("#sb-new-kind").select_option("increase_up_to")
    page.get_by_role("button", name="Ajouter un effet").click()
    expect(page.locator("#sb-o-0-printed_power")).to_have_value("4")  # kept by the full-page post
    page.locator("#sb-e-0-value").fill("5")
    page.locator("#sb-new-kind").select_option("increase")
    page.get_by_role("button", name="Ajouter un effet").click()
    page.locator("#sb-e-1-value").fill("2")
    page.locator("#sb-run").click()
    expect(page.locator("[data-sandbox-status]")).to_contain_text("Unité A : puissance 6")
    assert page.url.endswith("/bac-a-sable/#resultat")  # « Lancer » lands on the result
    page.get_by_role("button", name="Ajouter une unité").click()
    assert page.url.endswith("/bac-a-sable/#sb-o-1")  # « Ajouter » lands on the new row…
    # (With a fragment in the address, browsers skip ``autofocus``: without JavaScript the row is scrolled to.)
    expect(page.locator("#sb-o-1-name")).to_be_in_viewport()
    page.locator("#sb-o-1-del").click()
    assert page.url.endswith("/bac-a-sable/#sb-o-0")  # …« Supprimer » on its neighbour
    expect(page.locator("#sb-o-0")).to_be_in_viewport()
    page.get_by_role("button", name="Monter « Augmentation »").click()
    expect(page.locator("#sb-e-0 legend")).to_contain_text("Augmentation ·")
    expect(page.locator("[data-sandbox-status]")).to_contain_text("Unité A : puissance 6")
    context.close()


@pytest.fixture
def slow_sandbox(monkeypatch):
    """Every sandbox answer takes 0.8 s, so the player keeps editing while a save is in flight."""
    import time

    from sandbox import running

    evaluate = running.evaluate

    def slow(*args, **kwargs):
        time.sleep(0.8)
        return evaluate(*args, **kwargs)

    monkeypatch.setattr(running, "evaluate", slow)


def settle_saves(page):
    """Wait for the save in flight, then for the one a late edit asks for (400 ms later), then its answer."""
    wait_settled(page)
    page.wait_for_timeout(600)
    wait_settled(page)


def start_a_save(page):
    power = page.locator("#sb-o-0-printed_power")
    power.fill("5")
    power.press("Tab")  # a change: the workspace is saved and swapped 400 ms later
    page.wait_for_function("() => document.querySelector('#sandbox-form.htmx-request')")


def type_a_name_while_saving(page, live_site, delay: int):
    """On the combat preset, start a save, then type « Jinx » over the second unit's name, ``delay`` ms a key."""
    page.goto(live_site + "/bac-a-sable/?modele=combat")
    start_a_save(page)
    name = page.locator("#sb-o-1-name")
    name.click()
    name.press("Control+A")
    name.press_sequentially("Jinx", delay=delay)
    return name


def test_a_name_typed_while_saving_is_kept(page, live_site, slow_sandbox):
    name = type_a_name_while_saving(page, live_site, delay=40)
    name.press("Tab")  # on to the next field before the answer comes back
    settle_saves(page)
    expect(page.locator("#sb-o-1-name")).to_have_value("Jinx")
    expect(page.locator("#sb-o-1 legend")).to_contain_text("Jinx")  # and the server got it
    expect(page.locator("#sb-o-0-printed_power")).to_have_value("5")


def test_a_name_typed_before_the_answer_and_left_after_it_reaches_the_server(page, live_site, slow_sandbox):
    """The answer lands after the last key but before the learner leaves the field: no change event follows."""
    name = type_a_name_while_saving(page, live_site, delay=40)
    wait_settled(page)  # the answer is in while the field still has the focus
    name.press("Tab")
    settle_saves(page)
    expect(page.locator("#sb-o-1-name")).to_have_value("Jinx")
    expect(page.locator("#sb-o-1 legend")).to_contain_text("Jinx")


def test_typing_through_a_save_keeps_value_focus_and_caret(page, live_site, slow_sandbox):
    name = type_a_name_while_saving(page, live_site, delay=350)  # the answer lands between two keys
    wait_settled(page)
    expect(name).to_be_focused()
    assert page.evaluate("() => [document.activeElement.value, document.activeElement.selectionStart]") == ["Jinx", 4]
    name.press_sequentially(" la folle")
    expect(name).to_have_value("Jinx la folle")


def test_a_select_changed_while_saving_does_not_revert(page, live_site, slow_sandbox):
    page.goto(live_site + "/bac-a-sable/?modele=combat")
    zone = page.locator("#sb-o-1-zone")
    other = page.evaluate(
        "() => [...document.querySelectorAll('#sb-o-1-zone option')].map((o) => o.value).find((v) => v && v !== "
        "document.querySelector('#sb-o-1-zone').value)"
    )
    start_a_save(page)
    zone.select_option(other)
    settle_saves(page)
    expect(page.locator("#sb-o-1-zone")).to_have_value(other)
    page.wait_for_timeout(300)
    settle_saves(page)
    expect(page.locator("#sb-o-1-zone")).to_have_value(other)


def test_a_refused_form_stays_in_the_page_with_the_debug_error_handler(page, live_site, settings):
    """`make run` (DEBUG) adds django-htmx's error handler, which shows any 400 as a whole raw page."""
    settings.DEBUG = True
    page.goto(live_site + "/bac-a-sable/")
    assert page.locator("script[data-debug='True']").count() == 1  # the handler is on the page
    add_unit(page, "quatre")
    page.locator("#sb-run").click()
    expect(page.locator("#sb-errors")).to_be_focused()
    expect(page.locator("#sb-o-0-printed_power_error")).to_contain_text("nombre entier")
    expect(page.locator("header.site-header")).to_be_visible()  # the page, not the raw answer
    # Its stylesheets, linked or (a first visit, core/stylesheets.py) written into the page.
    assert page.evaluate("() => document.querySelectorAll('link[rel=stylesheet], style[data-href]').length") >= 2


def test_a_shared_link_opens_at_the_result_on_a_phone(browser, live_site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    page = context.new_page()
    page.goto(live_site + "/bac-a-sable/?modele=combat")
    link = page.locator("#sb-share-url").input_value()
    assert link.endswith("#resultat")
    for address in (link, link.split("#")[0]):  # a link shared before it carried « #resultat » too
        page.goto(address)
        expect(page.locator("#sb-result-title")).to_be_in_viewport()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "shared-link-390x844.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_site + "/bac-a-sable/?modele=deux-contre-un")
    page.screenshot(path=str(SHOTS / "board-preset-1280x800.png"))
    page.locator("#sb-section-o").screenshot(path=str(SHOTS / "board-preset-units-1280.png"))
    context.close()


# --------------------------------------------------------------------------- the board first (issue 23, item 9)


def test_two_units_against_one_from_the_board_preset(page, live_site):
    """A new player opens the sandbox, sees the board (two bases, two battlefields nobody controls), picks
    « 2 unités contre 1 » and sees the combat and the conquest; then says the field is already theirs and
    reads why nothing happens. Keyboard only, axe clean, light and dark."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_site + "/bac-a-sable/")
    board = page.locator("#sb-section-b")
    expect(board.get_by_role("heading", name="Base de Joueuse A")).to_be_visible()
    expect(board.get_by_role("heading", name="Base de Joueur B")).to_be_visible()
    expect(board.locator(".sb-map__controller")).to_have_text(["Contrôlé par personne", "Contrôlé par personne"])
    expect(page.locator("#sb-b-0-controller option:checked")).to_have_text("Personne (non contrôlé)")
    assert axe_violations(page) == []
    # The preset, reached with the keyboard.
    page.get_by_role("link", name="2 unités contre 1").focus()
    page.keyboard.press("Enter")
    expect(status(page)).to_contain_text("Résultat mis à jour")
    assert page.url.endswith("#resultat")
    expect(page.locator("#sb-b-0-controller")).to_have_value("p2")
    why = page.locator("#sb-why")
    expect(why).to_contain_text("Combat sur « Pont de Piltover » : Joueuse A attaque avec une puissance totale de 5")
    expect(why).to_contain_text("Joueuse A conquiert « Pont de Piltover » et gagne 1 point")
    expect(page.locator("#sandbox-player")).to_be_visible()
    assert axe_violations(page) == []
    page.emulate_media(color_scheme="dark")
    assert axe_violations(page) == []
    page.emulate_media(color_scheme="light")
    # The same move onto a battlefield Joueuse A already controls: nothing happens, and the page says why.
    page.locator("#sb-b-0-controller").select_option("p1")
    page.locator("#sb-run").click()
    expect(page.locator("#sb-result-title")).to_be_focused()
    expect(why).to_contain_text("que Joueuse A contrôle déjà")
    expect(why).to_contain_text("ni combat ni conquête")
    expect(page.locator("#sb-b-0-controller")).to_have_value("p1")
    assert page.console.errors == []


def test_the_board_preset_without_javascript(browser, live_site):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844}, locale="fr-FR")
    page = context.new_page()
    page.goto(live_site + "/bac-a-sable/")
    page.get_by_role("link", name="2 unités contre 1").click()
    expect(page.locator("#sb-why")).to_contain_text("Joueuse A conquiert « Pont de Piltover »")
    page.get_by_role("button", name="Ajouter un champ de bataille").click()
    assert page.url.endswith("#sb-b-2")
    expect(page.locator("#sb-b-2-controller")).to_have_value("")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    context.close()


def _shared(name: str) -> str:
    """The sandbox's address for a shipped worked example, by its share code (no database needed)."""
    import yaml

    from sandbox import share
    from tests.sandbox.helpers import build
    from worked_examples.paths import SCENARIOS_DIR

    scenario = yaml.safe_load((SCENARIOS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    scenario.pop("expect")
    return "/bac-a-sable/?s=" + share.encode(build(scenario))


@pytest.mark.parametrize("width", [1280, 390])
def test_show_off_and_repeat_links_only_on_a_played_spells_instructions(browser, live_site, width):
    """Primordial Roar played (cast): its damage says it belongs to Show Off. Untick « Instruction du sort
    au-dessus » on Frigid Touch's instruction and its two links go; tick it again and they are back. Untick it on
    the damage, which says Show Off: the value stays, refused next to its field."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(20_000)
    console = []
    page.on("pageerror", lambda error: console.append(str(error)))
    page.goto(live_site + _shared("show-off-primordial-roar"))
    expect(status(page)).to_be_visible()
    linked = page.locator("#sb-a-1 details.sb-advanced")
    expect(linked).to_have_attribute("open", "")  # the damage's link to Show Off is shown, not folded away
    expect(page.locator("#sb-a-1-showed_off")).to_have_value("1")
    expect(page.locator("#sb-a-3-execution")).to_be_attached()
    page.locator("#sb-a-1").screenshot(path=str(SHOTS / f"sandbox-show-off-{width}.png"))
    page.locator("#sb-a-3-in_spell").uncheck()
    expect(page.locator("#sb-a-3-showed_off")).not_to_be_attached()
    expect(page.locator("#sb-a-3-execution")).not_to_be_attached()
    expect(page.locator("#sb-a-3 > legend")).to_contain_text("Action 4")
    page.locator("#sb-a-3-in_spell").check()
    expect(page.locator("#sb-a-3-showed_off")).to_be_attached()
    expect(page.locator("#sb-a-3 > legend")).to_contain_text("Instruction 4")
    wait_settled(page)
    page.locator("#sb-a-1-in_spell").uncheck()
    error = page.locator("#sb-a-1-showed_off_error")
    expect(error).to_contain_text("pas une instruction de sort")
    expect(page.locator("#sb-a-1-showed_off")).to_have_value("1")
    page.locator("#sb-a-1").screenshot(path=str(SHOTS / f"sandbox-show-off-refused-{width}.png"))
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    assert axe_violations(page) == []
    assert console == []
    context.close()


def test_a_resolved_spell_offers_no_keyword_link_without_javascript(browser, live_site):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844}, locale="fr-FR")
    page = context.new_page()
    page.goto(live_site + _shared("instructions-successives"))
    expect(page.locator("#sb-a-1-in_spell")).to_be_checked()
    expect(page.locator("#sb-a-1-showed_off")).not_to_be_attached()
    expect(page.locator("#sb-a-1-execution")).not_to_be_attached()
    page.goto(live_site + _shared("show-off-primordial-roar"))
    page.locator("#sb-a-3-in_spell").uncheck()
    page.locator("#sb-run").click()
    expect(page.locator("#sb-a-3-showed_off")).not_to_be_attached()  # no longer an instruction
    page.locator("#sb-a-3-in_spell").check()
    page.locator("#sb-run").click()
    expect(page.locator("#sb-a-3-showed_off")).to_be_attached()  # an instruction of a played spell again
    expect(page.locator("#sb-a-1-showed_off")).to_have_value("1")
    context.close()
