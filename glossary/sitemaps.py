from core.sitemaps import ModelSitemap, PagesSitemap

from .models import Term


class GlossaryPagesSitemap(PagesSitemap):
    names = ["glossary:index"]


class TermSitemap(ModelSitemap):
    model = Term
    priority = 0.6


SITEMAPS = {"glossaire-index": GlossaryPagesSitemap, "glossaire": TermSitemap}
