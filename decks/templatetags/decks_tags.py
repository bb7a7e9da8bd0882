from functools import lru_cache

from django import template
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()
PLACEHOLDER = "ogn-000"


@lru_cache(maxsize=1)
def _detail_pattern() -> str:
    # One reverse() for the page, not one per card (a reverse costs about as much as the rest of a line).
    return reverse("cards:detail", args=[PLACEHOLDER])


@register.simple_tag
def card_link(entry) -> str:
    """A card's name linked to its page, marked for the card popovers (a tag, not an include: a deck page has
    a hundred of them)."""
    url = _detail_pattern().replace(PLACEHOLDER, entry.card_id.lower())
    french = entry.card.get("name_fr")
    if french:
        return format_html('<a class="card-link" data-card="{}" href="{}">{}</a> <span class="name-fr">({})</span>',
                           entry.card_id, url, entry.name, french)
    return format_html('<a class="card-link" data-card="{}" href="{}">{}</a>', entry.card_id, url, entry.name)
