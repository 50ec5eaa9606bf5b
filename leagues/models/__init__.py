"""The leagues app's models: organisations and their seasons, and the ratings."""

from leagues.models.organisations import (
    LeagueLogEntry,
    Organisation,
    OrganisationStaff,
    Season,
    SeasonEvent,
)
from leagues.models.ratings import PlayerRating, RatingChange

__all__ = [
    "LeagueLogEntry",
    "Organisation",
    "OrganisationStaff",
    "PlayerRating",
    "RatingChange",
    "Season",
    "SeasonEvent",
]
