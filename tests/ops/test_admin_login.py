"""Admin password guessing is throttled (django-axes): after the allowed failures the client gets a 429 and the
password is no longer even checked."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/?next=/admin/"


def attempt(client, password, address="198.51.100.20"):
    return client.post(LOGIN, {"username": "editrice", "password": password}, REMOTE_ADDR=address)


def test_guessing_the_admin_password_is_locked_out(client):
    User.objects.create_superuser("editrice", "e@example.org", "le-bon-mot-de-passe")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert attempt(client, "mauvais").status_code == 200  # the form again, with its error
    locked = attempt(client, "mauvais")
    assert locked.status_code == 429
    assert "Trop de tentatives" in locked.content.decode()
    # Even the right password is refused while the address is locked out.
    assert attempt(client, "le-bon-mot-de-passe").status_code == 429
    # Another address may still log in.
    assert attempt(client, "le-bon-mot-de-passe", address="203.0.113.99").status_code == 302


def test_a_correct_login_resets_the_count(client):
    User.objects.create_superuser("editrice", "e@example.org", "le-bon-mot-de-passe")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        attempt(client, "mauvais")
    assert attempt(client, "le-bon-mot-de-passe").status_code == 302
    client.logout()
    assert attempt(client, "mauvais").status_code == 200
