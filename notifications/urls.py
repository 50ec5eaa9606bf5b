"""Routes of the notification switches (``notifications.views``)."""

from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("me/<str:token>/notifications/", views.player_on, name="player-on"),
    path("me/<str:token>/notifications/off/", views.player_off, name="player-off"),
    path("events/<slug:slug>/desk/notifications/", views.staff_on, name="staff-on"),
    path("events/<slug:slug>/desk/notifications/off/", views.staff_off, name="staff-off"),
]
