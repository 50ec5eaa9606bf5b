"""App config for events, players, teams, entrants, stages, rounds and their generation."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    """Tournaments: who plays, in which stages and rounds, and how they are paired."""

    name = "tournament"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournament import receivers  # noqa: F401  (connects the signal receivers)
