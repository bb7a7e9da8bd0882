"""French typography for every HTML page: typographic apostrophes and non-breaking spaces.

Applied once to each HTML response (``TypographyMiddleware``), so titles, questions, tooltips, snippets and
generated sentences follow the same rules as the stored Markdown:

- a narrow no-break space (U+202F) before « ; ! ? » and a no-break space (U+00A0) before « : »;
- one no-break space inside « guillemets », whatever spaces the source had there (a space, a no-break space, a
  line break, several);
- a no-break space between « R. » and its number, so a rule citation never breaks across lines;
- a typographic apostrophe (’) between letters: « l'unité » → « l’unité ».

Only text between tags changes. Tags, attribute values, text marked ``lang="en"`` and the content of
``script``, ``style``, ``pre``, ``code`` and ``textarea`` are left alone, so URLs, form values, English
names and code samples stay exact.
"""

from __future__ import annotations

import re

# Elements whose whole content keeps its characters: code, scripts, form values and text marked as English. A page
# without English text is scanned for the first kind only (the second costs three times as much, at every tag).
CODE_RE = re.compile(r"<(script|style|pre|code|textarea)\b.*?</\1\s*>", re.S | re.I)
PROTECTED_RE = re.compile(
    CODE_RE.pattern
    + r"|<(span|em|i|cite|p|b|strong)\b[^>]*\blang=\"en\"[^>]*>.*?</\2\s*>",  # English text keeps its typography
    re.S | re.I,
)
# Whether a page may hold English text: a quoted « en » value in any case. The pattern starts with two fixed
# characters, which the regular expression engine finds by a fast search; a case-insensitive pattern would test
# every character of the page, ten times slower. Another attribute with that value only costs the longer scan.
ENGLISH_RE = re.compile(r'="[eE][nN]"')
# Each rule's pattern starts on the sign it changes, so the regular expression engine only stops at those signs;
# what must come before the sign (a letter, a word) is checked on the matched text's left (``_after``).
LETTER = re.compile(r"[^\W\d_]")
AFTER_CLOSING = re.compile(r"[^\W\d_)»\]]")
NOT_SPACE = re.compile(r"\S")
# An apostrophe between two letters, or after a letter at the end of a text run (« l'<a>étape</a> »): an elision.
APOSTROPHE_RE = re.compile(r"(?:'|&#x27;|&#39;)(?=[^\W\d_]|$)")
# « ; ! ? » after a word get a narrow no-break space. A character reference (« &lt; ») is matched whole and given
# back unchanged: its « ; » is not punctuation.
BEFORE_HIGH_RE = re.compile(r"&#?\w+;|[ \u00a0]?[;!?](?=\s|$|<|&)")
# « : » after a space, a letter or a closing sign gets a no-break space.
BEFORE_COLON_RE = re.compile(r"[ \u202f]?\u00a0?:(?=\s|$)")
# Every space already inside the guillemets (no-break ones and « &nbsp; » included) becomes one no-break space.
GUILLEMET_SPACE = r"(?:[ \t\r\n\u00a0\u202f]|&nbsp;|&#160;|&#[xX][aA]0;)*"
OPEN_GUILLEMET_RE = re.compile("«" + GUILLEMET_SPACE)
# Before « » » the spaces are stripped by hand: a pattern starting with a repetition would be tried at every
# character of the run instead of being searched for.
SPACES = " \t\r\n\u00a0\u202f"
SPACE_ENTITIES = ("&nbsp;", "&#160;", "&#xa0;", "&#xA0;", "&#Xa0;", "&#XA0;")
# « R. 459 »: the abbreviation and its number stay on one line. It starts with a fixed letter (a fast search).
RULE_NUMBER_RE = re.compile(r"R\.[ \u202f](?=\d)")


def _after(match: re.Match, pattern: re.Pattern) -> bool:
    """Whether the character just left of the match fits ``pattern``."""
    start = match.start()
    return start > 0 and pattern.match(match.string, start - 1) is not None


def _apostrophe(match: re.Match) -> str:
    return "\u2019" if _after(match, LETTER) else match.group(0)


def _high(match: re.Match) -> str:
    text = match.group(0)
    if text[0] == "&" or not _after(match, NOT_SPACE):
        return text
    return "\u202f" + text[-1]


def _colon(match: re.Match) -> str:
    text = match.group(0)
    if text[0] in " \u202f" or _after(match, AFTER_CLOSING):
        return "\u00a0:"
    return text


# A text run (from the end of a tag to the next tag) holding at least one character that typography may change.
# Runs without one, most of a page, are skipped by the regular expression engine itself.
TEXT_RUN_RE = re.compile(r">([^<';!?:«»&]*[';!?:«»&][^<]*)")


def _text(segment: str) -> str:
    # Each rule runs only on a run holding its character: a substitution costs more than a membership test.
    if "'" in segment or "&#" in segment:
        segment = APOSTROPHE_RE.sub(_apostrophe, segment)
    if ";" in segment or "!" in segment or "?" in segment:
        segment = BEFORE_HIGH_RE.sub(_high, segment)
    if ":" in segment:
        segment = BEFORE_COLON_RE.sub(_colon, segment)
    if "«" in segment:
        segment = OPEN_GUILLEMET_RE.sub("«\u00a0", segment)
    if "»" in segment:
        segment = _close_guillemets(segment)
    return segment


def _close_guillemets(segment: str) -> str:
    parts = segment.split("»")
    for i, part in enumerate(parts[:-1]):
        while True:
            stripped = part.rstrip(SPACES)
            entity = next((e for e in SPACE_ENTITIES if stripped.endswith(e)), "")
            stripped = stripped[: len(stripped) - len(entity)]
            if stripped == part:
                break
            part = stripped
        parts[i] = part + "\u00a0"
    return "»".join(parts)


def french_typography(html: str) -> str:
    """Apply French typography to the text of an HTML document or fragment."""
    out, last = [], 0
    protected = PROTECTED_RE if ENGLISH_RE.search(html) else CODE_RE
    for match in protected.finditer(html):
        out.append(_runs(html[last:match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(_runs(html[last:]))
    return "".join(out)


def _runs(chunk: str) -> str:
    """Typeset the text runs of a chunk of HTML that holds no protected element. The chunk's start is the start of
    a run too (the start of the document, or just after a protected element): a ">" put in front makes it one."""
    if not chunk:
        return chunk
    if "R. " in chunk or "R.\u202f" in chunk:
        chunk = RULE_NUMBER_RE.sub(_rule_number, chunk)
    return TEXT_RUN_RE.sub(_typeset_run, ">" + chunk)[1:]


def _rule_number(match: re.Match) -> str:
    """« R. » then its number, in text only: not in a tag (an attribute value), not ending a word (« AR. 4 »)."""
    text, start = match.string, match.start()
    if _after(match, LETTER) or text.rfind("<", 0, start) > text.rfind(">", 0, start):
        return match.group(0)
    return "R.\u00a0"


def _typeset_run(match: re.Match) -> str:
    return ">" + _text(match.group(1))


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
