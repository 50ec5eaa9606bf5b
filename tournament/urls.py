"""Page routes of the tournament app."""

from django.urls import include, path

from tournament.views import (
    bracket,
    calendars,
    invitations,
    listing,
    live_json,
    pages,
    pairings,
    players,
    private_links,
    self_service,
    standings,
    widget,
)

app_name = "tournament"

# The public pages come first: phones ask for them hundreds of times a second at an event, and
# Django tries the routes in order (none of them matches an organiser's route).
urlpatterns = [
    path("", listing.home, name="home"),
    path("rules/decisions/", pages.rules_decisions, name="rules-decisions"),
    path("events/<slug:slug>/", pages.tournament_detail, name="detail"),
    path("events/<slug:slug>/calendar.ics", calendars.event_calendar, name="event-calendar"),
    path("events/<slug:slug>/live.json", live_json.tournament_live, name="tournament-live"),
    path(
        "events/<slug:slug>/rounds/<int:number>/",
        pairings.round_pairings,
        name="round-pairings",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/live.json",
        live_json.round_live,
        name="round-live",
    ),
    path("events/<slug:slug>/standings/", standings.standings, name="standings"),
    path("events/<slug:slug>/bracket/", bracket.bracket, name="bracket"),
    path("events/<slug:slug>/chiefs/", pages.chief_statistics, name="chiefs"),
    path("events/<slug:slug>/widget/", widget.widget, name="widget"),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/",
        players.entrant_page,
        name="entrant",
    ),
    path(
        "events/<slug:slug>/matches/<int:match_id>/live/",
        pairings.live_game,
        name="live-game",
    ),
    path(
        "events/<slug:slug>/matches/<int:match_id>/live.json",
        live_json.match_live,
        name="match-live",
    ),
    path("events/<slug:slug>/check-in/", self_service.event_check_in, name="event-check-in"),
    path("me/<str:token>/drop/", self_service.drop_myself, name="my-drop"),
    path("me/<str:token>/drop/undo/", self_service.undo_my_drop, name="my-drop-undo"),
    path(
        "me/<str:token>/check-in/code/",
        self_service.code_check_in,
        name="self-check-in-code",
    ),
    path("p/", private_links.short_code_page, name="short-code"),
    path("p/<str:code>/", private_links.short_link, name="short-link"),
    path("invitations/<str:token>/", invitations.invitation, name="invitation"),
    path("", include("tournament.urls_organiser")),
]
