"""SQLite with several writers: WAL, IMMEDIATE transactions and a busy timeout, and a loader that writes one object
per transaction. Before, a load ran in one long deferred transaction and either it or a reader's write failed with
« database is locked »."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction
from django.db.utils import ConnectionHandler

from riftpal.settings.base import database_config
from rules.loader import Loader


def sqlite_connections(path):
    """A connection handler on a SQLite file configured like the site's (one connection per thread)."""
    config = database_config(f"sqlite:///{path}")
    config["CONN_MAX_AGE"] = 0
    return ConnectionHandler({"default": config})


def test_the_site_configures_sqlite_for_concurrent_writers():
    options = database_config("sqlite:///ignored.sqlite3")["OPTIONS"]
    assert "journal_mode=WAL" in options["init_command"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 5
    assert "OPTIONS" not in database_config("postgres://u:p@localhost:5432/db") or \
        "transaction_mode" not in database_config("postgres://u:p@localhost:5432/db")["OPTIONS"]


def test_a_writer_that_read_first_waits_for_another_writer(tmp_path, django_db_blocker, monkeypatch):
    """A load's transaction writes for a while; a feedback post reads, then writes, meanwhile. With deferred
    transactions the second one cannot upgrade its read lock and fails at once; with IMMEDIATE it queues."""
    handler = sqlite_connections(tmp_path / "site.sqlite3")
    # Django's atomic() on this handler's connections (a file of its own, not the test database).
    monkeypatch.setattr(transaction, "get_connection", lambda using=None: handler[using or "default"])
    with django_db_blocker.unblock():
        run_two_writers(handler)


def run_two_writers(handler):
    setup = handler["default"]
    with setup.cursor() as cursor:
        cursor.execute("CREATE TABLE feedback (id INTEGER PRIMARY KEY, who TEXT)")
        mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    started, errors = threading.Event(), []

    def loader():
        db = handler["default"]
        try:
            with transaction.atomic(using=db.alias), db.cursor() as cursor:
                cursor.execute("INSERT INTO feedback (who) VALUES ('loader')")
                started.set()
                time.sleep(0.5)
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)
        finally:
            started.set()
            db.close()

    def reader_who_writes():
        started.wait(5)
        db = handler["default"]
        try:
            with transaction.atomic(using=db.alias), db.cursor() as cursor:
                cursor.execute("SELECT COUNT(*) FROM feedback")
                cursor.execute("INSERT INTO feedback (who) VALUES ('reader')")
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            db.close()

    threads = [threading.Thread(target=loader), threading.Thread(target=reader_who_writes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert errors == []
    with setup.cursor() as cursor:
        assert cursor.execute("SELECT COUNT(*) FROM feedback").fetchone()[0] == 2
    setup.close()


class Enough(Exception):
    pass


@pytest.mark.django_db
def test_the_loader_writes_one_object_per_transaction(monkeypatch):
    """No transaction spans two objects: while load_all writes one, no savepoint of the whole load is open."""
    depths = []
    real_sync = Loader._sync

    def spy(self, *args, **kwargs):
        depths.append(len(connection.savepoint_ids))
        if len(depths) == 5:
            raise Enough
        return real_sync(self, *args, **kwargs)

    monkeypatch.setattr(Loader, "_sync", spy)
    with pytest.raises(Enough):
        Loader().load_all()
    # The test's own transaction has no savepoint id; the object's atomic block has one.
    assert depths == [1] * 5
