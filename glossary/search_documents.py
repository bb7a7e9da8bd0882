"""What the glossary gives to search: each term, by name, English name, definition and explanation.

Inflected forms stay out of the text: they are matching data, not something to show in a snippet.
"""

from .linking import strip_tooltips
from .models import Term
from .rendering import plain_text


def term_document(term: Term):
    text = " ".join([term.english_name, term.short_definition, plain_text(strip_tooltips(term.explanation_html))])
    # Inflected forms are matched (as keywords) but never shown.
    return ("term", str(term.pk), term.name, term.get_absolute_url(), text, {"keywords": term.forms})


DOCUMENTS = {Term: ("term", term_document)}
