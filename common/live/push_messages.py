"""Every message the server pushes to live pages, each type defined once (docs/realtime.md).

Each owner builds its own messages (the round service ``round.published``, the result service
``result.*`` and ``standings.changed``, the clock ``clock``, the live-game service
``live.state``, the job runner ``job.progress``); this module says what each one carries, and
``tests/realtime/test_message_types.py`` holds every builder to it. The builders that two
places need live here.
"""

from typing import Any, TypedDict

from django.utils.translation import gettext as _

from common.live.realtime import server_time_ms
from common.logic.reload_spread import reload_spread_ms


class RoundPublished(TypedDict):
    type: str  # "round.published"
    tournament: int
    round: int
    number: int
    status: str
    published_at: str | None
    reload_spread_ms: int  # the pages reload at a random moment of this many milliseconds
    server_time_ms: int


class Placing(TypedDict):
    entrant: int
    name: str
    place: int | None
    points: float | int | None


class ResultAccepted(TypedDict):
    type: str  # "result.accepted"
    tournament: int
    round: int
    match: int
    table: int
    status: str
    placings: list[Placing]
    server_time_ms: int


class ResultWaiting(TypedDict):
    type: str  # "result.reported", "result.confirmed" or "result.disputed"
    tournament: int
    round: int
    match: int
    table: int
    status: str
    label: str  # the status as the pages name it
    version: int
    server_time_ms: int


class ResultState(TypedDict):
    type: str  # "result.state"
    match: int
    mark: str
    server_time_ms: int


class StandingsChanged(TypedDict):
    type: str  # "standings.changed"
    tournament: int
    round: int
    match: int
    server_time_ms: int


class JobProgress(TypedDict):
    type: str  # "job.progress"
    tournament: int
    job: int
    kind: str
    status: str
    progress: int
    message: str
    round: int | None
    server_time_ms: int


class Clock(TypedDict, total=False):
    type: str  # "clock"; "calls" only while a clock with scoring calls runs
    tournament: int
    round: int
    action: str | None
    call: str | None
    state: str
    remaining_ms: int | None
    length_ms: int
    started_at_ms: int | None
    ends_at_ms: int | None
    total_ms: int
    elapsed_ms: int
    setting: str  # what the last command set (ClockState.setting): the same until the next one
    server_time_ms: int
    calls: list


class LiveState(TypedDict):
    type: str  # "live.state"
    match: int
    game: int | None
    sequence: int
    status: str | None
    state: dict | None
    event: dict | None
    result: dict | None
    server_time_ms: int


class TableTime(TypedDict):
    type: str  # "table.time"
    tournament: int
    round: int
    match: int
    table: int
    extra_ms: int  # the table's clock ends this long after the round clock
    label: str  # the extension as the pages show it ("+3 min"), "" when none
    server_time_ms: int


#: message type -> what it carries
MESSAGE_TYPES: dict[str, type] = {
    "round.published": RoundPublished,
    "result.accepted": ResultAccepted,
    "result.reported": ResultWaiting,
    "result.confirmed": ResultWaiting,
    "result.disputed": ResultWaiting,
    "result.state": ResultState,
    "standings.changed": StandingsChanged,
    "job.progress": JobProgress,
    "clock": Clock,
    "live.state": LiveState,
    "table.time": TableTime,
}


def standings_changed(tournament_id: int, round_id: int, match_id: int) -> StandingsChanged:
    """``standings.changed``: an accepted result moved the standings (pushed, and polled)."""
    return {
        "type": "standings.changed",
        "tournament": tournament_id,
        "round": round_id,
        "match": match_id,
        "server_time_ms": server_time_ms(),
    }


def live_state(
    match_id: int,
    *,
    game_id: int | None = None,
    sequence: int = 0,
    status: str | None = None,
    state: dict | None = None,
    event: dict | None = None,
    result: Any = None,
) -> LiveState:
    """``live.state``: a hosted game's snapshot and the event that made it (or an empty one
    before the game exists)."""
    return {
        "type": "live.state",
        "match": match_id,
        "game": game_id,
        "sequence": sequence,
        "status": status,
        "state": state,
        "event": event,
        "result": result,
        "server_time_ms": server_time_ms(),
    }


def round_published(round_, seated: int = 0) -> RoundPublished:
    """``round.published``: a round's tables are visible now. ``seated``: the sides seated in
    it, whose pages will reload on this message (the spread of their reloads grows with them)."""
    return {
        "type": "round.published",
        "tournament": round_.tournament_id,
        "round": round_.pk,
        "number": round_.number,
        "status": round_.status,
        "published_at": round_.published_at.isoformat() if round_.published_at else None,
        "reload_spread_ms": reload_spread_ms(seated),
        "server_time_ms": server_time_ms(),
    }


def table_time(match) -> TableTime:
    """``table.time``: a referee gave one table extra time (or took it back)."""
    minutes = match.extra_seconds // 60
    return {
        "type": "table.time",
        "tournament": match.round.tournament_id,
        "round": match.round_id,
        "match": match.pk,
        "table": match.table_number,
        "extra_ms": match.extra_seconds * 1000,
        "label": _("+%(minutes)s min for this table") % {"minutes": minutes} if minutes else "",
        "server_time_ms": server_time_ms(),
    }


def number_or_none(value):
    """A points value as JSON: 4, 2.5, or None."""
    if value is None:
        return None
    as_float = float(value)
    return int(as_float) if as_float.is_integer() else as_float


def result_accepted(match, seats=None) -> ResultAccepted:
    """``result.accepted``: a match's accepted result, small: places and points per entrant.

    ``seats`` may be given already loaded (with their entrants); otherwise they are read.
    """
    if seats is None:
        seats = match.seats.select_related("entrant")
    ordered = sorted(seats, key=lambda s: (s.place is None, s.place or 0, s.position))
    return {
        "type": "result.accepted",
        "tournament": match.round.tournament_id,
        "round": match.round_id,
        "match": match.pk,
        "table": match.table_number,
        "status": match.status,
        "placings": [
            {
                "entrant": seat.entrant_id,
                "name": seat.entrant.display_name,
                "place": seat.place,
                "points": number_or_none(seat.points),
            }
            for seat in ordered
        ],
        "server_time_ms": server_time_ms(),
    }


def result_waiting(match, version_number: int, event: str) -> ResultWaiting:
    """``result.reported`` / ``result.confirmed`` / ``result.disputed``: a match waits for its
    sides (one more has confirmed) or a referee; ``version_number``: the version in question."""
    return {
        "type": f"result.{event}",
        "tournament": match.round.tournament_id,
        "round": match.round_id,
        "match": match.pk,
        "table": match.table_number,
        "status": match.status,
        "label": match.get_status_display(),
        "version": version_number,
        "server_time_ms": server_time_ms(),
    }


def result_state(match_id: int, mark: str) -> ResultState:
    """``result.state``: where a match's result stands, as a mark a page compares with the one it
    was drawn with (``matches.services.result_marks``); sent when a socket joins, and polled."""
    return {
        "type": "result.state",
        "match": match_id,
        "mark": mark,
        "server_time_ms": server_time_ms(),
    }


def job_progress(job) -> JobProgress:
    """``job.progress``: a background job's progress (staff only)."""
    return {
        "type": "job.progress",
        "tournament": job.tournament_id,
        "job": job.pk,
        "kind": job.kind,
        "status": job.status,
        "progress": job.progress,
        "message": job.message,
        "round": job.round_id,
        "server_time_ms": server_time_ms(),
    }
