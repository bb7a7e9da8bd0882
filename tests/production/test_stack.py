"""The site as production runs it (scripts/prod-stack.sh: nginx, gunicorn, riftpal.settings.prod, manifest storage):
every page type answers within its budget (core/budgets.py: HTML, JavaScript with its module imports, CSS, as
sent), htmx is loaded exactly by the pages that use it, the service worker is served and works offline in Chromium,
`check --deploy` is clean. One file: the stack is started once per test process (pytest-xdist --dist loadfile)."""

from __future__ import annotations

import re
import subprocess
import sys
from contextlib import contextmanager
from html import unescape

import pytest
from playwright.sync_api import expect

from core.budgets import KB, PAGE_TYPES, assets, resolve
from tests.production.conftest import ROOT, Stack

pytestmark = pytest.mark.browser


@contextmanager
def phone(browser, service_workers: str):
    """A phone-sized French context, its page (30 s per wait) and the page's script errors; closed afterwards."""
    context = browser.new_context(service_workers=service_workers, locale="fr-FR",
                                  viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield context, page, errors
    finally:
        context.close()


def first_link(stack: Stack, index: str, prefix: str) -> str:
    links = re.findall(rf'href="({re.escape(prefix)}[^"#?]+/)"', stack.get(index).text)
    links = [unescape(link) for link in links if link != index]
    assert links, f"aucun lien {prefix}… sur {index}"
    return links[0]


@pytest.fixture(scope="module")
def page_types(stack) -> dict[str, str]:
    return {
        "accueil": "/",
        "index des règles": "/regles/",
        "section des règles": first_link(stack, "/regles/", "/regles/"),
        "FAQ": "/faq/",
        "réponse de la FAQ": first_link(stack, "/faq/", "/faq/"),
        "guides": "/guides/",
        "guide": "/guides/le-combat/",
        "glossaire": "/glossaire/",
        "terme du glossaire": first_link(stack, "/glossaire/", "/glossaire/"),
        "cartes": "/cartes/",
        "exemples": "/exemples/",
        "exemple": first_link(stack, "/exemples/", "/exemples/"),
        "débuter": "/debuter/",
        "entraînement": "/entrainement/",
        "bac à sable": "/bac-a-sable/",
        "recherche": "/recherche/?q=puissance",
        "plan du site": "/plan-du-site/",
        "page hors ligne": "/hors-ligne/",
        "connexion à l'administration": "/admin/login/",
    }


def test_every_page_type_answers_through_nginx(stack, page_types):
    failures = []
    for name, path in page_types.items():
        answer = stack.get(path)
        if answer.status != 200 or "<main" not in answer.text:
            failures.append(f"{name} {path}: {answer.status}")
        elif "text/html" not in answer.headers.get("content-type", ""):
            failures.append(f"{name} {path}: {answer.headers.get('content-type')}")
    for path, kind in [("/sitemap.xml", "xml"), ("/manifest.webmanifest", "manifest+json"), ("/sante/", "json")]:
        answer = stack.get(path)
        if answer.status != 200 or kind not in answer.headers.get("content-type", ""):
            failures.append(f"{path}: {answer.status} {answer.headers.get('content-type')}")
    assert failures == []


def test_the_service_worker_is_served_with_hashed_static_names(stack):
    answer = stack.get("/sw.js")
    assert answer.status == 200, answer.text[:500]
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "/"
    assert re.search(r'"/static/css/site\.[0-9a-f]{12}\.css"', answer.text)
    assert stack.get("/static/js/site.js").status == 200  # an unhashed name still resolves (short cache)


def test_a_static_file_is_served_by_nginx_by_its_hashed_name_for_a_year(stack):
    css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', stack.get("/").text).group(1)
    answer = stack.get(css)
    assert answer.status == 200
    assert answer.headers["content-encoding"] == "gzip"
    assert "immutable" in answer.headers["cache-control"] and "max-age=31536000" in answer.headers["cache-control"]
    assert b"body" in answer.body


def test_pages_come_from_the_cache_every_worker_shares(stack):
    path = "/faq/"
    stack.get(path)
    # More requests than workers: whichever worker answers, the page stored by the first one is served.
    caches = {stack.get(path).headers.get("x-cache") for _ in range(12)}
    assert caches == {"HIT"}
    # nginx answers the identical requests that follow a hit itself, for a few seconds (X-Accel-Expires).
    assert stack.get(path).headers.get("x-proxy-cache") == "HIT"


def test_nginx_never_keeps_a_page_with_a_cookie_or_a_session(stack):
    for _ in range(3):
        sandbox = stack.get("/bac-a-sable/")  # its form's CSRF token sets a cookie
        assert "csrftoken" in sandbox.headers.get("set-cookie", "")
        assert sandbox.headers.get("x-proxy-cache") != "HIT"
    stack.get("/faq/")
    with_session = stack.get("/faq/", Cookie="sessionid=abc")
    assert with_session.headers.get("x-proxy-cache") == "BYPASS"


def test_the_production_settings_pass_check_deploy(stack):
    env = {key: value for key, value in __import__("os").environ.items() if not key.startswith("DJANGO_")}
    env.update(stack.env())
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_worker_installs_and_serves_an_unvisited_rules_section_offline(stack, browser, page_types):
    section = page_types["section des règles"]
    expected = re.search(r"<h1[^>]*>(.*?)</h1>", stack.get(section).text, re.S).group(1)
    expected = re.sub(r"<[^>]+>", "", unescape(expected)).split()[0]
    with phone(browser, service_workers="allow") as (context, page, errors):
        page.goto(stack.url + "/")
        page.evaluate("() => navigator.serviceWorker.ready")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        # Everything the worker promises is saved before the player goes offline (bounded by the timeout above).
        page.wait_for_function("() => document.documentElement.dataset.offlineSaved === 'complet'", timeout=120_000)
        # The saved reading content stays within the budget the worker states (stored bytes, uncompressed).
        saved, budget = map(int, page.evaluate("() => document.documentElement.dataset.offlineBytes").split("/"))
        assert 0 < saved <= budget
        context.set_offline(True)
        page.goto(stack.url + section)
        expect(page.locator("h1")).to_contain_text(expected)
        expect(page.locator("[data-offline-notice]")).to_contain_text("Hors ligne")
        # Issue 33: every reading page opens offline, visited or not, and a rule number opens its section.
        for kind in ("réponse de la FAQ", "terme du glossaire", "guide"):
            page.goto(stack.url + page_types[kind])
            expect(page.locator("h1").first).not_to_have_text("Hors ligne")
            expect(page.locator("[data-offline-notice]").first).to_contain_text("Hors ligne")
        page.goto(stack.url + "/regles/468.1/")
        assert page.url.startswith(stack.url + "/regles/") and "468.1" not in page.url
        expect(page.locator("h1").first).not_to_have_text("Hors ligne")
        page.goto(stack.url + "/une-page-jamais-vue/")
        expect(page.locator("h1")).to_have_text("Hors ligne")
        expect(page.get_by_role("navigation", name="Navigation principale")).to_be_visible()
        assert errors == []


@pytest.fixture(scope="module")
def weights(stack) -> dict[str, tuple[str, str, list[str], tuple[int, int, int]]]:
    sizes: dict[str, int] = {}

    def sent(url: str) -> int:
        if url not in sizes:
            answer = stack.get(url)
            assert answer.status == 200, url
            sizes[url] = answer.sent
        return sizes[url]

    found = {}
    for name, (page, _budget) in PAGE_TYPES.items():
        path = resolve(page, lambda index: stack.get(index).text)
        answer = stack.get(path)
        assert answer.status == 200, path
        scripts, styles = assets(answer.text, lambda url: stack.get(url).text)
        weight = (answer.sent, sum(sent(url) for url in scripts), sum(sent(url) for url in styles))
        found[name] = (path, answer.text, scripts, weight)
    return found


def test_every_page_type_is_within_its_budget(weights):
    over = []
    for name, (path, _html, _scripts, weight) in weights.items():
        budget = PAGE_TYPES[name][1]
        for label, size, limit in zip(("HTML", "JS", "CSS"), weight, budget, strict=True):
            if size > limit:
                over.append(f"{name} {path}: {label} {size / KB:.1f} Ko > {limit / KB:.0f} Ko")
    assert over == []


FROM_OUTSIDE = {"Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
FROM_THE_SITE = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}


def test_a_first_visit_carries_its_stylesheets_within_the_html_and_css_budgets(stack, weights):
    """Opened from outside the site, a page carries its stylesheets (core/stylesheets.py): its HTML is held to the
    page type's HTML and CSS budgets together, and it asks for no stylesheet."""
    over = []
    for name, (path, _html, _scripts, _weight) in weights.items():
        html_budget, _js, css_budget = PAGE_TYPES[name][1]
        answer = stack.get(path, **FROM_OUTSIDE)
        assert answer.status == 200, path
        assert '<style data-href="/static/' in answer.text and 'rel="stylesheet"' not in answer.text, path
        if answer.sent > html_budget + css_budget:
            over.append(f"{name} {path}: {answer.sent / KB:.1f} Ko > {(html_budget + css_budget) / KB:.0f} Ko")
    assert over == []


def test_nginx_keeps_the_two_variants_of_a_page_apart(stack):
    """nginx's micro-cache follows Vary: within its few seconds, each kind of visit still gets its own page."""
    served_by_nginx = {"outside": 0, "inside": 0}
    for _ in range(6):
        outside, inside = stack.get("/faq/", **FROM_OUTSIDE), stack.get("/faq/", **FROM_THE_SITE)
        assert "<style data-href=" in outside.text and 'rel="stylesheet"' not in outside.text
        assert "<style data-href=" not in inside.text and 'rel="stylesheet"' in inside.text
        assert "'sha256-" in outside.headers["content-security-policy"]
        assert "'sha256-" not in inside.headers["content-security-policy"]
        served_by_nginx["outside"] += outside.headers.get("x-proxy-cache") == "HIT"
        served_by_nginx["inside"] += inside.headers.get("x-proxy-cache") == "HIT"
    # Each variant was kept by nginx and served again (from the third round, unless the machine stalls 2 s).
    assert served_by_nginx["outside"] > 0 and served_by_nginx["inside"] > 0


def test_a_first_visit_is_styled_and_the_next_page_finds_its_stylesheet_in_the_cache(stack, browser):
    with phone(browser, service_workers="block") as (context, page, errors):
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.goto(stack.url + "/faq/")
        css = page.locator("style[data-href]").first.get_attribute("data-href")
        assert page.locator("link[rel=stylesheet]").count() == 0
        # Styled by the written-in sheet, which the CSP allowed (a refused one is a console error).
        assert page.evaluate("() => getComputedStyle(document.querySelector('.site-header')).backgroundColor") \
            == "rgb(18, 23, 38)"
        page.wait_for_function("(url) => performance.getEntriesByName(url).some((e) => e.responseEnd > 0)",
                               arg=stack.url + css)  # fetched after the load event (static/js/site.js)
        page.get_by_role("navigation", name="Navigation principale").get_by_role("link", name="Glossaire").click()
        expect(page).to_have_url(stack.url + "/glossaire/")
        expect(page.locator(f'link[rel=stylesheet][href="{css}"]')).to_have_count(1)
        assert page.locator("style[data-href]").count() == 0
        entry = page.evaluate("(url) => performance.getEntriesByName(url)[0].transferSize", stack.url + css)
        assert entry == 0  # from the browser's cache: no byte over the network
        assert errors == []


def test_htmx_starts_after_the_load_event_and_then_enhances_the_page(stack, browser):
    with phone(browser, service_workers="block") as (context, page, errors):
        page.goto(stack.url + "/cartes/")
        page.wait_for_function("() => document.documentElement.dataset.htmx === 'pret' && window.htmx")
        started, loaded = page.evaluate("""() => [
            performance.getEntriesByType('resource').find((e) => e.name.includes('/django_htmx/htmx-2')).startTime,
            performance.getEntriesByType('navigation')[0].loadEventStart]""")
        assert started >= loaded
        page.evaluate("window.notReloaded = true")
        page.get_by_label("Domaine", exact=True).select_option("Calm")
        expect(page).to_have_url(re.compile(r"domaine=Calm"))
        assert page.evaluate("window.notReloaded") is True  # swapped by htmx
        assert errors == []


def test_until_htmx_runs_its_controls_are_plain_links_and_forms(stack, browser):
    """htmx held back (a slow phone has not received it yet): the gallery's next-page link is an ordinary link."""
    with phone(browser, service_workers="block") as (context, page, errors):
        page.route(re.compile(r".*/django_htmx/htmx-2.*"), lambda route: route.abort())
        page.goto(stack.url + "/cartes/", wait_until="domcontentloaded")  # (tests/conftest.py would await htmx)
        page.wait_for_load_state("load")
        page.evaluate("window.notReloaded = true")
        page.locator("a[rel=next]").first.click()
        expect(page).to_have_url(re.compile(r"page=2"))
        expect(page.locator(".card-tile").first).to_be_visible()
        assert page.evaluate("window.notReloaded") is None  # a new page, not a swap


def test_htmx_is_loaded_by_the_pages_that_use_it_and_only_them(weights):
    wrong = []
    for name, (path, html, scripts, _weight) in weights.items():
        uses = " hx-" in html or "\thx-" in html
        loads = any("htmx" in url and "htmx-errors" not in url for url in scripts)
        if uses != loads:
            wrong.append(f"{name} {path}: hx-… {'présent' if uses else 'absent'}, htmx "
                         f"{'chargé' if loads else 'non chargé'}")
    assert wrong == []
    assert not any("htmx.min" in url for url in weights["accueil"][2])


def test_every_guide_is_within_the_guide_budget(stack):
    html_budget = PAGE_TYPES["guide le plus long"][1][0]
    guides = list(dict.fromkeys(re.findall(r'href="(/guides/[a-z0-9-]+/)"', stack.get("/guides/").text)))
    assert len(guides) >= 10
    over = [f"{path}: {answer.sent / KB:.1f} Ko > {html_budget / KB:.0f} Ko"
            for path, answer in ((path, stack.get(path)) for path in guides) if answer.sent > html_budget]
    assert over == []


def test_a_guide_example_loads_its_player_in_place_on_demand(stack, browser):
    with phone(browser, service_workers="block") as (_context, page, errors):
        page.goto(stack.url + "/guides/le-combat/")
        assert page.locator("[data-player]").count() == 0
        card = page.locator("article.example-embed").first
        card_id = card.get_attribute("id")
        card.get_by_role("link", name="Voir l’exemple pas à pas").click()
        player = page.locator(f"section#{card_id}[data-player]")
        expect(player).to_be_visible()
        assert page.url == stack.url + "/guides/le-combat/"  # loaded in place, the guide stays open
        # The player works: a step further, inside the guide.
        before = player.get_attribute("data-step")
        player.get_by_role("link", name="Étape suivante").click()
        expect(page.locator(f"section#{card_id}[data-player]")).not_to_have_attribute("data-step", before)
        assert errors == []
