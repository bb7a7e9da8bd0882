from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from core.sitemaps import SITEMAPS

# A database outage gives a French 503 with Retry-After, any other error the 500 page.
handler500 = "core.middleware.server_error_or_unavailable"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("core.health")),
    path("", include("core.offline")),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("glossaire/", include("glossary.urls")),
    path("", include("worked_examples.urls")),
    path("", include("sandbox.urls")),
    path("", include("learn.urls")),
    path("", include("search.urls")),
    # Before rules: /cartes/ is the cards app's, and a card's old slug address redirects from there.
    path("", include("cards.urls")),
    path("", include("rules.urls")),
    path("", include("decks.urls")),
]
