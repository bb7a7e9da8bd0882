"""Links reversed once per URL name (core.links) and the frame's links and current section
(core.context_processors) are the URLs Django's reverse() gives, under a script prefix too."""

from __future__ import annotations

import pytest
from django.urls import reverse, set_script_prefix

from core.context_processors import LINKS, site_links
from core.links import slug_url

SLUG_PAGES = ["rules:faq_detail", "rules:card_detail", "rules:guide_detail", "rules:rule_section",
              "glossary:detail", "examples:detail"]


@pytest.fixture
def script_prefix():
    yield
    set_script_prefix("/")


@pytest.mark.parametrize("prefix", ["/", "/sous-chemin/"])
def test_slug_urls_and_frame_links_are_what_reverse_gives(prefix, script_prefix):
    set_script_prefix(prefix)
    for name in SLUG_PAGES:
        for slug in ("tank", "jusqu-a-5-et-sort", "r_459"):
            assert slug_url(name, slug) == reverse(name, args=[slug])
    assert site_links() == {key: reverse(name) for key, name in LINKS.items()}
    assert site_links()["faq"].startswith(prefix)


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
