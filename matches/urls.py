"""Routes of the result doors, under the same public paths as the pages they are posted from.

``config.urls`` tries these before the event pages: a side's result (``/me/<token>/``, the
private page the phone posts its report, confirmation or dispute to, and that offline.js sends
again from its queue) and the referee desk's reach ``matches.views`` straight away.
"""

from django.urls import path

from matches.views import desk, player_results

app_name = "matches"

urlpatterns = [
    path("me/<str:token>/", player_results.my_table, name="my-table"),
    path("events/<slug:slug>/desk/", desk.desk, name="desk"),
    path("events/<slug:slug>/desk/matches/<int:match_id>/", desk.desk_match, name="desk-match"),
]
