"""What the installed apps declare for the others, read in one place.

An app lower in the graph never imports the apps above it. Instead it names a hook (``content_panels``,
``card_mentions``, ``sitemaps``…) and any app may declare it on its ``AppConfig`` as a dotted path; ``declared``
imports what each app gives, in the order of ``INSTALLED_APPS``. What the object is (a function, a dict, a list)
is the hook's own contract, written where the hook is read.
"""

from __future__ import annotations

from django.apps import apps
from django.utils.module_loading import import_string


def declared(hook: str) -> list:
    """The objects the installed apps declare under ``hook`` on their ``AppConfig``, imported."""
    return [import_string(path) for config in apps.get_app_configs() if (path := getattr(config, hook, None))]
