"""The framework floor for bench/pages.py: a bare Django view with no middleware, no app and no database, that
returns 20 KB. Served by the same gunicorn, measured by the same client, in the same run as the site's pages: a
cached page of the site is compared with what Django itself costs under that server.

`gunicorn bench.floor:application` (bench/pages.py starts it; not part of the site).
"""

from __future__ import annotations

from django.conf import settings

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY="bench-floor-only",  # noqa: S106 - serves a constant page on loopback, signs nothing
        ALLOWED_HOSTS=["*"],
        ROOT_URLCONF=__name__,
        MIDDLEWARE=[],
        INSTALLED_APPS=[],
        DATABASES={},
        USE_TZ=True,
    )

from django.core.wsgi import get_wsgi_application  # noqa: E402 - after settings.configure
from django.http import HttpResponse  # noqa: E402
from django.urls import path  # noqa: E402

FILLER = "Une page de vingt kilo-octets servie par Django sans intergiciel. " * 310
BODY = f"<!doctype html><html lang=\"fr\"><title>plancher</title><p>{FILLER}</p></html>".encode()[:20 * 1024]


def floor(request):
    return HttpResponse(BODY, content_type="text/html; charset=utf-8")


urlpatterns = [path("plancher/", floor)]
application = get_wsgi_application()
