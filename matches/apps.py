"""App config for matches, seats, results with every version, live games and the audit trail."""

from django.apps import AppConfig


class MatchesConfig(AppConfig):
    """Matches: who sits where, what each game's result was, and who changed what."""

    name = "matches"
    verbose_name = "Matches and results"
