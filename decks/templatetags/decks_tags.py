from django import template
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def card_link(entry) -> str:
    """A card's name linked to its page, marked for the card popovers (a tag, not an include: a deck page has
    a hundred of them)."""
    url = reverse("cards:detail", args=[entry.card_id.lower()])
    french = entry.card.get("name_fr")
    if french:
        return format_html('<a class="card-link" data-card="{}" href="{}">{}</a> <span class="name-fr">({})</span>',
                           entry.card_id, url, entry.name, french)
    return format_html('<a class="card-link" data-card="{}" href="{}">{}</a>', entry.card_id, url, entry.name)
