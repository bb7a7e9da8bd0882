"""What the glossary gives to search: each term, by name, English name, definition and explanation.

Inflected forms stay out of the text: they are matching data, not something to show in a snippet.
"""

from .matcher import strip_tooltips
from .models import Term
from .rendering import plain_text


def term_document(term: Term):
    text = " ".join([term.short_definition, plain_text(strip_tooltips(term.explanation_html))])
    # Inflected forms and the English name are matched (as keywords) but never shown in a snippet; the short
    # definition is the term's answer.
    return ("term", str(term.pk), term.name, term.get_absolute_url(), text,
            {"keywords": term.forms, "english": term.english_name})


DOCUMENTS = {Term: ("term", term_document)}

# What each kind is for in a search: the label beside a result and the role that weighs it.
KINDS = {"term": {"label": "Glossaire", "role": "definition"}}
