"""``{% stylesheet "css/site.css" %}``: the stylesheet written into the page on a first visit, linked otherwise
(see ``core.stylesheets``)."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from core.stylesheets import first_visit
from core.stylesheets import stylesheet as load

register = template.Library()


@register.simple_tag(takes_context=True)
def stylesheet(context, path: str):
    request = context.get("request")
    if request is not None and first_visit(request):
        sheet = load(path)
        return format_html('<style data-href="{}">{}</style>', sheet.url, mark_safe(sheet.text))
    return format_html('<link rel="stylesheet" href="{}">', static(path))
