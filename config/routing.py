"""Websocket URL routes of the whole project, gathered from the apps (docs/realtime.md)."""

from engine.routing import websocket_urlpatterns as engine_routes
from tournament.routing import websocket_urlpatterns as tournament_routes

websocket_urlpatterns: list = [*tournament_routes, *engine_routes]
