"""Who the standings page counts as entered: everyone but the no-shows.

A no-show is an entrant dropped before ever being seated: no game played and no bye (the desk's
"drop everyone not checked in" before round 1 makes them, ``tournament.services.no_shows``).
They stay in the stored standings (the API and the exports list every entrant) but the page
neither lists nor counts them.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.logic.standings.types import StandingRow

DROPPED = "dropped"


def is_no_show(row: StandingRow) -> bool:
    """Whether ``row`` is an entrant who dropped without ever playing or being given a bye."""
    return row.status == DROPPED and row.games_played == 0 and row.byes == 0


def without_no_shows(rows: Sequence[StandingRow]) -> tuple[list[StandingRow], int]:
    """``rows`` without the no-shows, and how many there were."""
    entered = [row for row in rows if not is_no_show(row)]
    return entered, len(rows) - len(entered)
