"""Shared services as an app: it keeps the content version in step with every content app. Whole pages, fragments
(core.fragments) and the glossary and rules index each worker keeps are all stored per content version."""

from __future__ import annotations

from django.apps import AppConfig
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

# The apps whose models are content: a saved or deleted row of any of their models changes some page. Settings
# can widen the list (PAGE_CACHE_CONTENT_APPS) and name the models of those apps that no page shows
# (PAGE_CACHE_IGNORED_MODELS: readers' feedback must not empty the cache at each post).
CONTENT_APPS = ("rules", "glossary", "examples")


def content_changed(sender, **kwargs) -> None:
    """Bump the content version now (this transaction's own reads) and again once the transaction commits, so a
    page rendered meanwhile from the old rows is never stored under the new version."""
    if sender._meta.app_label not in getattr(settings, "PAGE_CACHE_CONTENT_APPS", CONTENT_APPS):
        return
    if sender._meta.label_lower in {label.lower() for label in getattr(settings, "PAGE_CACHE_IGNORED_MODELS", ())}:
        return
    from .content_version import bump_content_version

    bump_content_version()
    connection = connections[kwargs.get("using") or DEFAULT_DB_ALIAS]
    if connection.in_atomic_block and not any(hook is bump_content_version
                                              for _ids, hook, _robust in connection.run_on_commit):
        transaction.on_commit(bump_content_version, using=connection.alias, robust=True)


def m2m_content_changed(sender, action: str, instance, **kwargs) -> None:
    if action.startswith("post_"):
        content_changed(type(instance), **kwargs)


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "RiftPal (services)"

    def ready(self) -> None:
        # Connected for every sender and filtered by app label: no content app is imported here, and a model
        # added to a content app is covered without a line here.
        post_save.connect(content_changed, dispatch_uid="core-content-saved")
        post_delete.connect(content_changed, dispatch_uid="core-content-deleted")
        m2m_changed.connect(m2m_content_changed, dispatch_uid="core-content-m2m")
        from .sitemaps import collect

        collect()
