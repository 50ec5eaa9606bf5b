"""The field as an event's public home lists it (issue 36, item 13).

Only the players who agreed to be named are listed (``Entrant.name_listed``: a self-registered
player's choice, or the organiser's tick that the player agreed), and every team by its name;
the others are counted. Pairings, tables and standings still name every side: the event cannot
run without them (engine/decisions.py).
"""

from django.db.models import Q

from tournament.models import Tournament


def public_field(tournament: Tournament, limit: int) -> dict:
    """``entrants`` (the listed names, at most ``limit``, by name), ``entrant_count`` (the
    whole field) and ``unnamed`` (how many are counted but not named); two queries."""
    listed = tournament.entrants.filter(Q(name_listed=True) | Q(team__isnull=False))
    entrants = list(listed.order_by("display_name")[:limit])
    count = tournament.entrants.count()
    return {"entrants": entrants, "entrant_count": count, "unnamed": count - len(entrants)}
