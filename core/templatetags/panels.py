"""``{% content_panels obj %}``: what the apps above a content page add under it (see ``core.panels``)."""

from django import template
from django.utils.safestring import mark_safe

from core.panels import panels_for

register = template.Library()


@register.simple_tag
def content_panels(obj):
    # Each provider renders its panel through a template (autoescaped there): joining them adds no markup.
    return mark_safe("".join(panels_for(obj)))  # noqa: S308
