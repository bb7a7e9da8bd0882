"""The sitemap, filled by the apps: each one registers its pages in its ``AppConfig.ready()``."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

SITEMAPS: dict[str, type[Sitemap]] = {}


def register(name: str, sitemap: type[Sitemap]) -> None:
    SITEMAPS[name] = sitemap


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
