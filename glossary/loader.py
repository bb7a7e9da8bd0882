"""Load the shipped glossary (every ``glossary/content/*.yaml`` file) with the same rules as the rules content.

One file per kind of term (``FILES``), so a file's name says what it holds; a test keeps every term in the file
of its kind.

``rules.loader.Loader.load_all`` calls ``load_terms`` after the FAQ, guides and cards, so once the terms
are in, every text of the site is rendered again and links them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

from .models import Term
from .signals import deferred_rerender

CONTENT_DIR = Path(__file__).resolve().parent / "content"
# The shipped file of each kind of term.
FILES = {
    Term.Kind.KEYWORD: "terms-mots-cles.yaml",
    Term.Kind.STATE: "terms-etats.yaml",
    Term.Kind.ACTION: "terms-actions.yaml",
    Term.Kind.ZONE: "terms-zones.yaml",
    Term.Kind.CARD_TYPE: "terms-types-de-cartes.yaml",
    Term.Kind.PHASE: "terms-phases.yaml",
    Term.Kind.CONCEPT: "terms-notions.yaml",
    Term.Kind.RESOURCE: "terms-ressources.yaml",
    Term.Kind.EFFECT: "terms-effets.yaml",
    Term.Kind.CALCULATION: "terms-calculs.yaml",
    Term.Kind.ROLE: "terms-joueurs-et-roles.yaml",
    Term.Kind.OBJECT: "terms-objets.yaml",
    Term.Kind.MODE: "terms-modes.yaml",
}


def digest(data) -> str:
    """A stable hash of shipped data (the content loader compares it between runs)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str, ensure_ascii=False).encode()).hexdigest()


def read_terms(path: Path = CONTENT_DIR) -> list[dict]:
    """Every term of ``path``: one YAML file, or every ``*.yaml`` file of a folder (one per kind of term)."""
    files = sorted(path.glob("*.yaml")) if path.is_dir() else [path]
    terms: list[dict] = []
    for file in files:
        with file.open(encoding="utf-8") as handle:
            terms.extend(yaml.safe_load(handle) or [])
    return terms


def symmetric_related(entries: list[dict]) -> dict[str, set[str]]:
    """Related terms in both directions: the relation is symmetrical in the database too."""
    related: dict[str, set[str]] = {entry["slug"]: set() for entry in entries}
    for entry in entries:
        for other in entry.get("related") or []:
            if other in related and other != entry["slug"]:
                related[entry["slug"]].add(other)
                related[other].add(entry["slug"])
    return related


def adopt_former_slugs(loader, entries: list[dict]) -> None:
    """A term shipped under a new slug takes over its row stored under a ``former_slugs`` one; the loader moves
    its record along (``Loader.adopt``), so the rename is an update, or kept if an editor changed the term."""
    for data in entries:
        old = Term.objects.filter(slug__in=data.get("former_slugs") or []).first()
        if old is None or Term.objects.filter(slug=data["slug"]).exists():
            continue

        def rename(term=old, slug=data["slug"]):
            term.slug = slug
            term.save()

        loader.adopt("term", old.slug, data["slug"], old, rename)


def load_terms(loader) -> None:
    entries = read_terms(getattr(loader, "glossary_file", CONTENT_DIR))
    adopt_former_slugs(loader, entries)
    related = symmetric_related(entries)
    written: list[tuple[Term, dict]] = []
    with deferred_rerender():
        for data in entries:
            data = {**data, "related": sorted(related[data["slug"]])}

            def write(obj, data=data):
                obj = obj or Term(slug=data["slug"])
                obj.name = data["name"]
                obj.former_slugs = list(data.get("former_slugs") or [])
                obj.english_name = data.get("english_name") or ""
                obj.short_definition = " ".join(str(data["short_definition"]).split())
                obj.explanation = data.get("explanation") or ""
                obj.forms = "\n".join(data.get("forms") or [])
                obj.kind = data.get("kind") or Term.Kind.CONCEPT
                obj.rules = [str(number) for number in data.get("rules") or []]
                obj.match_case = bool(data.get("match_case"))
                obj.not_in = "\n".join(data.get("not_in") or [])
                obj.save()
                return obj

            obj = loader.sync("term", data["slug"], data,
                              lambda d=data: Term.objects.filter(slug=d["slug"]).first(), write)
            if obj is not None:
                written.append((obj, data))
        # Related terms may be loaded after the term that names them: link once all exist.
        for obj, data in written:
            obj.related.set(Term.objects.filter(slug__in=data["related"]))
        for obj, data in written:
            loader.remember("term", data["slug"], digest(data), obj)
