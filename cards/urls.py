from django.urls import path

from . import views

app_name = "cards"

urlpatterns = [
    path("cartes/", views.gallery, name="gallery"),
    path("cartes/<str:number>/", views.card_detail, name="detail"),
]
