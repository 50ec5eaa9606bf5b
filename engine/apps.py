"""Django glue for the rules engine: the app that holds the live-game consumers.

The rules core in this package imports nothing from Django; only glue modules such as this one,
``consumers.py`` and ``routing.py`` do.
"""

from django.apps import AppConfig


class EngineConfig(AppConfig):
    """The rules engine's Django side."""

    name = "engine"
    verbose_name = "Rules engine"
