"""The words of each push, and what the service worker needs to show it.

Pure: plain values in, a ``PushMessage`` out. A message's ``tag`` names its topic, so a newer
notification on the same topic replaces the older one on the device (round 4's table replaces
round 3's) and the push service may drop an older one still waiting (the ``Topic`` header).
Its ``ttl`` is how long the push service keeps it for a phone that is off: a table
announcement is worth little once the round is over.
"""

from __future__ import annotations

from common.logic.push_message import DEFAULT_TTL_SECONDS, PushMessage
from tournament.logic.pairing import flower_list

MAX_TITLE = 80
MAX_BODY = 200
TABLE_TTL_SECONDS = 60 * 60
RESULT_TTL_SECONDS = DEFAULT_TTL_SECONDS
DISPUTE_TTL_SECONDS = 60 * 60


def _cut(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def message(title: str, body: str, url: str, tag: str, ttl: int) -> PushMessage:
    """A message with its texts cut to the bounds the devices show."""
    return PushMessage(_cut(title, MAX_TITLE), _cut(body, MAX_BODY), url, tag[:64], ttl)


def starting_place(flower_colour: str, starting_flowers: bool, starts_by_centre: bool) -> str:
    """Where a side starts, as the players' page says it: "start on Orange" (a team's
    "start on Orange and Blue"), "start next to the centre" (Domination), or "" where the game
    has no starting place to tell."""
    colours = flower_list(flower_colour)
    if starting_flowers and colours:
        return "start on " + " and ".join(colour.capitalize() for colour in colours)
    return "start next to the centre" if starts_by_centre else ""


def table_published(
    event: str,
    tournament_id: int,
    round_number: int,
    table: int,
    *,
    bye: bool,
    flower_colour: str,
    starting_flowers: bool,
    starts_by_centre: bool,
    url: str,
) -> PushMessage:
    """ "Round 3: table 7, start on Orange" for a seated side ("Round 3: you have a bye")."""
    if bye:
        body = f"Round {round_number}: you have a bye"
    else:
        place = starting_place(flower_colour, starting_flowers, starts_by_centre)
        body = f"Round {round_number}: table {table}" + (f", {place}" if place else "")
    return message(event, body, url, f"t{tournament_id}-table", TABLE_TTL_SECONDS)


def confirmation_waiting(
    event: str, round_number: int, table: int, match_id: int, url: str
) -> PushMessage:
    """To the other sides of a reported result."""
    body = f"Round {round_number}, table {table}: a result waits for your confirmation"
    return message(event, body, url, f"m{match_id}-result", RESULT_TTL_SECONDS)


def result_disputed(
    event: str, round_number: int, table: int, match_id: int, url: str
) -> PushMessage:
    """To the sides of a table whose result was disputed."""
    body = f"Round {round_number}, table {table}: your table's result was disputed"
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def result_corrected(
    event: str, round_number: int, table: int, match_id: int, url: str
) -> PushMessage:
    """To the sides of a table whose result a referee corrected."""
    body = f"Round {round_number}, table {table}: a referee corrected your table's result"
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def dispute_settled(
    event: str, round_number: int, table: int, match_id: int, url: str
) -> PushMessage:
    """To the sides of a table whose disputed result a referee settled (with a reason)."""
    body = f"Round {round_number}, table {table}: a referee settled the dispute; see why"
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def dispute_window_closed(
    event: str, round_number: int, table: int, match_id: int, url: str
) -> PushMessage:
    """To the sides whose time to dispute ended early: the round closed."""
    body = (
        f"Round {round_number}, table {table}: the round closed, so the time to dispute "
        "your table's result ended early; ask a referee if it is wrong"
    )
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def dispute_for_staff(
    event: str, round_number: int, table: int, match_id: int, url: str
) -> PushMessage:
    """To the event's staff: a table needs a referee."""
    body = f"A dispute at table {table} (round {round_number})"
    return message(event, body, url, f"m{match_id}-dispute", DISPUTE_TTL_SECONDS)
