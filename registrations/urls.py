"""Page routes of the registrations app."""

from django.urls import include, path

app_name = "registrations"

urlpatterns = [
    path("", include("registrations.urls_organiser")),
]
