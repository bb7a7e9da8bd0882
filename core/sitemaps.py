"""The sitemap, filled by the apps: each declares ``sitemaps = "app.sitemaps.SITEMAPS"`` on its AppConfig."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.hooks import declared

SITEMAPS: dict[str, type[Sitemap]] = {}


def collect() -> dict[str, type[Sitemap]]:
    """Gather every app's sitemaps (called once all apps are ready)."""
    for sitemaps in declared("sitemaps"):
        SITEMAPS.update(sitemaps)
    return SITEMAPS


class PagesSitemap(Sitemap):
    """Fixed pages, named by URL name."""

    changefreq = "weekly"
    names: list[str] = []

    def items(self):
        return self.names

    def location(self, item):
        return reverse(item)


class ModelSitemap(Sitemap):
    """Every object of ``model``, with its last change."""

    changefreq = "monthly"
    model = None

    def items(self):
        return self.model._default_manager.all()

    def lastmod(self, obj):
        return obj.updated_at
