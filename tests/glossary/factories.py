"""Small factory functions for glossary tests."""

from __future__ import annotations

from itertools import count

from django.utils.text import slugify

from glossary.matcher import Glossary, TermInfo
from glossary.models import Term

_seq = count(1)


def term(name: str, *, forms=(), definition: str | None = None, **kwargs) -> Term:
    """A saved term (signals run: linked texts are re-rendered)."""
    defaults = {
        "slug": slugify(name) or f"terme-{next(_seq)}",
        "short_definition": definition or f"Définition de {name}.",
        "forms": "\n".join(forms),
    }
    return Term.objects.create(name=name, **{**defaults, **kwargs})


def info(name: str, *forms: str, slug: str | None = None, definition: str | None = None) -> TermInfo:
    slug = slug or slugify(name)
    return TermInfo(slug, name, f"/glossaire/{slug}/", definition or f"Définition de {name}.", (name, *forms))


def glossary(*terms: TermInfo) -> Glossary:
    """An in-memory glossary: no database needed."""
    return Glossary(terms)
