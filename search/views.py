"""The search page: results as a player types (htmx fragment) or on submit (full page, no JavaScript needed)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from core.htmx import HtmxHttpRequest, wants_fragment

from . import query as site_search

PER_PAGE = 10



def rule_url(number: str) -> str | None:
    """The rules reference page for a rule number, once the rules app serves one."""
    try:
        return reverse("rules:rule_number", args=[number])
    except NoReverseMatch:
        return None


@require_GET
@vary_on_headers("HX-Request")
def search_page(request: HtmxHttpRequest):
    raw = request.GET.get("q", "")
    fragment = wants_fragment(request)
    number = site_search.rule_number(raw)
    number_url = rule_url(number) if number else None
    # A submitted rule number goes straight to its section; while typing, it is offered as a link instead.
    if number_url and not fragment:
        return redirect(number_url)
    results = site_search.run(raw)
    page = Paginator(results.hits, PER_PAGE).get_page(request.GET.get("page"))
    site_search.load_texts(page.object_list)
    context = {
        "query": results.query,
        "results": results,
        "page": page,
        "answer": results.answer if page.number == 1 else None,
        "too_long": len(raw) > site_search.MAX_QUERY_LENGTH,
        "searched": bool(raw.strip()),
        "rule_number": number if number_url else None,
        "rule_url": number_url,
    }
    if fragment:
        return render(request, "search/search.html#results", context)
    return render(request, "search/search.html", context)
