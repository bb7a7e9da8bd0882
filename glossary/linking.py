"""The glossary of the database, as a matcher (``glossary.matcher.Glossary``) cached per content version.

Every text of the site links its terms with ``get_glossary()``: ``glossary.rendering`` receives it as its source of
terms in ``GlossaryConfig.ready()``, so rendering (which the models use) never imports the models back.

Other apps add entries of their own kind to the same matcher (the cards: their names link to a popover). An app
declares ``glossary_entries = "app.module.function"`` on its ``AppConfig``; the function returns ``TermInfo``s
(``kind="card"``…). The glossary imports no such app: it follows the declaration, as search does.
"""

from __future__ import annotations

import threading

from django.db import DatabaseError

from core.content_version import content_version
from core.hooks import declared

from .batch import in_batch
from .matcher import Glossary, TermInfo
from .models import Term

_lock = threading.Lock()
_cache: dict[str, object] = {"version": None, "glossary": Glossary()}


def term_info(term: Term) -> TermInfo:
    return TermInfo(term.slug, term.name, term.get_absolute_url(), " ".join(term.short_definition.split()),
                    tuple(term.form_list), term.match_case, tuple(term.not_in_list))


def other_entries() -> list[TermInfo]:
    """The entries the other apps declare (``glossary_entries`` on their AppConfig), after the terms."""
    return [entry for entries in declared("glossary_entries") for entry in entries()]


def connect_sources() -> None:
    """Import the declared entry functions at start-up (``GlossaryConfig.ready()``), so the signals their modules
    register (a card saved re-renders the texts naming it) are connected before the first save."""
    declared("glossary_entries")


def get_glossary() -> Glossary:
    """The glossary of the database, rebuilt when a term (or any content) was added, changed or deleted.

    The site's content version (``core.content_version``) moves forward with every saved or deleted row of a content
    app, terms included, and is read from the shared cache at most once a second: checking it costs no query, so no
    page pays for the glossary's freshness.
    """
    if in_batch() and _cache["version"] is not None:
        return _cache["glossary"]
    version = content_version()
    if _cache["version"] != version:
        with _lock:
            if _cache["version"] != version:
                try:
                    glossary = Glossary([*(term_info(term) for term in Term.objects.all()), *other_entries()])
                except (DatabaseError, RuntimeError):
                    # No glossary table yet (before migrate) or no database access (unit tests of pure rendering).
                    return Glossary()
                _cache["glossary"] = glossary
                _cache["version"] = version
    return _cache["glossary"]


def invalidate() -> None:
    with _lock:
        _cache["version"] = None
