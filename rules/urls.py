from django.urls import path

from . import sandbox_views, views

app_name = "rules"

urlpatterns = [
    path("", views.home, name="home"),
    path("faq/", views.faq_index, name="faq_index"),
    path("faq/<slug:slug>/", views.faq_detail, name="faq_detail"),
    path("guides/", views.guide_index, name="guide_index"),
    path("guides/<slug:slug>/", views.guide_detail, name="guide_detail"),
    path("cartes/", views.card_index, name="card_index"),
    path("cartes/<slug:slug>/", views.card_detail, name="card_detail"),
    path("exemples/", views.example_index, name="example_index"),
    path("exemples/<slug:slug>/", views.example_detail, name="example_detail"),
    path("api/exemples/<slug:slug>/", views.example_api, name="example_api"),
    path("recherche/", views.search_view, name="search"),
    path("bac-a-sable/", sandbox_views.sandbox, name="sandbox"),
    path("bac-a-sable/exporter/", sandbox_views.sandbox_export, name="sandbox_export"),
]
