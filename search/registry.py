"""What the site can search, declared by the apps that own it.

An app lists its searchable models on its ``AppConfig``: ``search_documents = "app.module.DOCUMENTS"``,
a dotted path to a dict ``{Model: (kind, function)}``. The function turns one object into a document tuple
``(kind, key, title, url, text)``, or a list of them when saving one object changes the text of others (a
guide's title shows in its sections' results). A sixth item, a dict, may add:

- ``"answer"``: short answer HTML, shown above the results when this document is the best hit;
- ``"keywords"``: text that is matched (and weighs more than the body) but never shown, such as a term's
  inflected forms.
An app also declares what each of its kinds is for (``search_kinds = "app.module.KINDS"``, a dict
``{kind: {"label": "Question", "role": "answer"}}``): the label shown beside a result, and the role
(``search.ranking.Role``: answer, explanation, definition, card_text, illustration) that decides how much
the kind weighs for each kind of query. Search itself names no content kind.

This app imports no content model: it only follows those declarations (this module) and keeps the table in step
(``search.indexing``).
"""

from __future__ import annotations

from collections.abc import Callable

from core.hooks import declared

DOCUMENTS: dict[type, tuple[str, Callable]] = {}
KINDS: dict[str, dict[str, str]] = {}


def collect() -> dict[type, tuple[str, Callable]]:
    DOCUMENTS.clear()
    KINDS.clear()
    for documents in declared("search_documents"):
        DOCUMENTS.update(documents)
    for kinds in declared("search_kinds"):
        KINDS.update(kinds)
    return DOCUMENTS


def kind_label(kind: str) -> str:
    return KINDS.get(kind, {}).get("label", kind)


def kind_role(kind: str) -> str:
    return KINDS.get(kind, {}).get("role", "")


def documents_of(instance) -> list[tuple]:
    made = DOCUMENTS[type(instance)][1](instance)
    return made if isinstance(made, list) else [made]


def all_documents() -> list[tuple]:
    """Every document of every registered model, once each (a guide also yields its sections)."""
    found: dict[tuple[str, str], tuple] = {}
    for model in DOCUMENTS:
        for instance in model._default_manager.all():
            for document in documents_of(instance):
                found[(document[0], str(document[1]))] = document
    return list(found.values())
