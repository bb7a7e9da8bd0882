from django.contrib.sitemaps import Sitemap

from .models import Term


class TermSitemap(Sitemap):
    changefreq = "monthly"
    priority = 0.6

    def items(self):
        return Term.objects.all()

    def lastmod(self, term):
        return term.updated_at
