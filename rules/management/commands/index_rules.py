"""Index an edition of the Core Rules from its text: ``manage.py index_rules EDITION FILE [--since OLD OLD_FILE]``.

Writes ``rules/content/editions/<slug>.json`` (every rule number with the hash of its normalised text, never the
text). With ``--since``, also derives the map from the older edition to this one (renumbered, edited, removed,
added) and writes ``<old slug>--<slug>.json``; the older text must match the older edition's shipped index.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules import editions
from rules.choices import INDEXED_EDITIONS


def read_rules(path: str) -> dict[str, str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error}") from error
    rules = editions.parse_rules_text(text)
    if not rules:
        raise CommandError(f"No rule line (« 466.1.a. text ») found in {path}.")
    return rules


def edition_key(value: str) -> str:
    edition = value if value in INDEXED_EDITIONS else editions.edition_for_slug(value)
    if edition is None:
        raise CommandError(f"Unknown edition {value!r}: add it to INDEXED_EDITIONS in rules/choices.py "
                           f"(known: {', '.join(INDEXED_EDITIONS)}).")
    return edition


class Command(BaseCommand):
    help = "Write the shipped index of an edition of the Core Rules (numbers and text hashes) from its text file."

    def add_arguments(self, parser):
        parser.add_argument("edition", help="edition key or slug, e.g. 2026-10 or 1.4 (v1.4)")
        parser.add_argument("file", help="the edition's rules text, one rule a line (« 466.1.a. text »)")
        parser.add_argument("--since", nargs=2, metavar=("OLD_EDITION", "OLD_FILE"),
                            help="also derive and write the map from this older edition to EDITION")
        parser.add_argument("--output", help="folder to write to (default: rules/content/editions/)")

    def handle(self, *args, edition, file, since=None, output=None, **options):
        edition = edition_key(edition)
        folder = Path(output) if output else editions.EDITIONS_DIR
        folder.mkdir(parents=True, exist_ok=True)
        rules = read_rules(file)
        index = editions.build_index(edition, rules, Path(file).name, self.headings(edition))
        target = folder / editions.index_path(edition).name
        target.write_text(editions.dump(index, "rules"), encoding="utf-8")
        self.stdout.write(f"{target}: {len(rules)} rules of edition {edition}")
        if not since:
            return
        old_edition, old_file = edition_key(since[0]), since[1]
        old_rules = read_rules(old_file)
        shipped = folder / editions.index_path(old_edition).name
        if shipped.exists():
            hashes = {rule["number"]: rule["hash"] for rule in json.loads(shipped.read_text("utf-8"))["rules"]}
            if hashes != {number: editions.text_hash(text) for number, text in old_rules.items()}:
                raise CommandError(f"{old_file} does not match the shipped index {shipped}: index it first.")
        mapping = editions.build_map(old_edition, edition, old_rules, rules)
        target = folder / editions.map_path(old_edition, edition).name
        target.write_text(editions.dump(mapping, "rules"), encoding="utf-8")
        counts: dict[str, int] = {}
        for rule in mapping["rules"]:
            counts[rule["status"]] = counts.get(rule["status"], 0) + 1
        summary = ", ".join(f"{count} {status}" for status, count in sorted(counts.items()))
        self.stdout.write(f"{target}: {summary}, {len(mapping['added'])} added")

    def headings(self, edition: str) -> dict[str, str]:
        """Headings in our words: none yet (the index works without them; RULES.md « Versions »)."""
        return {}
