"""The frame marks the current section (core.context_processors) from the resolved URL."""

from __future__ import annotations

import pytest
from django.urls import reverse


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "current"), [
    ("/faq/", "FAQ"), ("/regles/", "Règles"), ("/guides/", "Guides"), ("/exemples/", "Exemples"),
    ("/bac-a-sable/", "Bac à sable"), ("/cartes/", "Cartes"), ("/glossaire/", "Glossaire"), ("/recherche/", None),
])
def test_the_frame_marks_the_current_section_only(client, url, current):
    html = client.get(url).content.decode()
    nav = html[html.index('class="site-nav"'):html.index("</nav>", html.index('class="site-nav"'))]
    marked = [part.split(">", 1)[1].split("<", 1)[0] for part in nav.split('aria-current="page"')[1:]]
    assert marked == ([current] if current else [])
    footer = html[html.index('class="site-footer"'):]
    assert f'href="{reverse("rules:site_plan")}"' in footer
