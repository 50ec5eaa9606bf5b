"""The team pages' addresses (``registrations/views/teams.py``)."""

from django.urls import path

from common.rate_limits import rate_limited
from registrations.views import teams

app_name = "teams"

urlpatterns = [
    path("events/<slug:slug>/teams/new/", teams.new_team, name="new"),
    path("events/<slug:slug>/teams/<int:pk>/", teams.team_page, name="team"),
    path(
        "events/<slug:slug>/teams/<int:pk>/remove/<int:member>/",
        teams.remove_member,
        name="remove",
    ),
    path("events/<slug:slug>/teams/<int:pk>/leave/", teams.leave, name="leave"),
    path("events/<slug:slug>/teams/<int:pk>/withdraw/", teams.withdraw, name="withdraw"),
    # the link carries a secret: guessing is limited like a private link's
    path("teams/join/<str:token>/", rate_limited("private_link")(teams.join_page), name="join"),
]
