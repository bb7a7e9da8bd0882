"""The search page."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from . import engine as site_search


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@require_GET
@vary_on_headers("HX-Request")
def search_page(request: HtmxHttpRequest):
    query = request.GET.get("q", "")
    too_long = len(query) > site_search.MAX_QUERY_LENGTH
    terms = site_search.query_terms(query)
    hits = site_search.search(query) if terms else []
    context = {"query": query[: site_search.MAX_QUERY_LENGTH], "hits": hits, "terms": terms,
               "too_long": too_long, "searched": bool(query.strip())}
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        return render(request, "search/search.html#results", context)
    return render(request, "search/search.html", context)
