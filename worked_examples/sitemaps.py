from core.sitemaps import ModelSitemap, PagesSitemap

from .models import WorkedExample


class ExamplePagesSitemap(PagesSitemap):
    names = ["examples:index"]


class ExampleSitemap(ModelSitemap):
    model = WorkedExample


SITEMAPS = {"exemples-index": ExamplePagesSitemap, "exemples": ExampleSitemap}
