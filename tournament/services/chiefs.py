"""The chiefs played in an event's accepted games, for the public chief statistics page."""

from matches.models import ResultVersion, VersionState
from tournament.logic.standings.chiefs import ChiefLine, chief_statistics
from tournament.models import Tournament


def event_chief_statistics(tournament: Tournament) -> tuple[list[ChiefLine], int]:
    """Per chief: games, wins, average place over the event's accepted games (one query)."""
    rows = ResultVersion.objects.filter(
        match__round__tournament=tournament, state=VersionState.ACCEPTED, match__is_bye=False
    ).values_list("report", "placings")
    return chief_statistics(
        ((report or {}).get("sides") or [], placings) for report, placings in rows
    )
