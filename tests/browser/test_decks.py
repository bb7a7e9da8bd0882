"""« Mon deck » in Chromium: a real list pasted on a phone and on a desktop, the page read as a player reads it,
axe clean, the engine's interaction answered, and the rules sheet printed to an A4 PDF of one page."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/decks-shots")
DECK = json.loads((Path(__file__).resolve().parents[2] / "decks" / "data" / "decklists" / "kaisa-4-guangzhou.json")
                  .read_text(encoding="utf-8"))


def pasted_list() -> str:
    """The list as a player copies it from a deck site: sections, counts first, codes."""
    lines = ["Legend:", f"1 {DECK['legend']}", "Champion:", f"1 {DECK['champion']}", "Main Deck:"]
    for code, count in DECK["main"]:
        count -= 1 if code == DECK["champion"] else 0
        if count:
            lines.append(f"{count}x {code}")
    lines += ["Runes:", *(f"{count} {code}" for code, count in DECK["runes"]), "Battlefields:", *DECK["battlefields"]]
    return "\n".join(lines)


def shoot(page, name: str, full: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full, caret="initial")


@pytest.mark.parametrize(("name", "size"), [("phone", (390, 844)), ("desktop", (1280, 900))])
def test_paste_a_real_list(page, live_site, name, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(live_site + "/mon-deck/")
    assert axe_violations(page) == []
    page.get_by_label("Ton code de deck ou ta liste").fill(pasted_list())
    page.get_by_role("button", name="Voir les règles de mon deck").click()
    # The list is encoded and the page has its own address: the deck's code.
    expect(page).to_have_url(f"{live_site}/mon-deck/{DECK['deck_code']}/")
    expect(page.locator(".verdict-line")).to_contain_text("Deck conforme")
    expect(page.get_by_role("heading", name="Les règles de ton deck", exact=True)).to_be_visible()
    expect(page.locator(".keyword h3").first).to_be_visible()
    expect(page.locator(f'a.card-link[data-card="{DECK["legend"]}"]').first).to_have_attribute(
        "href", f"/cartes/{DECK['legend'].lower()}/")
    assert axe_violations(page) == []
    shoot(page, f"deck-{name}")
    # An interaction the engine plays on the deck's own cards, answered before looking.
    page.locator("#interactions").scroll_into_view_if_needed()
    page.get_by_role("link", name="Voir le moteur le jouer").first.click()
    expect(page.get_by_role("heading", name="Le moteur le joue, pas à pas")).to_be_visible()
    assert axe_violations(page) == []
    shoot(page, f"interaction-{name}")
    assert page.console.errors == []
    page.wait_for_load_state("networkidle")  # the tooltips' requests end before the database is emptied


def test_the_rules_sheet_prints_on_one_a4_page(page, live_site):
    page.goto(f"{live_site}/mon-deck/{DECK['deck_code']}/fiche/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Fiche de règles")
    assert axe_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    pdf = SHOTS / "fiche.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4", prefer_css_page_size=True, print_background=False)
    data = pdf.read_bytes()
    assert b"/Count 1" in data  # one page
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-gray", str(pdf), str(SHOTS / "fiche")], check=True)
    page.wait_for_load_state("networkidle")
