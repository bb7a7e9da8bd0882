from django.urls import path

from . import views

app_name = "search"

urlpatterns = [
    path("recherche/", views.search_page, name="search"),
]
