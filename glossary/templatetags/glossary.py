"""Template filters for texts that are not stored Markdown.

``{% load glossary %}`` then:

- ``{{ step.text|glossary_links:key }}``: escape a PLAIN text (e.g. a sentence of the example player's
  narration) and link its glossary terms, with their tooltips. The whole value is one section (each term
  links once). Tooltip ids get a suffix made from ``key`` (unique on the page, e.g. the player's id), so the
  same page renders the same HTML on every worker and every database; without a key, a random suffix.
- ``{{ entry.short_answer_html|glossary_plain }}``: stored HTML as plain text without the tooltip bubbles
  (for meta descriptions and other places that need text only).
- ``{% filter glossary_once %}…{% endfilter %}``: around a page made of sections linked one by one (a guide),
  keeps each term's first link and turns the later ones into plain text.
- ``{{ term.rules|rule_references }}``: a list of rule numbers as « R. 815, R. 816 », each linked by the
  filters other apps registered (the rules app links them to its reference, with a tooltip).
"""

from django import template
from django.utils.html import escape, strip_tags
from django.utils.safestring import mark_safe

from glossary.linking import get_glossary
from glossary.matcher import once_per_page, strip_tooltips
from glossary.rendering import HTML_FILTERS

register = template.Library()


@register.filter(is_safe=True)
def glossary_links(value, key=None):
    """Plain text → escaped HTML with glossary terms linked."""
    return mark_safe(get_glossary().link_plain(str(value or ""), section=None if key is None else f"plain:{key}"))


@register.filter(is_safe=True)
def glossary_once(value):
    """Rendered HTML of several sections → each term linked at its first occurrence only."""
    return mark_safe(once_per_page(str(value or "")))


@register.filter(is_safe=True)
def glossary_plain(value):
    """Stored HTML → text without tags and without tooltip definitions."""
    return strip_tags(strip_tooltips(str(value or "")))


@register.filter(is_safe=True)
def rule_references(numbers, key="regles"):
    """Rule numbers → « R. n » citations, passed through the registered HTML filters."""
    markup = ", ".join(f"R.\u00a0{escape(str(number))}" for number in numbers or [])
    for html_filter in HTML_FILTERS:
        markup = html_filter(markup, f"{key}:{markup}")
    return mark_safe(markup)
