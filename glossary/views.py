"""Glossary pages: every term from A to Z, and one page per term."""

from __future__ import annotations

import string
from itertools import groupby

from django.db.models import Q
from django.http import Http404, HttpRequest
from django.shortcuts import redirect, render
from django.utils.text import capfirst
from django.views.decorators.http import require_GET

from core.hooks import declared

from .models import Term, sort_key
from .signals import markdown_models

MAX_QUERY_LENGTH = 100
APPEARANCES_SHOWN = 12


def matches(term: Term, query: str) -> bool:
    haystack = sort_key(" ".join([term.name, term.english_name, *term.form_list]))
    return all(word in haystack for word in query.split())


@require_GET
def index(request: HttpRequest):
    """Every term, A to Z. ``?q=`` hides the terms that do not match (the filter box without JavaScript);
    all terms stay in the page so that the script can widen the filter again as the player types."""
    query = request.GET.get("q", "")[:MAX_QUERY_LENGTH].strip()
    needle = sort_key(query)
    terms = sorted(Term.objects.all(), key=lambda term: sort_key(term.name))
    for term in terms:
        term.shown = matches(term, needle) if needle else True
    groups = []
    for letter, items in groupby(terms, key=lambda term: term.letter):
        items = list(items)
        groups.append({"letter": letter, "terms": items, "shown": any(term.shown for term in items)})
    exists = {group["letter"]: group["shown"] for group in groups}
    letters = [{"letter": letter, "exists": letter in exists, "shown": exists.get(letter, False)}
               for letter in string.ascii_uppercase]
    count = sum(term.shown for term in terms)
    return render(request, "glossary/index.html", {
        "query": query,
        "groups": groups,
        "letters": letters,
        "count": count,
        "total": len(terms),
    })


def linking_texts(term: Term, limit: int = APPEARANCES_SHOWN) -> list[dict]:
    """The stored texts of every app that link ``term``, grouped by kind, the first ``limit`` of each.

    Any model rendered with ``MarkdownFieldsMixin`` counts, so the glossary knows nothing of the apps
    that use it.
    """
    marker = f'href="{term.get_absolute_url()}"'
    groups = []
    for model in markdown_models():
        condition = Q()
        for target in model.markdown_fields.values():
            condition |= Q(**{f"{target}__contains": marker})
        found = model._default_manager.filter(condition)
        if not found.ordered:
            # The same list on every database: without an order, SQLite and PostgreSQL return rows differently.
            found = found.order_by("pk")
        if model is Term:
            found = found.exclude(pk=term.pk)
        total = found.count()
        if total:
            groups.append({"label": capfirst(model._meta.verbose_name_plural), "items": list(found[:limit]),
                           "total": total, "more": total - min(total, limit)})
    return groups


def keyword_examples(term: Term) -> list[dict]:
    """The worked examples that show the keyword ``term`` (``{"title", "url"}``), from the apps that declare
    ``keyword_examples`` on their ``AppConfig`` (a dotted path to a function giving ``{keyword: [example, …]}``),
    matched on the term's name and forms. The glossary imports none of those apps."""
    if term.kind != Term.Kind.KEYWORD:
        return []
    forms = {sort_key(form) for form in term.form_list}
    found: dict[str, dict] = {}
    for provider in declared("keyword_examples"):
        for keyword, examples in provider().items():
            if sort_key(keyword) in forms:
                found.update((example["url"], example) for example in examples)
    return list(found.values())


@require_GET
def detail(request: HttpRequest, slug: str):
    term = Term.objects.prefetch_related("related").filter(slug=slug).first()
    if term is None:
        # A renamed term keeps its former addresses: links and bookmarks lead to its page for good.
        renamed = Term.objects.renamed_from(slug)
        if renamed is None:
            raise Http404("Aucun terme à cette adresse.")
        return redirect(renamed, permanent=True)
    appearances = linking_texts(term)
    return render(request, "glossary/detail.html", {
        "term": term,
        "related": sorted(term.related.all(), key=lambda t: sort_key(t.name)),
        "appearances": appearances,
        "appears_anywhere": bool(appearances),
        "examples": keyword_examples(term),
    })
