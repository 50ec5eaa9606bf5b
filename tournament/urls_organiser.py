"""Page routes of the organiser console (included from ``tournament.urls``)."""

urlpatterns: list = []
