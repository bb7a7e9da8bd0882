"""Offline at the table: the service worker keeps the indexes, the offline page and visited pages at once, and the
whole reading content after the first visit (tests/production checks that part on the production stack)."""

import json
import time
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import axe_violations

SHOTS = Path("/tmp/offline-shots")
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_worker_and_the_manifest_are_served_for_the_whole_site(client):
    response = client.get(reverse("offline:service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-store" in response["Cache-Control"]
    body = response.content.decode()
    config = json.loads(body.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["pages"] == ["/regles/", "/faq/", "/glossaire/", "/guides/", "/hors-ligne/"]
    assert "/static/css/site.css" in config["frame"] and config["version"]
    assert config["reading"] == "/hors-ligne/pages.json" and config["budget"] > 0
    manifest = client.get(reverse("offline:manifest"))
    assert manifest["Content-Type"] == "application/manifest+json"
    assert manifest.json()["lang"] == "fr" and manifest.json()["scope"] == "/"


def close_quietly(context) -> None:
    """Close a context whose service worker may still be saving pages: offline first, so it starts no new request,
    then a moment for the requests the test server is still answering (the database is emptied right after)."""
    context.set_offline(True)
    context.close()
    time.sleep(0.5)


def wait_for_the_worker(page):
    """Installed (frame and indexes kept) and in control of the page."""
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_visited_pages_and_the_indexes_open_offline(browser, live_site, width, height):
    from rules.models import FAQEntry

    faq_url = live_site + FAQEntry.objects.order_by("pk").first().get_absolute_url()
    context = browser.new_context(service_workers="allow", viewport={"width": width, "height": height}, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(live_site + "/")
    assert page.locator("link[rel=manifest]").count() == 1
    wait_for_the_worker(page)
    page.goto(faq_url)
    title = page.locator("h1").inner_text()
    expect(page.locator("[data-offline-notice]")).to_have_count(0)

    context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator("[data-offline-notice]")).to_contain_text("Hors ligne")
    # The kept copy has its stylesheets: linked (kept by the worker), or written in when the page was opened from
    # outside the site (core/stylesheets.py), as page.goto does.
    expect(page.locator("link[rel=stylesheet], style[data-href]").first).to_be_attached()
    assert page.evaluate("() => getComputedStyle(document.body).fontFamily") not in ("", "Times New Roman")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"faq-offline-{width}.png"))
    assert axe_violations(page) == []
    # Never visited, but kept at install: the rules index and the glossary.
    page.goto(live_site + "/regles/")
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("[data-offline-notice]")).to_contain_text("Hors ligne")
    page.goto(live_site + "/glossaire/")
    expect(page.locator("[data-offline-notice]")).to_contain_text("Hors ligne")
    page.screenshot(path=str(SHOTS / f"glossary-offline-{width}.png"))
    # A page this device never kept: the offline page, with the site's navigation, says so and lists what it has.
    page.goto(live_site + "/exemples/")
    expect(page.locator("h1")).to_have_text("Hors ligne")
    expect(page.locator("[data-offline-notice]")).to_contain_text("/exemples/")
    expect(page.get_by_role("navigation", name="Navigation principale")).to_be_visible()
    page.locator("[data-offline-kind='réponses de la FAQ'] summary").click()
    expect(page.get_by_role("link", name=title)).to_be_visible()
    page.screenshot(path=str(SHOTS / f"unknown-offline-{width}.png"))
    assert axe_violations(page) == []

    context.set_offline(False)
    page.goto(faq_url)
    expect(page.locator("[data-offline-notice]")).to_have_count(0)
    # Requests that failed while offline are expected; a CSP refusal or a script error is not.
    assert [e for e in errors if "net::ERR_" not in e and "503" not in e] == []
    close_quietly(context)


def test_the_banner_promises_the_rules_only_once_they_are_saved(browser, live_site):
    """Issue 33: the banner said the rules stay readable while only visited pages were kept."""
    context = browser.new_context(locale="fr-FR", service_workers="block")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(live_site + "/faq/")
    # Nothing saved (no worker here): the banner promises only the pages already opened.
    page.evaluate("() => window.dispatchEvent(new Event('offline'))")
    notice = page.locator("#offline-notice-live")
    expect(notice).to_contain_text("les pages déjà ouvertes restent lisibles")
    expect(notice).not_to_contain_text("les règles")
    close_quietly(context)


def test_a_new_release_drops_the_old_caches(browser, live_site, monkeypatch):
    from core import offline

    context = browser.new_context(service_workers="allow", locale="fr-FR")
    page = context.new_page()
    page.goto(live_site + "/")
    wait_for_the_worker(page)
    before = page.evaluate("() => caches.keys()")
    assert before and all(name.startswith("riftpal-") for name in before)
    monkeypatch.setattr(offline, "_release", lambda: "une-nouvelle-version")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_function(
        "() => caches.keys().then((k) => k.length && k.every((n) => n.endsWith('-une-nouvelle-version')))")
    close_quietly(context)
