"""French typography for every HTML page: typographic apostrophes and non-breaking spaces.

Applied once to each HTML response (``TypographyMiddleware``), so titles, questions, tooltips, snippets and
generated sentences follow the same rules as the stored Markdown:

- a narrow no-break space (U+202F) before « ; ! ? » and a no-break space (U+00A0) before « : »;
- no-break spaces inside « guillemets »;
- a typographic apostrophe (’) between letters: « l'unité » → « l’unité ».

Only text between tags changes. Tags, attribute values, text marked ``lang="en"`` and the content of
``script``, ``style``, ``pre``, ``code`` and ``textarea`` are left alone, so URLs, form values, English
names and code samples stay exact.
"""

from __future__ import annotations

import re

SKIP_RE = re.compile(
    r"<(script|style|pre|code|textarea)\b.*?</\1\s*>"
    r"|<(span|em|i|cite|p|b|strong)\b[^>]*\blang=\"en\"[^>]*>.*?</\2\s*>"  # English text keeps its typography
    r"|<[^>]*>",
    re.S | re.I,
)
# Between two letters, or after a letter at the end of a text run (« l'<a>étape</a> »): an elision.
APOSTROPHE_RE = re.compile(r"(?<=[^\W\d_])(?:'|&#x27;|&#39;)(?=[^\W\d_]|$)")
BEFORE_HIGH_RE = re.compile(r"(?<=\S)[ \u00a0]?([;!?])(?=\s|$|<|&)")
BEFORE_COLON_RE = re.compile(r"(?:[ \u202f]|(?<=[^\W\d_)»\]]))\u00a0?:(?=\s|$)")
OPEN_GUILLEMET_RE = re.compile(r"«[ \u202f]?")
CLOSE_GUILLEMET_RE = re.compile(r"[ \u202f]?»")


TRIGGERS = frozenset("';!?:«»&")


def _text(segment: str) -> str:
    if not segment or TRIGGERS.isdisjoint(segment):
        return segment
    segment = APOSTROPHE_RE.sub("\u2019", segment)
    segment = BEFORE_HIGH_RE.sub("\u202f\\1", segment)
    segment = BEFORE_COLON_RE.sub("\u00a0:", segment)
    segment = OPEN_GUILLEMET_RE.sub("«\u00a0", segment)
    return CLOSE_GUILLEMET_RE.sub("\u00a0»", segment)


def french_typography(html: str) -> str:
    """Apply French typography to the text of an HTML document or fragment."""
    out, last = [], 0
    for match in SKIP_RE.finditer(html):
        out.append(_text(html[last:match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(_text(html[last:]))
    return "".join(out)


class TypographyMiddleware:
    """French typography on every complete HTML response (not on streamed, JSON or file responses)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        content_type = response.get("Content-Type", "")
        if (content_type.startswith("text/html") and not response.streaming
                and not response.has_header("Content-Encoding")):
            charset = response.charset or "utf-8"
            response.content = french_typography(response.content.decode(charset)).encode(charset)
        return response
