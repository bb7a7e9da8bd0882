"""Keep the search table in step with the models the apps declared (``search.registry``).

Each save or deletion of a declared model updates its documents at once. During a bulk change
(``core.bulk.bulk_change()``: the content loader) the saved objects are only noted, and their documents are
indexed together when it ends, each once, with one bulk write for the changed ones.
"""

from __future__ import annotations

import threading

from django.db.models.signals import post_delete, post_save

from core import bulk

from . import query, registry

_state = threading.local()


def _pending() -> dict | None:
    """The objects saved during the current bulk change, per model (None outside one)."""
    if not bulk.active():
        return None
    if getattr(_state, "pending", None) is None:
        _state.pending = {}
    return _state.pending


def index_on_save(sender, instance, raw=False, **kwargs) -> None:
    if raw or sender not in registry.DOCUMENTS:
        return
    pending = _pending()
    if pending is not None:
        pending.setdefault(sender, set()).add(instance.pk)
        return
    for document in registry.documents_of(instance):
        query.index_document(*document)


def unindex_on_delete(sender, instance, **kwargs) -> None:
    if sender not in registry.DOCUMENTS:
        return
    pending = _pending()
    if pending is not None:
        pending.get(sender, set()).discard(instance.pk)
    query.remove_document(registry.DOCUMENTS[sender][0], str(instance.pk))


def index_pending(**kwargs) -> int:
    """At the end of a bulk change: index the documents of every object saved meanwhile, each once."""
    pending, _state.pending = getattr(_state, "pending", None) or {}, None
    documents: dict[tuple[str, str], tuple] = {}
    for model, pks in pending.items():
        for instance in model._default_manager.filter(pk__in=pks):
            for document in registry.documents_of(instance):
                documents[(document[0], str(document[1]))] = document
    return query.index_changed(list(documents.values()))


def rebuild() -> int:
    """Index the whole site again from the registered models (``manage.py rebuild_search_index``)."""
    return query.index_documents(registry.all_documents(), replace=True)


def connect() -> None:
    registry.collect()
    post_save.connect(index_on_save, dispatch_uid="search-index-on-save")
    post_delete.connect(unindex_on_delete, dispatch_uid="search-unindex-on-delete")
    bulk.finished.connect(index_pending, dispatch_uid="search-index-pending")
