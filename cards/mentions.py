"""What other parts of the site say about a card: FAQ entries, worked examples, practice questions.

This app sits below the content apps and imports none of them. An app that can list the pages using a card declares
``card_mentions = "app.module.function"`` on its ``AppConfig``; the function takes the card and the glossary terms of
its keywords and returns groups ``{"title": str, "items": [(label, url), ...]}``, in the order they should show.
"""

from __future__ import annotations

from django.apps import apps
from django.utils.module_loading import import_string


def providers() -> list:
    return [import_string(config.card_mentions) for config in apps.get_app_configs()
            if getattr(config, "card_mentions", None)]


def mentions(card, terms) -> list[dict]:
    groups = []
    for provider in providers():
        groups.extend(group for group in provider(card, terms) if group.get("items"))
    return groups
