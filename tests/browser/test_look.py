"""The site's look in Chromium: the phone header, CSS-only tooltips that are not clipped, the dark theme,
AA contrast in both themes, the feedback form with and without JavaScript, and the weight of JS + CSS."""

import gzip
import re
import urllib.request
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from tests.conftest import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FAQ = "/faq/quel-effet-s-applique-en-premier/"
BUDGET = 60 * 1024  # bytes of JS + CSS, gzipped


@pytest.fixture
def rules_path(live_site):
    from rules.models import RuleSection

    return RuleSection.objects.filter(chapter="combat").order_by("order").first().get_absolute_url()


def new_page(browser, width=1280, scheme="light", js=True):
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme,
                                  java_script_enabled=js, locale="fr-FR")
    return context, context.new_page()


# --- issue 11: the phone header --------------------------------------------------------------------------------


def test_phone_header_is_compact_and_home_has_one_search_box(browser, live_site):
    context, page = new_page(browser, width=390)
    page.goto(live_site + "/")
    height = page.locator(".site-header").bounding_box()["height"]
    # Nine sections fit on two short lines under the brand, every link visible (issue 33: Débuter, Entraînement).
    assert height <= 130, f"en-tête de {height:.0f} px sur téléphone"
    visible = [box for box in page.locator('input[type="search"]').all() if box.is_visible()]
    assert len(visible) == 1
    page.goto(live_site + FAQ)
    assert page.locator(".site-header").bounding_box()["height"] <= 130
    # On phones the header offers a link to the search page instead of a squeezed field.
    link = page.get_by_role("link", name="Rechercher dans RiftPal")
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(live_site + "/recherche/")
    context.close()


@pytest.mark.parametrize("width", [1280, 800])
def test_search_icon_sits_at_the_end_of_the_field(browser, live_site, width):
    context, page = new_page(browser, width=width)
    page.goto(live_site + FAQ)
    form = page.locator(".header-search").bounding_box()
    button = page.locator(".header-search button").bounding_box()
    field = page.locator("#header-q").bounding_box()
    assert form["x"] + form["width"] - (button["x"] + button["width"]) <= 4
    assert field["x"] + field["width"] <= button["x"] + 1
    context.close()


# --- issue 15: CSS-only tooltips are not clipped -----------------------------------------------------------------


def tooltip_fully_shown(page, term) -> bool:
    page.mouse.move(1, 1)  # away from the previous term, so its tooltip closes
    # Instant: the page scrolls smoothly otherwise, and the tooltip would be measured mid-scroll.
    term.evaluate("el => el.scrollIntoView({block: 'center', behavior: 'instant'})")
    term.hover()
    tip = term.locator("xpath=following-sibling::span[contains(@class, 'term-tip')][1]")
    expect(tip).to_be_visible()
    # Each corner of the tooltip is the tooltip (not clipped away, not covered by the next tile or card).
    return page.evaluate(
        """tip => {
            const r = tip.getBoundingClientRect();
            const points = [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4],
                            [r.right - 4, r.bottom - 4], [(r.left + r.right) / 2, r.bottom - 4]];
            return r.left >= 0 && r.right <= document.documentElement.clientWidth
                && points.every(([x, y]) => tip.contains(document.elementFromPoint(x, y)));
        }""",
        tip.element_handle(),
    )


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path,scope", [("/", ".tile__body"), ("/cartes/unl-075/", ".rules-note"), (FAQ, ".answer")])
def test_css_only_tooltips_are_not_clipped(browser, live_site, path, scope, width):
    context, page = new_page(browser, width=width, js=False)
    page.goto(live_site + path)
    terms = page.locator(f"{scope} a.term")
    assert terms.count() > 0
    for index in range(min(terms.count(), 4)):
        assert tooltip_fully_shown(page, terms.nth(index)), f"info-bulle coupée : {terms.nth(index).inner_text()}"
    context.close()


# --- the look: dark theme, domain colours, contrast ------------------------------------------------------------


