from django.urls import path

from . import views

app_name = "sandbox"

urlpatterns = [
    path("bac-a-sable/", views.sandbox, name="sandbox"),
    path("bac-a-sable/exporter/", views.sandbox_export, name="export"),
]
