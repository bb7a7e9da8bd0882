"""Small holes found by probing the site as an attacker and an operator would."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest
from django.conf import settings

from .factories import faq

pytestmark = pytest.mark.django_db


@pytest.mark.usefixtures("page_cache")
def test_a_forbidden_host_is_not_reported_as_a_cache_outage(client, settings, caplog):
    settings.ALLOWED_HOSTS = ["riftpal.example"]
    with caplog.at_level(logging.INFO, logger="riftpal"):
        response = client.get("/faq/", HTTP_HOST="attaquant.example")
    assert response.status_code == 400
    assert not [r for r in caplog.records if "injoignable" in r.getMessage()]


@pytest.mark.parametrize("url", ["/faq/", "/glossaire/", "/regles/", "/plan-du-site/", "/sitemap.xml"])
def test_head_is_answered_like_get_on_uncached_pages(client, url):
    faq()
    get, head = client.get(url), client.head(url)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == get["Content-Type"]
    assert int(head["Content-Length"]) == len(get.content)


def test_head_stays_refused_where_get_is(client):
    assert client.head("/avis/").status_code == 405  # a POST-only view


def test_the_refused_character_page_carries_the_security_headers(client):
    response = client.get("/faq/", {"x": "a\x00b"})
    assert response.status_code == 400
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"


@pytest.mark.usefixtures("page_cache")
def test_only_the_parameters_a_page_reads_make_it_another_page(client):
    """Issue 34: `/sitemap.xml?x=N` rendered every time (a flood cost a third of the throughput) and
    `/debuter/?page=N` stored one more copy per N. A page is keyed by the parameters it reads, and nothing else."""
    from django.core.cache import caches

    faq()
    assert client.get("/glossaire/")["X-Cache"] == "MISS"
    assert client.get("/sitemap.xml")["X-Cache"] == "MISS"
    stored = len(caches["default"]._cache)
    for n in range(5):
        for url in ("/glossaire/", "/sitemap.xml"):
            response = client.get(url, {"x": n, "utm_source": "flood"})
            assert (response.status_code, response["X-Cache"]) == (200, "HIT"), url  # ?x is not read: the same page
    assert len(caches["default"]._cache) == stored
    # Pages whose views read forms and players: another parameter is rendered and never stored.
    for n in range(2):
        assert "X-Cache" not in client.get("/exemples/", {"page": n})
    client.get("/faq/", {"page": "1"})
    assert client.get("/faq/", {"page": "1"})["X-Cache"] == "HIT"  # a parameter the page reads
    assert client.get("/faq/", {"x": "2", "page": "1"})["X-Cache"] == "HIT"


def check_deploy(**env) -> subprocess.CompletedProcess:
    environment = {
        **{name: value for name, value in os.environ.items() if name != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "riftpal.settings.prod",
        "DJANGO_SECRET_KEY": "x" * 20 + "-une-cle-de-test-assez-longue-et-variee-0123456789",
        "DJANGO_ALLOWED_HOSTS": "riftpal.example",
        **env,
    }
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=settings.BASE_DIR, env=environment, capture_output=True, text=True, timeout=120)


def test_deploy_checks_pass_when_the_proxy_redirects_to_https():
    """DJANGO_SECURE_SSL_REDIRECT=false, as the README says behind a proxy that redirects: W008 is silenced in that
    case only."""
    result = check_deploy(DJANGO_SECURE_SSL_REDIRECT="false")
    assert result.returncode == 0, result.stdout + result.stderr
