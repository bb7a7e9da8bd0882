from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.sitemaps import PagesSitemap

from .questions import catalogue


class LearnPagesSitemap(PagesSitemap):
    names = ["learn:start", "learn:first_game", "learn:practice", "learn:judge"]
    priority = 0.9


class QuestionSitemap(Sitemap):
    changefreq = "monthly"

    def items(self):
        return [question.slug for question in catalogue().questions]

    def location(self, item):
        return reverse("learn:question", args=[item])


SITEMAPS = {"apprendre": LearnPagesSitemap, "entrainement": QuestionSitemap}
