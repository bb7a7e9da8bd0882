"""« Cette réponse vous a aidé ? » and « Signaler une erreur » on FAQ entries, guides and rules sections."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.core.cache.backends import locmem
from django.urls import reverse

from rules.feedback import RATE_LIMIT
from rules.models import Feedback, RuleSection

from .factories import faq, guide

pytestmark = pytest.mark.django_db

SAME_ORIGIN = {"Origin": "http://testserver"}
HTMX = {**SAME_ORIGIN, "HX-Request": "true", "HX-Target": "avis"}


@pytest.fixture(autouse=True)
def fresh_rate_limit():
    caches["rate-limit"].clear()
    yield
    caches["rate-limit"].clear()


def rule_section(**kwargs) -> RuleSection:
    defaults = {"slug": "le-combat-test", "title": "Le combat", "chapter": "combat", "order": 459,
                "covers": [[459, 466]], "body": "Texte de la section."}
    return RuleSection.objects.create(**{**defaults, **kwargs})


def post(client, path, kind="utile", message="", headers=SAME_ORIGIN, **extra):
    return client.post(reverse("rules:feedback"), {"path": path, "kind": kind, "message": message, **extra},
                       headers=headers)


@pytest.mark.parametrize("make", [faq, guide, rule_section])
def test_every_answer_page_asks_whether_it_helped(client, make):
    page = make()
    html = client.get(page.get_absolute_url()).content.decode()
    assert 'id="avis"' in html
    assert "Cette réponse vous a aidé" in html
    assert 'value="utile"' in html and 'value="pas-utile"' in html
    assert "Signaler une erreur" in html and 'maxlength="1000"' in html
    assert f'name="path" value="{page.get_absolute_url()}"' in html


def test_the_form_keeps_pages_shareable_by_the_page_cache(client):
    """No CSRF cookie, no Vary: Cookie: the page carrying the form can still be served from the shared cache."""
    response = client.get(faq().get_absolute_url())
    assert not response.cookies
    assert "cookie" not in response.get("Vary", "").lower()


def test_vote_without_javascript_redirects_back_with_a_thank_you(client):
    entry = faq()
    response = post(client, entry.get_absolute_url(), kind="pas-utile")
    assert response.status_code == 302
    assert response["Location"] == entry.get_absolute_url() + "?merci=1#avis"
    stored = Feedback.objects.get()
    assert (stored.path, stored.kind, stored.message) == (entry.get_absolute_url(), "pas-utile", "")
    html = client.get(response["Location"]).content.decode()
    assert "Merci" in html and "Cette réponse vous a aidé" not in html


def test_error_report_with_htmx_swaps_the_form_for_a_thank_you(client):
    section = rule_section()
    response = post(client, section.get_absolute_url(), kind="erreur", message="La règle 460 est mal résumée.",
                    headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="avis"' in html
    assert "signalement" in html and 'role="status"' in html
    assert Feedback.objects.get().message == "La règle 460 est mal résumée."


def test_cross_site_posts_are_refused_in_french(client):
    entry = faq()
    for headers in ({}, {"Origin": "https://ailleurs.example"}, {"Sec-Fetch-Site": "cross-site"}):
        response = post(client, entry.get_absolute_url(), headers=headers)
        assert response.status_code == 403
        assert "lang=\"fr\"" in response.content.decode()
    assert not Feedback.objects.exists()
    assert post(client, entry.get_absolute_url(), headers={"Sec-Fetch-Site": "same-origin"}).status_code == 302


def test_messages_are_limited_to_1000_characters(client):
    entry = faq()
    response = post(client, entry.get_absolute_url(), kind="erreur", message="x" * 1001)
    assert response.status_code == 400
    html = response.content.decode()
    assert "1001" in html and "caractères" in html
    assert not Feedback.objects.exists()
    assert post(client, entry.get_absolute_url(), kind="erreur", message="x" * 1000).status_code == 302


def test_an_error_report_needs_a_message(client):
    entry = faq()
    response = post(client, entry.get_absolute_url(), kind="erreur", message="   ", headers=HTMX)
    assert response.status_code == 400
    assert "Décrivez l" in response.content.decode()
    assert not Feedback.objects.exists()


@pytest.mark.parametrize("path", ["/admin/", "https://ailleurs.example/faq/x/", "//ailleurs.example/", "/faq/inconnue/",
                                  "/glossaire/"])
def test_only_answer_pages_of_this_site_take_feedback(client, path):
    response = post(client, path)
    assert response.status_code == 400
    assert "ailleurs.example" not in response.get("Location", "")
    assert not Feedback.objects.exists()


def test_posts_are_rate_limited_per_client(client):
    entry = faq()
    for _ in range(RATE_LIMIT):
        assert post(client, entry.get_absolute_url()).status_code == 302
    response = post(client, entry.get_absolute_url())
    assert response.status_code == 429
    assert "Réessayez dans une heure" in response.content.decode()
    htmx = post(client, entry.get_absolute_url(), headers=HTMX)
    assert htmx.status_code == 429 and "<html" not in htmx.content.decode()
    assert Feedback.objects.count() == RATE_LIMIT
    # Another client is not affected.
    other = client.post(reverse("rules:feedback"), {"path": entry.get_absolute_url(), "kind": "utile"},
                        headers=SAME_ORIGIN, REMOTE_ADDR="10.1.2.3")
    assert other.status_code == 302


def test_get_is_not_allowed(client):
    assert client.get(reverse("rules:feedback")).status_code == 405


def test_admin_lists_counts_per_page(client):
    first, second = faq(), faq()
    for kind in ("utile", "utile", "pas-utile"):
        Feedback.objects.create(path=first.get_absolute_url(), kind=kind)
    Feedback.objects.create(path=second.get_absolute_url(), kind="erreur", message="Coquille.")
    client.force_login(User.objects.create_superuser("editrice", "e@example.org", "motdepasse"))
    html = client.get(reverse("admin:rules_feedback_changelist")).content.decode()
    assert "Par page" in html
    row = html[html.index(f'<a href="{first.get_absolute_url()}">'):]
    row = row[:row.index("</tr>")]
    assert [cell.split("</td>")[0] for cell in row.split("<td>")[1:]] == ["2", "1", "0", "0", "3"]
    # The page with an open error report comes first.
    assert html.index(second.get_absolute_url()) < html.index(first.get_absolute_url())


def new_worker():
    """What a request served by another worker process sees: nothing of this process's memory."""
    for store in (*locmem._caches.values(), *locmem._expire_info.values()):
        store.clear()


