"""Content pages come whole from the cache, follow every edit, and carry headers fit for a CDN."""

from __future__ import annotations

import gzip
from unittest import mock

import pytest
from django.core.cache import caches
from django.test import Client
from django.utils.http import http_date

from core import content_version as version_clock

from .factories import category, faq

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


def get(client: Client, url: str, **headers):
    return client.get(url, headers=headers)


def test_a_second_visit_is_served_from_the_cache(client):
    faq(question="Que fait l'horodatage ?")
    first = get(client, "/faq/")
    second = get(client, "/faq/")
    assert (first["X-Cache"], second["X-Cache"]) == ("MISS", "HIT")
    assert second.content == first.content
    assert "Que fait l\u2019horodatage\u202f?" in second.content.decode()  # stored already typeset


def test_a_stored_page_keeps_every_header_the_render_gave_it(client):
    """The page cache sits above the security middleware: what it stores already carries those headers."""
    faq(question="Les en-têtes suivent-ils ?")
    first = get(client, "/faq/", accept_encoding="gzip")
    second = get(client, "/faq/", accept_encoding="gzip")
    assert second["X-Cache"] == "HIT"
    for name in ("X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy",
                 "Content-Security-Policy", "Content-Encoding", "ETag", "Cache-Control", "Vary"):
        assert second.get(name) == first.get(name) and second.get(name), name


@pytest.mark.parametrize("change", ["edit", "delete", "add"])
def test_an_editors_change_reaches_the_cached_page_at_once(client, change):
    entry = faq(question="Question avant le changement ?")
    assert "avant le changement" in get(client, "/faq/").content.decode()
    assert get(client, "/faq/")["X-Cache"] == "HIT"
    if change == "edit":
        entry.question = "Question après le changement ?"
        entry.save()
    elif change == "delete":
        entry.delete()
    else:
        faq(question="Une toute nouvelle question ?", category=entry.category)
    response = get(client, "/faq/")
    assert response["X-Cache"] == "MISS"
    page = response.content.decode()
    assert ("avant le changement" in page) == (change == "add")
    assert ("après le changement" in page) == (change == "edit")


def test_a_many_to_many_change_starts_a_new_version(client):
    entry, other = faq(), faq()
    get(client, "/faq/")
    entry.related.add(other)
    assert get(client, "/faq/")["X-Cache"] == "MISS"


def test_the_version_moves_again_when_the_transaction_commits(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        faq()
        during = version_clock.content_version()
    assert version_clock.bump_content_version in callbacks
    assert callbacks.count(version_clock.bump_content_version) == 1  # once per transaction, however many saves
    for callback in callbacks:
        callback()
    assert version_clock.content_version() > during


def test_readers_feedback_does_not_empty_the_cache(client):
    from rules.models import Feedback

    faq()
    get(client, "/faq/")
    Feedback.objects.create(path="/faq/", kind=Feedback.Kind.HELPFUL)
    assert get(client, "/faq/")["X-Cache"] == "HIT"


def test_conditional_requests_get_a_304(client):
    faq()
    first = get(client, "/faq/")
    assert first["ETag"] and first["Last-Modified"]
    assert get(client, "/faq/", if_none_match=first["ETag"]).status_code == 304
    assert get(client, "/faq/", if_modified_since=first["Last-Modified"]).status_code == 304
    assert get(client, "/faq/", if_modified_since=http_date(0)).status_code == 200
    entry = faq()
    entry.save()
    assert get(client, "/faq/", if_none_match=first["ETag"]).status_code == 200


def test_every_worker_gives_a_page_the_same_etag(client):
    faq()
    first = get(client, "/faq/")
    caches["default"].clear()  # another worker renders the page again
    assert get(client, "/faq/")["ETag"] == first["ETag"]


def test_anonymous_pages_are_public_for_a_cdn(client, settings):
    faq()
    for response in (get(client, "/faq/"), get(client, "/faq/")):
        control = response["Cache-Control"]
        assert "public" in control
        assert f"max-age={settings.PAGE_CACHE_MAX_AGE}" in control
        assert f"stale-while-revalidate={settings.PAGE_CACHE_STALE_WHILE_REVALIDATE}" in control
        assert not response.cookies


def test_html_is_compressed_when_the_client_accepts_it(client):
    faq()
    plain = get(client, "/faq/")
    for _ in range(2):  # rendered, then from the cache
        response = get(client, "/faq/", accept_encoding="gzip, deflate, br")
        assert response["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response["Vary"]
        assert gzip.decompress(response.content) == plain.content
    assert "Content-Encoding" not in plain


def test_the_csp_has_no_nonce_and_stays_on_cached_pages(client):
    faq()
    for _ in range(2):
        policy = get(client, "/faq/")["Content-Security-Policy"]
        assert "script-src 'self'" in policy
        assert "nonce" not in policy and "unsafe-inline" not in policy


def test_sandbox_posts_are_private(client):
    response = client.post("/bac-a-sable/", {"op": "run"})
    assert "X-Cache" not in response
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_a_page_with_a_csrf_token_is_never_shared(client, settings):
    # The sandbox page carries a CSRF token; were it under a cached prefix, it still would not be stored.
    settings.PAGE_CACHE_PREFIXES = [*settings.PAGE_CACHE_PREFIXES, "/bac-a-sable/"]
    one, two = Client(), Client()
    first, second = get(one, "/bac-a-sable/"), get(two, "/bac-a-sable/")
    assert (first["X-Cache"], second["X-Cache"]) == ("MISS", "MISS")
    assert "private" in second["Cache-Control"] and "no-store" in second["Cache-Control"]
    assert first.cookies["csrftoken"].value != second.cookies["csrftoken"].value


def test_a_visitor_with_a_session_never_gets_the_shared_page(client, settings):
    faq()
    get(client, "/faq/")
    client.cookies[settings.SESSION_COOKIE_NAME] = "une-session-quelconque"
    response = get(client, "/faq/")
    assert "X-Cache" not in response
    assert "private" in response["Cache-Control"]


def test_the_admin_is_private(client, admin_client):
    response = admin_client.get("/admin/")
    assert response.status_code == 200
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_htmx_fragments_and_full_pages_are_stored_apart(client):
    from worked_examples.models import WorkedExample

    example = WorkedExample.objects.order_by("pk").first()
    if example is None:
        from rules.loader import Loader

        Loader().load_all()
        example = WorkedExample.objects.order_by("pk").first()
    url = example.get_absolute_url()
    full = get(client, url)
    fragment = get(client, url, hx_request="true", hx_target=f"player-{example.slug}")
    assert fragment["X-Cache"] == "MISS"
    assert b"<html" in full.content and b"<html" not in fragment.content
    assert get(client, url, hx_request="true", hx_target=f"player-{example.slug}").content == fragment.content


def test_pages_are_rendered_when_the_cache_is_down(client):
    faq(question="Toujours là ?")
    with mock.patch.object(type(caches["default"]), "get", side_effect=ConnectionError("cache injoignable")):
        response = get(client, "/faq/")
    assert response.status_code == 200
    assert "Toujours là" in response.content.decode()


def test_error_pages_are_not_stored(client):
    category()
    assert get(client, "/faq/inconnue/").status_code == 404
    assert get(client, "/faq/inconnue/")["X-Cache"] == "MISS"
