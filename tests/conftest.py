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
        # No service worker unless a test asks for one (the offline and production tests do): its background saving
        # of the reading list reads the test database between tests and locks it while pytest flushes it.
        new_context = browser.new_context

        def context_with_htmx_awaited(**options):
            context = new_context(**{"service_workers": "block", **options})
            new_page = context.new_page
            if options.get("java_script_enabled", True):
                context.new_page = lambda: htmx_awaited(new_page())
            return context

        browser.new_context = context_with_htmx_awaited
        yield browser
        browser.close()


HTMX_STARTED = "() => !document.getElementById('htmx-later') || document.documentElement.dataset.htmx === 'pret'"


def htmx_awaited(page):
    """A page whose navigations return once htmx has run, where the page uses it: htmx starts after the load event
    (static/js/site.js), and a click before that is a plain link's or form's, not the swap a test looks at. (Not
    for a context without JavaScript, where htmx never runs.)"""
    for name in ("goto", "reload", "go_back", "go_forward"):
        navigate = getattr(page, name)

        def awaited(*args, _navigate=navigate, **kwargs):
            response = _navigate(*args, **kwargs)
            if kwargs.get("wait_until", "load") == "load":
                page.wait_for_function(HTMX_STARTED)
            return response

        setattr(page, name, awaited)
    return page


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


class ContentSnapshot:
    """The rows one real load of the shipped content added, kept in memory to be put back in milliseconds.

    Loading renders every text and runs every scenario (many seconds). The first test of a process that asks for
    the content runs the loader itself; the rows it added (tables that were empty before) are copied, and later
    tests get the same rows inserted again, inside their own transaction or, for live-server tests, committed
    and emptied afterwards like any row. PostgreSQL copies with COPY; SQLite with plain INSERTs. Sequences are
    moved past the copied keys; the full-text index is rebuilt from the documents table.
    """

    def __init__(self, tables: dict[str, tuple[list[str], object]]):
        self.tables = tables

    @staticmethod
    def counts(connection) -> dict[str, int]:
        with connection.cursor() as cursor:
            found = {}
            for table in connection.introspection.django_table_names(only_existing=True, include_views=False):
                cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
                found[table] = cursor.fetchone()[0]
            return found

    @classmethod
    def take(cls, connection, before: dict[str, int]) -> ContentSnapshot | None:
        after = cls.counts(connection)
        if any(before[table] and after[table] != before[table] for table in before):
            return None  # the loader changed a table that already had rows: no copy, load each time
        tables = {}
        with connection.cursor() as cursor:
            for table in sorted(name for name in after if after[name] and not before[name]):
                quoted = connection.ops.quote_name(table)
                if connection.vendor == "postgresql":
                    with cursor.cursor.copy(f"COPY {quoted} TO STDOUT") as copy:
                        tables[table] = ([], b"".join(bytes(block) for block in copy))
                else:
                    cursor.execute(f"SELECT * FROM {quoted}")
                    tables[table] = ([column[0] for column in cursor.description], cursor.fetchall())
        return cls(tables)

    def restore(self, connection) -> None:
        from django.apps import apps
        from django.core.management.color import no_style
        from django.db import transaction

        from search.backends import current
        from search.models import SearchDocument

        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            for table, (columns, rows) in self.tables.items():
                quoted = connection.ops.quote_name(table)
                if connection.vendor == "postgresql":
                    with cursor.cursor.copy(f"COPY {quoted} FROM STDIN") as copy:
                        copy.write(rows)
                else:
                    names = ", ".join(connection.ops.quote_name(column) for column in columns)
                    marks = ", ".join(["%s"] * len(columns))
                    cursor.executemany(f"INSERT INTO {quoted} ({names}) VALUES ({marks})", rows)
            models = [model for model in apps.get_models(include_auto_created=True)
                      if model._meta.db_table in self.tables]
            for sql in connection.ops.sequence_reset_sql(no_style(), models):
                cursor.execute(sql)
            current().refresh(list(SearchDocument.objects.values_list("pk", flat=True)))


_snapshots: dict[str, ContentSnapshot] = {}


@pytest.fixture
def site_content(db):
    """The shipped content, loaded the way `make run` loads it (once per process, then copied: ContentSnapshot)."""
    from django.db import connection

    from core.content_version import bump_content_version
    from rules.loader import Loader

    before = ContentSnapshot.counts(connection)
    snapshot = _snapshots.get(connection.vendor)
    if snapshot is not None and not any(before[table] for table in snapshot.tables):
        snapshot.restore(connection)
        bump_content_version()  # rows put back without a signal
        return
    Loader().load_all()  # the first time, or when the test made rows of its own first
    if snapshot is None and (taken := ContentSnapshot.take(connection, before)) is not None:
        _snapshots[connection.vendor] = taken


@pytest.fixture
def live_site(live_server, site_content):
    return live_server.url


def tab_to(page, selector: str, limit: int = 250) -> None:
    """Press Tab until the focused element matches ``selector``; fail when ``limit`` presses do not reach one."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => !!document.activeElement?.matches(selector)", selector):
            return
    raise AssertionError(f"nothing matching {selector} reached with Tab")


def axe_violations(page, impacts=("serious", "critical")) -> list[str]:
    """Serious or critical accessibility violations on the current page (axe-core, offline)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{violation['id']}: {violation['help']} ({[node['target'] for node in violation['nodes']][:5]})"
        for violation in results.response["violations"]
        if violation.get("impact") in impacts
    ]
