"""Page routes of the tournament app."""

from django.urls import include, path

from tournament.views import desk, pages, pairings, standings

app_name = "tournament"

urlpatterns = [
    path("", include("tournament.urls_organiser")),
    path("", pages.home, name="home"),
    path("events/<slug:slug>/", pages.tournament_detail, name="detail"),
    path(
        "events/<slug:slug>/rounds/<int:number>/",
        pairings.round_pairings,
        name="round-pairings",
    ),
    path("events/<slug:slug>/standings/", standings.standings, name="standings"),
    path("me/<str:token>/", pairings.my_table, name="my-table"),
    path("events/<slug:slug>/desk/", desk.desk, name="desk"),
    path("events/<slug:slug>/desk/matches/<int:match_id>/", desk.desk_match, name="desk-match"),
]
