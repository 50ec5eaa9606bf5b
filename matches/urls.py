"""Routes of the result doors, under the same public paths as the pages they are posted from.

``config.urls`` includes these before the event pages: a side's private page (``/me/<token>/``,
which the phone posts its report, confirmation or dispute to, and offline.js sends its queue
to again) and the referee desk's reach ``matches.views`` straight away. The side's page itself
belongs to the event's app; ``config.urls`` hands it in (``side_page``), so that this app
imports no page of an app above it.
"""

from django.urls import path

from matches.views import desk, player_results, staff_tools

app_name = "matches"


def routes(side_page) -> tuple[list, str]:
    """The routes and their namespace, for ``include``. ``side_page(request, token, ...)``
    draws a side's private page: the door hands it every request to that address that is not
    a result action, and a refused action to draw again with what was typed."""
    urlpatterns = [
        path("me/<str:token>/", player_results.my_table, {"side_page": side_page}, name="my-table"),
        path("events/<slug:slug>/desk/", desk.desk, name="desk"),
        path("events/<slug:slug>/desk/matches/<int:match_id>/", desk.desk_match, name="desk-match"),
        path(
            "events/<slug:slug>/desk/matches/<int:match_id>/time/",
            staff_tools.table_time,
            name="desk-table-time",
        ),
        path(
            "events/<slug:slug>/desk/matches/<int:match_id>/penalty/",
            staff_tools.penalty,
            name="desk-penalty",
        ),
        path(
            "events/<slug:slug>/desk/matches/<int:match_id>/penalties/<int:penalty_id>/withdraw/",
            staff_tools.withdraw,
            name="desk-penalty-withdraw",
        ),
    ]
    return urlpatterns, app_name
