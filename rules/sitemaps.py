from core.sitemaps import ModelSitemap, PagesSitemap

from .models import FAQEntry, Guide, RuleSection


class ContentPagesSitemap(PagesSitemap):
    names = ["rules:home", "rules:rules_index", "rules:changes", "rules:faq_index", "rules:guide_index"]


class FAQSitemap(ModelSitemap):
    model = FAQEntry
    priority = 0.8


class GuideSitemap(ModelSitemap):
    model = Guide
    priority = 0.9


class RuleSectionSitemap(ModelSitemap):
    model = RuleSection
    priority = 0.8


SITEMAPS = {
    "pages": ContentPagesSitemap,
    "regles": RuleSectionSitemap,
    "faq": FAQSitemap,
    "guides": GuideSitemap,
}
