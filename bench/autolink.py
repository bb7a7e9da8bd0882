"""Glossary linking benchmark: time to render a 20 KB guide with 50, 500 and 5,000 terms.

Run from the repository root: `.venv/bin/python bench/autolink.py`. No database: the glossary is built in
memory from the shipped terms (glossary/content/*.yaml) plus generated ones. Half of the generated
terms start with a word of the guide (so the matcher has to try and reject them), half are made-up words.
The rows « + cartes » add the 1,058 cards of cards/data/cards.json as the site links them (cards.popovers: every
English, alias and official French name, with its popover), built from the data without a database.

Prints, for each glossary size, the median render time without and with linking, the median cost of
linking alone, how many links were made and the time to compile the matcher. Targets: linking adds less
than 5 ms (median) at 500 terms, and its cost does not grow with the number of terms.
"""

from __future__ import annotations

import random
import re
import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import os  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "riftpal.settings.test")
import django  # noqa: E402

django.setup()  # the card entries are unsaved Card objects (no database is opened)

from cards.loader import fill  # noqa: E402
from cards.models import Card  # noqa: E402
from cards.popovers import entries_of  # noqa: E402
from glossary.matcher import Glossary, TermInfo  # noqa: E402
from glossary.rendering import HTML_FILTERS, markdown_to_html, render_markdown, sanitise  # noqa: E402

# The apps' filters (rule citations) read the database: measured here is the matcher alone, as before the cards.
HTML_FILTERS.clear()

SIZES = (50, 500, 5_000)
TARGET_BYTES = 20_000
RUNS = 40


def guide_text() -> str:
    """About 20 KB of real guide Markdown (the shipped guides, repeated as needed)."""
    bodies = []
    for path in sorted((ROOT / "rules" / "content" / "guides").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        bodies.append(data.get("intro") or "")
        bodies.extend(f"## {section['title']}\n\n{section['body']}" for section in data.get("sections") or [])
    text = ""
    while len(text.encode("utf-8")) < TARGET_BYTES:
        text += "\n\n".join(bodies) + "\n\n"
    return text.encode("utf-8")[:TARGET_BYTES].decode("utf-8", "ignore")


def shipped_terms() -> list[TermInfo]:
    data = [term for path in sorted((ROOT / "glossary" / "content").glob("*.yaml"))
            for term in yaml.safe_load(path.read_text(encoding="utf-8"))]
    return [TermInfo(d["slug"], d["name"], f"/glossaire/{d['slug']}/",
                     " ".join(d["short_definition"].split()),
                     tuple([d["name"], *(d.get("forms") or [])])) for d in data]


def glossary_of(size: int, text: str, rng: random.Random) -> Glossary:
    terms = shipped_terms()[:size]
    vocabulary = sorted({word.lower() for word in re.findall(r"\w{4,}", text)})
    letters = "abcdefghijklmnopqrstuvwxyzéè"
    while len(terms) < size:
        made_up = "".join(rng.choice(letters) for _ in range(rng.randint(5, 10)))
        n = len(terms)
        form = f"{rng.choice(vocabulary)} {made_up}" if n % 2 else made_up
        terms.append(TermInfo(f"genere-{n}", form, f"/glossaire/genere-{n}/", "Définition générée.",
                              (form, form + "s")))
    return Glossary(terms)


def card_entries() -> list[TermInfo]:
    import json

    data = json.loads((ROOT / "cards" / "data" / "cards.json").read_text(encoding="utf-8"))
    return entries_of(fill(Card(id=record["id"]), record) for record in data)


def median_ms(function, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    rng = random.Random(4)
    text = guide_text()
    sanitised = sanitise(markdown_to_html(text))
    size_text = f"{len(text.encode('utf-8')):,}".replace(",", " ")
    print(f"Guide : {size_text} octets de Markdown, {RUNS} rendus par mesure (médianes).")
    glossaries, compile_ms, links = {}, {}, {}
    cards = card_entries()
    for size in SIZES:
        glossaries[size] = glossary_of(size, text, rng)
    for size in SIZES:
        glossaries[f"{size} + cartes"] = Glossary([*glossaries[size].terms.values(), *cards])
    for size, glossary in glossaries.items():
        start = time.perf_counter()
        linked = glossary.link_html(sanitised, section="bench")  # first use compiles the matcher
        compile_ms[size] = (time.perf_counter() - start) * 1000
        links[size] = linked.count('class="term"') + linked.count('class="card-link"')
    # Round robin: a busy machine slows every column alike.
    plain, rendered, linking = [], {size: [] for size in glossaries}, {size: [] for size in glossaries}
    for _ in range(RUNS):
        start = time.perf_counter()
        render_markdown(text, link_terms=False)
        plain.append((time.perf_counter() - start) * 1000)
        for size, glossary in glossaries.items():
            start = time.perf_counter()
            render_markdown(text, glossary=glossary, section="bench")
            rendered[size].append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            glossary.link_html(sanitised, section="bench")
            linking[size].append((time.perf_counter() - start) * 1000)
    plain_ms = statistics.median(plain)
    print(f"{len(cards)} cartes ajoutées dans les lignes « + cartes » "
          f"({sum(len(card.forms) for card in cards)} noms).")
    print(f"{'termes':>16} | {'sans liens':>10} | {'avec liens':>10} | {'liaison seule':>13} | {'meilleure':>9} | "
          f"{'liens':>5} | {'compilation':>11}")
    for size in glossaries:
        label = f"{size:,}" if isinstance(size, int) else f"{int(size.split()[0]):,} + cartes"
        print(f"{label:>16} | {plain_ms:>7.2f} ms | {statistics.median(rendered[size]):>7.2f} ms | "
              f"{statistics.median(linking[size]):>10.2f} ms | {min(linking[size]):>6.2f} ms | {links[size]:>5} | "
              f"{compile_ms[size]:>8.1f} ms".replace(",", " "))
    print("« liaison seule » : le coût ajouté par les liens (médiane). "
          "Objectif : moins de 5 ms à 500 termes, et un coût qui dépend du texte, pas du nombre de termes.")
    print("« meilleure » : la liaison la plus rapide des mesures, celle qu'une machine chargée dérange le moins.")
    print("« compilation » : une seule fois par version du glossaire (mise en cache).")
    glossary = glossaries[500]
    print("Le coût suit la longueur du texte (500 termes) :")
    for factor in (0.5, 1, 2):
        part = text[: int(len(text) * factor)] if factor <= 1 else text * int(factor)
        markup = sanitise(markdown_to_html(part))
        link_ms = median_ms(lambda g=glossary, m=markup: g.link_html(m, section="bench"))
        print(f"  {len(part.encode('utf-8')) // 1000:>3} Ko : liaison {link_ms:.2f} ms")


if __name__ == "__main__":
    main()
