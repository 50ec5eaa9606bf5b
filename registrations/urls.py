"""The player's registration pages: register, the answer, withdraw (signed in or by link)."""

from django.urls import path

from registrations.views import answer, register, withdraw

app_name = "registrations"

urlpatterns = [
    path("events/<slug:slug>/register/", register.register_page, name="register"),
    path("events/<slug:slug>/registration/", answer.answer_page, name="answer"),
    path("events/<slug:slug>/registration/withdraw/", withdraw.withdraw_page, name="withdraw"),
    path("me/<str:token>/withdraw/", withdraw.withdraw_by_link, name="withdraw-by-link"),
]
