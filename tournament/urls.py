"""Page routes of the tournament app."""

from django.urls import path

from tournament.views import pages

app_name = "tournament"

urlpatterns = [
    path("", pages.home, name="home"),
    path("events/<slug:slug>/", pages.tournament_detail, name="detail"),
]
