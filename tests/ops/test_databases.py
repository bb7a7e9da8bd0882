"""The site looks the same on both databases: every page rendered from SQLite and from PostgreSQL, compared.

It runs in the PostgreSQL pass of ``make test`` (``scripts/with-postgres.sh`` exports the URL of a throwaway
database): two fresh processes load the shipped content, one into a SQLite file and one into that database, and
each renders every page of the site map, every FAQ theme and the last step of every example. Search pages are
left out: ranking is each database's own full-text search (bench/relevance.py measures both).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
POSTGRES_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = POSTGRES_URL.startswith(("postgres://", "postgresql://"))

RENDER = r"""
import json, re, sys
from django.contrib.sitemaps import Sitemap
from django.test import Client
from core.sitemaps import SITEMAPS
from rules.models import Category
from worked_examples.models import WorkedExample

client = Client()
urls = ["/", "/faq/", "/guides/", "/regles/", "/glossaire/", "/cartes/", "/exemples/", "/plan-du-site/"]
for sitemap in SITEMAPS.values():
    sitemap = sitemap() if isinstance(sitemap, type) else sitemap
    urls += [sitemap.location(item) for item in sitemap.items()]
urls += [f"/faq/?categorie={slug}" for slug in Category.objects.values_list("slug", flat=True)]
urls += [f"{example.get_absolute_url()}?etape=fin" for example in WorkedExample.objects.all()]
pages = {}
for url in dict.fromkeys(urls):
    response = client.get(url)
    pages[url] = [response.status_code, response.content.decode()]
json.dump(pages, sys.stdout)
"""


def render_site(database_url: str) -> dict[str, list]:
    env = {**{key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")},
           "DJANGO_SETTINGS_MODULE": "riftpal.settings.test", "DATABASE_URL": database_url}

    def manage(*args: str) -> str:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=600)
        assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
        return result.stdout

    manage("migrate", "--noinput", "-v", "0")
    manage("flush", "--noinput")
    manage("load_content")
    return json.loads(manage("shell", "-v", "0", "-c", RENDER))


def comparable(html: str) -> str:
    # A CSRF token is new on every render (the sandbox's form); nothing else may differ.
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'name="csrfmiddlewaretoken"', html)


@pytest.mark.skipif(not ON_POSTGRES, reason="runs in the PostgreSQL pass of make test (scripts/with-postgres.sh)")
def test_every_page_renders_the_same_on_sqlite_and_postgresql(tmp_path):
    sqlite = render_site(f"sqlite:///{tmp_path / 'site.sqlite3'}")
    postgres = render_site(POSTGRES_URL)
    assert len(sqlite) > 500
    assert sqlite.keys() == postgres.keys()
    assert all(status == 200 for status, _ in sqlite.values()), [url for url, (s, _) in sqlite.items() if s != 200]
    different = [url for url in sqlite if sqlite[url][0] != postgres[url][0]
                 or comparable(sqlite[url][1]) != comparable(postgres[url][1])]
    assert not different, different[:20]
