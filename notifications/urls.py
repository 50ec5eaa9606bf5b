"""Routes of the notification switches (``notifications.views``) and of the console's webhook
pages (``notifications.webhook_views``)."""

from django.urls import path

from notifications import views, webhook_views

app_name = "notifications"

urlpatterns = [
    path("me/<str:token>/notifications/", views.player_on, name="player-on"),
    path("me/<str:token>/notifications/off/", views.player_off, name="player-off"),
    path("events/<slug:slug>/desk/notifications/", views.staff_on, name="staff-on"),
    path("events/<slug:slug>/desk/notifications/off/", views.staff_off, name="staff-off"),
    path("events/<slug:slug>/manage/webhooks/", webhook_views.event_webhooks, name="webhooks"),
    path("orgs/<slug:slug>/webhooks/", webhook_views.organisation_webhooks, name="org-webhooks"),
]
