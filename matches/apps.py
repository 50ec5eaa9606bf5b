"""App config for matches, seats, results with every version, and live games."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    """Matches: who sits where, and what each game's result was, version by version."""

    name = "matches"
    verbose_name = _("Matches and results")
