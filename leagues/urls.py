"""Page routes of the leagues app."""

from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("ratings/", views.rating_index, name="index"),
    path("ratings/<slug:system>/", views.rating_list, name="ratings"),
]
