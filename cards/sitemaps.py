from core.sitemaps import ModelSitemap, PagesSitemap

from .models import Card


class GallerySitemap(PagesSitemap):
    names = ["cards:gallery"]


class CardSitemap(ModelSitemap):
    model = Card
    priority = 0.6

    def items(self):
        return Card.objects.only("id", "updated_at").order_by("position")


SITEMAPS = {"cartes-galerie": GallerySitemap, "cartes": CardSitemap}
