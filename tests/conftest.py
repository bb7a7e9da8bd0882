"""Shared fixtures. Browser tests drive Debian's Chromium through Playwright against live_server."""

from __future__ import annotations

import os

import pytest

CHROMIUM = os.environ.get("RIFTPAL_CHROMIUM", "/usr/bin/chromium")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def fresh_content_version():
    """A rolled-back test transaction sends no signal: without a new content version, the glossary and the rules
    index kept by the process (and any fragment) would still hold the rows the last test created."""
    from core.content_version import bump_content_version

    bump_content_version()
    yield
    bump_content_version()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=10_000)  # assertions wait for a state: twice Playwright's 5 s on two busy cores

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--no-first-run", "--disable-sync"],
        )
        yield browser
        browser.close()


class ConsoleWatcher:
    """Collects console errors and uncaught exceptions of a page."""

    def __init__(self, page):
        self.errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.console = ConsoleWatcher(page)
    # Generous: `make test` runs two browsers and two servers on two cores; a state is awaited, never a delay.
    page.set_default_timeout(20_000)
    yield page


_loaded_sqlite = {}  # the test database right after one real load of the content, kept in memory


@pytest.fixture
def site_content(db):
    """The shipped content, loaded the way `make run` loads it.

    Loading renders every text and runs every scenario (seconds). Tests that commit for real (browser tests
    against live_server, where the database is emptied after each test) on SQLite load it once, keep a copy of
    the whole database with SQLite's backup API and put that copy back for the next test: the same rows,
    in milliseconds. Tests inside a transaction, and every test on PostgreSQL, run the loader itself.
    """
    import sqlite3

    from django.db import connection

    from rules.loader import Loader

    if connection.vendor != "sqlite" or connection.in_atomic_block:
        Loader().load_all()
        return
    connection.ensure_connection()
    if "copy" in _loaded_sqlite:
        from core.content_version import bump_content_version

        _loaded_sqlite["copy"].backup(connection.connection)
        bump_content_version()  # rows put back without a signal
        return
    Loader().load_all()
    copy = sqlite3.connect(":memory:", check_same_thread=False)
    connection.connection.backup(copy)
    _loaded_sqlite["copy"] = copy


@pytest.fixture
def live_site(live_server, site_content):
    return live_server.url


def axe_violations(page, impacts=("serious", "critical")) -> list[str]:
    """Serious or critical accessibility violations on the current page (axe-core, offline)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{violation['id']}: {violation['help']} ({[node['target'] for node in violation['nodes']][:5]})"
        for violation in results.response["violations"]
        if violation.get("impact") in impacts
    ]
