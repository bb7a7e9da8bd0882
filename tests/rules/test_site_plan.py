"""Site-wide pages and chrome: the HTML site plan, the footer, the navigation's current link, the home page's
single search box."""

import re

import pytest
from django.urls import include, path, reverse

from rules.models import FAQEntry, RuleSection

from .factories import category, faq, guide

pytestmark = pytest.mark.django_db

# The whole site mounted under /fr/: a navigation that guessed the section from the path would mark nothing.
urlpatterns = [
    path("fr/glossaire/", include("glossary.urls")),
    path("fr/", include("worked_examples.urls")),
    path("fr/", include("sandbox.urls")),
    path("fr/", include("search.urls")),
    path("fr/", include("cards.urls")),
    path("fr/", include("rules.urls")),
    path("fr/", include("decks.urls")),
    path("fr/", include("learn.urls")),
    path("fr/", include("core.offline")),
]


def current_links(html: str) -> list[str]:
    nav = html[html.index('class="site-nav"'):html.index("</nav>", html.index('class="site-nav"'))]
    return re.findall(r'aria-current="page">([^<]+)<', nav)


# --- the site plan ------------------------------------------------------------------------------------------


def test_footer_links_to_the_html_site_plan_and_the_rules(client):
    html = client.get(reverse("rules:faq_index")).content.decode()
    footer = html[html.index('<footer class="site-footer">'):]
    assert f'href="{reverse("rules:site_plan")}">Plan du site<' in footer
    assert "sitemap.xml" not in footer
    assert f'href="{reverse("rules:rules_index")}">Règles<' in footer


def test_site_plan_groups_every_part_of_the_site(client):
    first = category(name="Thème un")
    for n in range(3):
        faq(category=first, question=f"Question du thème un numéro {n} ?")
    RuleSection.objects.create(slug="le-combat-plan", title="Le combat, pas à pas", chapter="combat", order=459,
                               covers=[[459, 466]], body="Texte.")
    guide(title="Guide du plan")
    response = client.get("/plan-du-site/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Plan du site</h1>" in html
    # Rules: chapters, each folding its sections.
    assert "Le combat" in html and 'href="/regles/le-combat-plan/"' in html
    # FAQ: categories with counts and their entries, folded; the index page for the long list.
    assert "Thème un" in html and '<span class="count">3</span>' in html
    assert "Question du thème un numéro 2" in html and html.count("<details>") >= 2
    assert f'href="{first.get_absolute_url()}"' in html
    assert "Guide du plan" in html
    for name in ("glossary:index", "examples:index", "sandbox:sandbox", "rules:faq_index", "rules:rules_index",
                 "rules:guide_index", "cards:gallery"):
        assert f'href="{reverse(name)}"' in html, name


def test_site_plan_with_the_shipped_content_is_not_a_wall(client, site_content):
    html = client.get(reverse("rules:site_plan")).content.decode()
    assert f"{FAQEntry.objects.count()} questions" in html.replace("\xa0", " ")
    # Long lists are folded: every FAQ entry sits inside a closed <details>.
    visible = re.sub(r"<details>.*?</details>", "", html, flags=re.S)
    assert not re.search(r'href="/faq/[a-z]', visible)
    assert re.search(r'href="/glossaire/#lettre-[A-Z]"', html)


# --- header and navigation -------------------------------------------------------------------------------------


def test_home_shows_one_search_box(client):
    html = client.get(reverse("rules:home")).content.decode()
    assert html.count('type="search"') == 1
    assert 'id="home-q"' in html and 'id="header-q"' not in html
    # Other pages keep the header's search.
    assert 'id="header-q"' in client.get(reverse("rules:faq_index")).content.decode()


@pytest.mark.urls("tests.rules.test_site_plan")
def test_current_link_follows_the_resolved_url_not_the_path(client):
    entry = faq()
    assert current_links(client.get(entry.get_absolute_url()).content.decode()) == ["FAQ"]
    assert current_links(client.get(reverse("cards:gallery")).content.decode()) == ["Cartes"]
    assert current_links(client.get(reverse("rules:rules_index")).content.decode()) == ["Règles"]
    assert current_links(client.get(reverse("glossary:index")).content.decode()) == ["Glossaire"]
    assert current_links(client.get(reverse("rules:home")).content.decode()) == []


def test_current_link_on_the_usual_urls(client):
    assert current_links(client.get(guide().get_absolute_url()).content.decode()) == ["Guides"]
    assert current_links(client.get(reverse("examples:index")).content.decode()) == ["Exemples"]
    assert current_links(client.get(reverse("sandbox:sandbox")).content.decode()) == ["Bac à sable"]
