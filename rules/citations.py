"""Rule numbers: reading them, finding the reference section that explains them, and linking « R. n ».

A rule number is a top-level number of the Core Rules (1 to 999, written with three digits: « 050 »,
« 466 ») followed by optional sub-parts: « 466.2 », « 466.2.c », « 466.2.c.1 ». Every citation written
« R. 466.2 » in a text becomes a link to ``/regles/466.2/`` with a tooltip summarising the rule in our
words; the rules reference (``RuleSection``) says which section explains which numbers.

Plain functions and the ``RulesIndex`` class: the models use them, and ``rules.reference_index`` builds the index
from the models, so nothing here reads the database.
"""

from __future__ import annotations

import html
import re

from django.urls import reverse

from core.rule_numbers import CITATION_RE, NUMBER_IN_TEXT_RE, parse, top_of

from .choices import OFFICIAL_RULES_URL

# The grammar of a rule number is shared with search and the worked examples (core.rule_numbers).
# The engine's narration cites in parentheses: « (R. 467, 468.5) ».
NOTE_RE = re.compile(r"\(R\.\s*([^)]*)\)")
# Where a citation must not become a link: inside links, tooltips, headings and code.
SKIP_RE = re.compile(
    r"<a\b[^>]*>.*?</a>|<span class=\"term-tip\".*?</span>|<h[1-6]\b[^>]*>.*?</h[1-6]>|<code>.*?</code>"
    r"|<pre>.*?</pre>|<[^>]+>",
    re.S,
)
MORE_LABEL = "Notre explication"
OFFICIAL_LABEL = "Règles officielles"


def numbers_in_notes(text: str) -> list[str]:
    """Every rule number of the « (R. 467, 468.5) » notes of a text, in order, without repeats."""
    found: list[str] = []
    for group in NOTE_RE.findall(text or ""):
        for number in NUMBER_IN_TEXT_RE.findall(group):
            if number not in found:
                found.append(number)
    return found


def anchor(number: str) -> str:
    """Id of a rule's line on its section page: « 466.2.c » → « r466-2-c »."""
    return "r" + number.replace(".", "-")


def sort_key(number: str) -> tuple:
    parts = str(number).split(".")
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in parts)


def valid_covers(covers) -> bool:
    return isinstance(covers, list) and bool(covers) and all(
        isinstance(pair, list | tuple) and len(pair) == 2 and all(isinstance(n, int) for n in pair)
        and 1 <= pair[0] <= pair[1] <= 999 for pair in covers
    )


def parse_covers(values) -> list[list[int]]:
    """Shipped ``covers`` (« 461-468 », « 050 », 466) → [[461, 468], [50, 50], [466, 466]]."""
    pairs = []
    for value in values or []:
        first, _, last = str(value).partition("-")
        pairs.append([int(first), int(last or first)])
    return pairs


def cited_in(*texts: str) -> list[str]:
    """Every rule number written « R. n » in Markdown sources, in order, without repeats."""
    seen: list[str] = []
    for text in texts:
        for match in CITATION_RE.finditer(text or ""):
            number = parse(match.group(1))
            if number and number not in seen:
                seen.append(number)
    return seen


# --- the index: which section explains which number (filled from the database by ``rules.reference_index``) -----

class RulesIndex:
    """Every section's address, numbers covered and rule summaries, read once per content version."""

    def __init__(self, sections):
        self.sections = [
            {"url": s["url"], "title": s["title"], "covers": s["covers"], "summaries": s["summaries"]}
            for s in sections
        ]

    def section_for(self, number: str) -> dict | None:
        top = top_of(number)
        for section in self.sections:
            if any(first <= top <= last for first, last in section["covers"]):
                return section
        return None

    def summary_for(self, number: str) -> tuple[str, str] | None:
        """The most precise summary of ``number`` (466.2.c, else 466.2, else 466) and the number it is of."""
        section = self.section_for(number)
        if section is None:
            return None
        parts = number.split(".")
        while parts:
            candidate = ".".join(parts)
            if candidate in section["summaries"]:
                return candidate, section["summaries"][candidate]
            parts.pop()
        return None

    def url_for(self, number: str) -> str | None:
        section = self.section_for(number)
        if section is None:
            return None
        found = self.summary_for(number)
        return section["url"] + (f"#{anchor(found[0])}" if found else "")

    def link_html(self, markup: str, salt: str) -> str:
        """Turn each « R. n » of sanitised HTML into a link to its section, with the rule's tooltip."""
        if "R." not in markup:
            return markup
        out, last, count = [], 0, [0]
        for block in SKIP_RE.finditer(markup):
            out.append(self._link_text(markup[last:block.start()], salt, count))
            out.append(block.group(0))
            last = block.end()
        out.append(self._link_text(markup[last:], salt, count))
        return "".join(out)

    def _link_text(self, text: str, salt: str, count: list[int]) -> str:
        def replace(match):
            number = parse(match.group(1))
            url = number and self.url_for(number)
            if not url:
                return match.group(0)
            shown = f"R.\u00a0{match.group(1)}"
            found = self.summary_for(number)
            count[0] += 1  # the same rule may be cited twice in one text: ids stay unique
            tip_id = f"tt-{anchor(number)}-{salt}-{count[0]}"
            summary = found[1] if found else self.section_for(number)["title"]
            link = html.escape(reverse("rules:rule_number", args=[number]))
            return (
                f'<a class="term rule-ref" href="{link}" aria-describedby="{tip_id}">{shown}</a>'
                f'<span class="term-tip" role="tooltip" id="{tip_id}">'
                f'<b class="term-tip__name">Règle {html.escape(number)}</b> {html.escape(summary, False)} '
                f'<a class="term-tip__more" href="{link}">{MORE_LABEL}</a> · '
                f'<a class="term-tip__more" href="{OFFICIAL_RULES_URL}" rel="noopener">{OFFICIAL_LABEL}</a></span>'
            )

        return CITATION_RE.sub(replace, text)
