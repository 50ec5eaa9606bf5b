"""Websocket routes of the matches app: one match's result and its hosted live game."""

from django.urls import path

from matches.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
]
