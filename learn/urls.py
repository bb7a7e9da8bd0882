from django.urls import path

from . import views

app_name = "learn"

urlpatterns = [
    path("debuter/", views.start, name="start"),
    path("debuter/premiere-partie/", views.first_game_page, name="first_game"),
    path("entrainement/", views.practice_index, name="practice"),
    path("entrainement/du-jour/", views.question_of_the_day, name="of_the_day"),
    path("entrainement/mode-juge/", views.judge, name="judge"),
    path("entrainement/<slug:slug>/", views.question, name="question"),
]
