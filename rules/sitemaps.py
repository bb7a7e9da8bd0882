from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from .models import Card, FAQEntry, Guide, WorkedExample


class StaticSitemap(Sitemap):
    changefreq = "weekly"

    def items(self):
        return ["rules:home", "rules:faq_index", "rules:guide_index", "rules:example_index", "rules:card_index",
                "glossary:index"]

    def location(self, item):
        return reverse(item)


class ModelSitemap(Sitemap):
    changefreq = "monthly"
    model = None

    def items(self):
        return self.model.objects.all()

    def lastmod(self, obj):
        return obj.updated_at


class FAQSitemap(ModelSitemap):
    model = FAQEntry
    priority = 0.8


class GuideSitemap(ModelSitemap):
    model = Guide
    priority = 0.9


class CardSitemap(ModelSitemap):
    model = Card


class ExampleSitemap(ModelSitemap):
    model = WorkedExample


SITEMAPS = {"pages": StaticSitemap, "faq": FAQSitemap, "guides": GuideSitemap, "cartes": CardSitemap,
            "exemples": ExampleSitemap}


def register(name: str, sitemap: type[Sitemap]) -> None:
    """Other apps (glossary, examples) add their pages here."""
    SITEMAPS[name] = sitemap
