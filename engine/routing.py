"""Websocket routes of the engine's Django glue (hosted live games)."""

from django.urls import path

from engine.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
]
