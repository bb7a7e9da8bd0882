"""What other parts of the site say about a card: FAQ entries, worked examples, practice questions.

This app sits below the content apps and imports none of them. An app that can list the pages using a card declares
``card_mentions = "app.module.function"`` on its ``AppConfig``; the function takes the card and the glossary terms of
its keywords and returns groups ``{"title": str, "items": [(label, url), ...]}``, in the order they should show.
"""

from __future__ import annotations

from core.hooks import declared


def mentions(card, terms) -> list[dict]:
    groups = []
    for provider in declared("card_mentions"):
        groups.extend(group for group in provider(card, terms) if group.get("items"))
    return groups
