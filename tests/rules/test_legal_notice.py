"""Riot's notice for fan sites is in the footer of every page, in French, and says our French is ours."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["rules:home", "rules:faq_index", "glossary:index", "search:search"])
def test_every_page_carries_riots_notice(client, name):
    body = client.get(reverse(name)).content.decode()
    footer = body[body.index('<footer class="site-footer">'):]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", footer))
    assert "Legal Jibber Jabber" in text
    assert "Riot Games ne l’approuve ni ne le parraine" in text or "Riot Games ne l'approuve ni ne le parraine" in text
    assert "les explications en français de RiftPal sont les nôtres" in text
