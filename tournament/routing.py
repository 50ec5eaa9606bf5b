"""Websocket routes of the tournament app (the event's feed and the round's clock)."""

from django.urls import path

from tournament.consumers import RoundConsumer, TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
    path("ws/rounds/<int:round_id>/", RoundConsumer.as_asgi()),
]