def test_dark_theme_follows_the_system_and_domains_have_colours(browser, live_site):
    colours = {}
    for scheme in ("light", "dark"):
        context, page = new_page(browser, scheme=scheme)
        page.goto(live_site + "/cartes/?q=boots+swiftness")
        colours[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        variables = page.evaluate("""() => Object.fromEntries(
            ['fury', 'calm', 'mind', 'body', 'chaos', 'order'].map(name =>
                [name, getComputedStyle(document.documentElement).getPropertyValue('--domain-' + name).trim()]))""")
        assert all(variables.values()) and len(set(variables.values())) == 6, variables
        # The Boots of Swiftness tile takes the Chaos colour, with its domain chip.
        boots = page.locator(".card-tile", has_text="Boots of Swiftness")
        assert "frame-1-chaos" in boots.get_attribute("class")
        expect(boots.locator(".domain--chaos")).to_be_visible()
        context.close()
    assert colours["light"] != colours["dark"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_contrast_or_accessibility_violation_in_either_theme(browser, live_site, rules_path, scheme):
    context, page = new_page(browser, scheme=scheme)
    for path in ["/", FAQ, rules_path, "/cartes/", "/plan-du-site/"]:
        page.goto(live_site + path)
        assert axe_violations(page) == [], (scheme, path)
    context.close()


def test_phone_pages_do_not_scroll_sideways(browser, live_site, rules_path):
    for scheme in ("light", "dark"):
        context, page = new_page(browser, width=390, scheme=scheme)
        for path in ["/", FAQ, rules_path, "/cartes/", "/cartes/sfd-133/", "/plan-du-site/"]:
            page.goto(live_site + path)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, (scheme, path)
        context.close()


# --- readers' feedback -----------------------------------------------------------------------------------------


def test_feedback_with_htmx_swaps_in_a_thank_you(browser, live_site):
    from rules.models import Feedback

    context, page = new_page(browser)
    page.goto(live_site + FAQ)
    feedback = page.locator("#avis")
    feedback.get_by_text("Signaler une erreur").click()
    feedback.get_by_label(re.compile("ne va pas sur cette page")).fill("Une coquille dans l'exemple.")
    feedback.get_by_role("button", name="Envoyer le signalement").click()
    expect(page.locator("#avis [role=status]")).to_contain_text("signalement")
    expect(page).to_have_url(live_site + FAQ)
    assert Feedback.objects.get().message == "Une coquille dans l'exemple."
    context.close()


def test_feedback_without_javascript_comes_back_to_the_page(browser, live_site, rules_path):
    from rules.models import Feedback

    context, page = new_page(browser, js=False)
    page.goto(live_site + rules_path)
    page.locator("#avis").get_by_role("button", name="Oui").click()
    expect(page).to_have_url(live_site + rules_path + "?merci=1#avis")
    expect(page.locator("#avis")).to_contain_text("Merci")
    assert Feedback.objects.get().kind == "utile"
    context.close()


# --- the weight of the front end -------------------------------------------------------------------------------


def test_js_and_css_stay_under_60_kb_gzipped(browser, live_site, rules_path):
    """Every script and stylesheet the main pages load (htmx included), gzipped: printed, and under budget."""
    context, page = new_page(browser)
    urls = set()
    for path in ["/", FAQ, rules_path, "/guides/calculs-de-puissance/", "/cartes/", "/glossaire/", "/plan-du-site/"]:
        page.goto(live_site + path)
        page.wait_for_load_state("networkidle")
        urls |= set(page.evaluate("""() => [
            ...[...document.querySelectorAll('script[src]')].map(s => s.src),
            ...[...document.querySelectorAll('link[rel=stylesheet]')].map(l => l.href),
            ...performance.getEntriesByType('resource').map(e => e.name).filter(n => /\\.(m?js|css)(\\?|$)/.test(n)),
        ]"""))
    context.close()
    sizes = {}
    for url in sorted(urls):
        with urllib.request.urlopen(urljoin(live_site, url)) as response:  # noqa: S310 - the live test server
            sizes[url.removeprefix(live_site)] = len(gzip.compress(response.read(), 9))
    total = sum(sizes.values())
    for url, size in sizes.items():
        print(f"{size / 1024:6.1f} Ko  {url}")
    print(f"{total / 1024:6.1f} Ko  JS + CSS, gzip -9 (budget {BUDGET // 1024} Ko)")
    assert total < BUDGET
