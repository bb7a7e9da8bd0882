"""/sante/ tells a load balancer whether this instance can serve the site."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import OperationalError

pytestmark = pytest.mark.django_db


def test_ok_when_the_database_answers_and_the_content_is_loaded(client, site_content):
    response = client.get("/sante/")
    assert response.status_code == 200
    assert response.json() == {"etat": "ok", "base": "ok", "contenu": "ok", "cache": "ok"}
    assert "no-store" in response["Cache-Control"]
    assert client.head("/sante/").status_code == 200


def test_503_without_content(client):
    response = client.get("/sante/")
    assert response.status_code == 503
    assert response.json()["etat"] == "erreur"
    assert "manquant" in response.json()["contenu"]


def test_503_when_the_database_is_unreachable(client):
    with mock.patch("core.health.connection.cursor", side_effect=OperationalError("refusé")):
        response = client.get("/sante/")
    assert response.status_code == 503
    assert response.json()["base"] == "injoignable"
