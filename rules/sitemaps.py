from riftpal.sitemaps import ModelSitemap, PagesSitemap

from .models import Card, FAQEntry, Guide


class ContentPagesSitemap(PagesSitemap):
    names = ["rules:home", "rules:faq_index", "rules:guide_index", "rules:card_index"]


class FAQSitemap(ModelSitemap):
    model = FAQEntry
    priority = 0.8


class GuideSitemap(ModelSitemap):
    model = Guide
    priority = 0.9


class CardSitemap(ModelSitemap):
    model = Card


SITEMAPS = {"pages": ContentPagesSitemap, "faq": FAQSitemap, "guides": GuideSitemap, "cartes": CardSitemap}
