"""``/sante/`` for load balancers and monitoring, and the bench-only minimal page."""

from __future__ import annotations

import logging

from django.apps import apps
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import path
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_safe

logger = logging.getLogger("core.health")

# The site is useless without these: an instance whose content was not loaded must leave the pool.
CONTENT_MODELS = ("rules.FAQEntry", "glossary.Term", "examples.WorkedExample")


@require_safe
def health(request: HttpRequest):
    """200 ``{"etat": "ok", …}`` when the database answers and the content is loaded, 503 otherwise. The cache is
    reported but does not fail the check: without it pages are rendered, slower but correct."""
    report = {"etat": "ok", "base": "ok", "contenu": "ok", "cache": "ok"}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        missing = [label for label in getattr(settings, "HEALTH_CONTENT_MODELS", CONTENT_MODELS)
                   if not apps.get_model(label)._default_manager.exists()]
        if missing:
            report.update(etat="erreur", contenu="manquant : " + ", ".join(missing))
    except Exception as exc:
        logger.error("Base de données injoignable pour /sante/ : %s", exc)
        report.update(etat="erreur", base="injoignable", contenu="inconnu")
    try:
        caches["default"].set("riftpal:health", 1, 10)
    except Exception:
        report["cache"] = "injoignable"
    response = JsonResponse(report, status=200 if report["etat"] == "ok" else 503,
                            json_dumps_params={"ensure_ascii": False})
    add_never_cache_headers(response)
    return response


def minimal(request: HttpRequest):
    """The smallest page the stack can serve: bench/pages.py compares the cached pages with it."""
    return HttpResponse("<!doctype html><html lang=\"fr\"><title>ok</title><p>ok</p></html>")


app_name = "ops"
urlpatterns = [path("sante/", health, name="health")]
if settings.BENCH_VIEW:
    urlpatterns.append(path("_bench/minimal/", minimal, name="bench_minimal"))
