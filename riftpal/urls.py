from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from rules.sitemaps import SITEMAPS

urlpatterns = [
    path("admin/", admin.site.urls),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("glossaire/", include("glossary.urls")),
    path("", include("rules.urls")),
]

handler404 = "riftpal.views.page_not_found"
handler500 = "riftpal.views.server_error"
