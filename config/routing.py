"""Websocket URL routes of the whole project, gathered from the apps."""

websocket_urlpatterns: list = []
