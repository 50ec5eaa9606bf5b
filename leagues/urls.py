"""Page routes of the leagues app: rating lists, seasons, the organisation console."""

from django.urls import path

from leagues.views import calendars, console, meta, ratings, seasons

app_name = "leagues"

urlpatterns = [
    path("ratings/", ratings.rating_index, name="index"),
    path("ratings/<slug:system>/", ratings.rating_list, name="ratings"),
    path("meta/", meta.meta_page, name="meta"),
    path("meta.csv", meta.meta_csv, name="meta-csv"),
    path("seasons/", seasons.season_index, name="seasons"),
    path("seasons/<slug:slug>/", seasons.season_page, name="season"),
    path("seasons/<slug:slug>/calendar.ics", calendars.season_calendar, name="season-calendar"),
    path("seasons/<slug:slug>/standings.csv", seasons.season_csv, name="season-csv"),
    path("seasons/<slug:slug>/manage/", console.season_manage, name="season-manage"),
    path("seasons/<slug:slug>/manage/events/", console.season_event_add, name="season-event-add"),
    path(
        "seasons/<slug:slug>/manage/events/<slug:event>/remove/",
        console.season_event_remove,
        name="season-event-remove",
    ),
    path("orgs/new/", console.organisation_new, name="organisation-new"),
    path("orgs/<slug:slug>/", console.organisation, name="organisation"),
    path(
        "orgs/<slug:slug>/calendar.ics",
        calendars.organisation_calendar,
        name="organisation-calendar",
    ),
    path("orgs/<slug:slug>/staff/", console.organisation_staff, name="organisation-staff"),
    path("orgs/<slug:slug>/seasons/new/", console.season_new, name="season-new"),
]
