from django.urls import path

from . import views

app_name = "examples"

urlpatterns = [
    path("exemples/", views.index, name="index"),
    path("exemples/<slug:slug>/", views.detail, name="detail"),
    path("api/exemples/<slug:slug>/", views.api, name="api"),
]