def test_the_limit_holds_whichever_worker_answers(client, settings, tmp_path):
    """The counter is in a store the workers share (a file cache of the machine without Redis): a post served by
    a fresh worker still counts the earlier ones. Before, each worker counted in its own memory."""
    settings.CACHES = {**settings.CACHES, "rate-limit": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(tmp_path / "rate")}}
    entry = faq()
    for _ in range(RATE_LIMIT):
        new_worker()
        assert post(client, entry.get_absolute_url()).status_code == 302
    new_worker()
    assert post(client, entry.get_absolute_url()).status_code == 429


def post_from(client, entry, REMOTE_ADDR="127.0.0.1", **meta):  # noqa: N803 - a WSGI name
    return client.post(reverse("rules:feedback"), {"path": entry.get_absolute_url(), "kind": "utile"},
                       headers=SAME_ORIGIN, REMOTE_ADDR=REMOTE_ADDR, **meta)


def test_behind_a_trusted_proxy_each_reader_is_counted_apart(client, settings):
    """Every reader comes through the proxy's address; the proxy's X-Forwarded-For tells them apart."""
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]
    entry = faq()
    for _ in range(RATE_LIMIT):
        assert post_from(client, entry, HTTP_X_FORWARDED_FOR="203.0.113.7").status_code == 302
    assert post_from(client, entry, HTTP_X_FORWARDED_FOR="203.0.113.7").status_code == 429
    # Another reader behind the same proxy, and one behind two proxies of ours, are not limited.
    assert post_from(client, entry, HTTP_X_FORWARDED_FOR="198.51.100.2").status_code == 302
    assert post_from(client, entry, HTTP_X_FORWARDED_FOR="198.51.100.3, 10.0.0.5").status_code == 302
    # The limited reader forging a first address is still known by the one the proxy appended.
    assert post_from(client, entry, HTTP_X_FORWARDED_FOR="198.51.100.9, 203.0.113.7").status_code == 429


def test_forwarded_for_is_ignored_from_an_untrusted_address(client, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    entry = faq()
    for n in range(RATE_LIMIT):
        assert post_from(client, entry, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}", REMOTE_ADDR="203.0.113.50") \
            .status_code == 302
    assert post_from(client, entry, HTTP_X_FORWARDED_FOR="192.0.2.200", REMOTE_ADDR="203.0.113.50") \
        .status_code == 429
