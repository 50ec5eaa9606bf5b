"""Page routes of the registrations app: the player's pages (register, the answer, withdraw,
signed in or by link) and the organiser's desk (``registrations.urls_organiser``)."""

from django.urls import include, path

from registrations.views import answer, player_answers, register, withdraw

app_name = "registrations"

urlpatterns = [
    path("events/<slug:slug>/register/", register.register_page, name="register"),
    path("events/<slug:slug>/registration/", answer.answer_page, name="answer"),
    path(
        "events/<slug:slug>/registration/answers/",
        player_answers.answers_page,
        name="player-answers",
    ),
    path("events/<slug:slug>/registration/withdraw/", withdraw.withdraw_page, name="withdraw"),
    path("me/<str:token>/withdraw/", withdraw.withdraw_by_link, name="withdraw-by-link"),
    path("", include("registrations.urls_organiser")),
]
