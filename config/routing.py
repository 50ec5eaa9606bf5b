"""Websocket URL routes of the whole project, gathered from the apps (docs/realtime.md)."""

from matches.routing import websocket_urlpatterns as match_routes
from tournament.routing import websocket_urlpatterns as tournament_routes

websocket_urlpatterns: list = [*tournament_routes, *match_routes]
