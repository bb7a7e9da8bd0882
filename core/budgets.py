"""What each page type may weigh on a first visit, compressed as sent: its HTML, its JavaScript, its CSS.

One place for the figures: tests/production/test_stack.py checks every page type of the production stack against
them, and every guide against the guide's (a page that starts loading a new library, or a guide that doubles,
fails there), and bench/phone.py prints them beside the first visit on a slow phone (150 ms, 1.6 Mbit/s, CPU × 4),
whose goal is under a second.
JavaScript and CSS count every file the page asks for (module imports included), as served (gzip); htmx counts
on the pages that use it, though it starts after the load event. A page opened from outside the site carries its
stylesheets in its HTML (core/stylesheets.py): that first visit's HTML is held to the HTML and CSS budgets together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape

KB = 1024

# name: (path, or (index page, prefix of the first link to follow)), and the budget (HTML, JS, CSS) in bytes. Every
# page loads site.css (about 8 KB sent) and site.js with announce.js (about 5.5 KB): a page type with nothing of its
# own is held to 8 KB of JS and 10 KB of CSS. Pages with the example player load htmx (15 KB), player.js and
# player.css besides (about 24 KB of JS in all). A budget that was over twice what its page sends was brought to about
# one and a half times (issue 34): a page that grows that much is noticed.
PAGE_TYPES: dict[str, tuple[str | tuple[str, str], tuple[int, int, int]]] = {
    "accueil": ("/", (14 * KB, 8 * KB, 12 * KB)),
    "index des règles": ("/regles/", (16 * KB, 8 * KB, 10 * KB)),
    "section des règles": (("/regles/", "/regles/"), (28 * KB, 32 * KB, 10 * KB)),
    "FAQ": ("/faq/", (14 * KB, 8 * KB, 10 * KB)),
    "réponse de la FAQ": ("/faq/jusqu-a-5-et-sort/", (24 * KB, 32 * KB, 16 * KB)),
    # The heaviest guide (its glossary tooltips): its examples are cards whose player loads on demand (issue 34: the
    # combat guide weighed 371 KB, 40 KB compressed, with fifteen players inside). Every guide is held to this budget.
    "guide le plus long": ("/guides/couches-dependances-horodatages/", (20 * KB, 28 * KB, 14 * KB)),
    "glossaire": ("/glossaire/", (24 * KB, 8 * KB, 10 * KB)),
    "terme du glossaire": (("/glossaire/", "/glossaire/"), (12 * KB, 8 * KB, 10 * KB)),
    "cartes": ("/cartes/", (12 * KB, 32 * KB, 16 * KB)),
    "exemple": (("/exemples/", "/exemples/"), (12 * KB, 32 * KB, 16 * KB)),
    "débuter": ("/debuter/", (20 * KB, 8 * KB, 12 * KB)),
    "entraînement": ("/entrainement/", (20 * KB, 12 * KB, 16 * KB)),
    "bac à sable": ("/bac-a-sable/", (16 * KB, 36 * KB, 16 * KB)),
    "recherche": ("/recherche/?q=puissance", (20 * KB, 32 * KB, 10 * KB)),
    "hors ligne": ("/hors-ligne/", (12 * KB, 8 * KB, 10 * KB)),
}

SCRIPT = re.compile(r'<script\b[^>]*\bsrc="([^"]+)"')
MODULE_PRELOAD = re.compile(r'<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"')
STYLESHEET = re.compile(r'<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"')
IMPORT = re.compile(r"""\bimport\s+(?:[^"';]+?\s+from\s+)?["']([^"']+)["']""")


def resolve(page: str | tuple[str, str], html_of: Callable[[str], str]) -> str:
    """The path of a page type: itself, or the first link under ``prefix`` on ``index``."""
    if isinstance(page, str):
        return page
    index, prefix = page
    for link in re.findall(rf'href="({re.escape(prefix)}[^"#?]+/)"', html_of(index)):
        if link != index:
            return unescape(link)
    raise LookupError(f"aucun lien {prefix}… sur {index}")


def assets(html: str, text_of: Callable[[str], str]) -> tuple[list[str], list[str]]:
    """The scripts (module imports followed) and stylesheets a page loads, each once."""
    scripts = list(dict.fromkeys(SCRIPT.findall(html) + MODULE_PRELOAD.findall(html)))
    seen = set(scripts)
    for url in scripts:  # grows while imports are found
        if url.endswith(".js"):
            for target in IMPORT.findall(text_of(url)):
                if target.startswith("."):
                    base = url.rsplit("/", 1)[0]
                    parts = f"{base}/{target}".split("/")
                    resolved: list[str] = []
                    for part in parts:
                        if part == "..":
                            resolved.pop()
                        elif part != ".":
                            resolved.append(part)
                    target = "/".join(resolved)
                if target not in seen:
                    seen.add(target)
                    scripts.append(target)
    return scripts, list(dict.fromkeys(STYLESHEET.findall(html)))
