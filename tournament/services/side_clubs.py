"""Each side's clubs, for keeping clubmates apart in pairing: one query for the whole field.

A player's club is the one on their player record; a team's clubs are its players' clubs (two
teams that share one are of the same organisation). Empty clubs are left out.
"""

from collections import defaultdict

from tournament.models import Entrant, Tournament


def clubs_by_entrant(tournament: Tournament) -> dict[int, frozenset[str]]:
    """The clubs of every entrant of ``tournament`` that has one, by entrant id."""
    entrants = Entrant.objects.filter(tournament=tournament)
    if tournament.team_play:
        rows = entrants.values_list("id", "team__memberships__player__club")
    else:
        rows = entrants.values_list("id", "player__club")
    clubs: dict[int, set[str]] = defaultdict(set)
    for entrant_id, club in rows:
        if club and club.strip():
            clubs[entrant_id].add(club.strip())
    return {entrant_id: frozenset(names) for entrant_id, names in clubs.items()}
