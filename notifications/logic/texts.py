"""The words of each push, and what the service worker needs to show it.

Pure: plain values in, a ``PushMessage`` out. A message's ``tag`` names its topic, so a newer
notification on the same topic replaces the older one on the device (round 4's table replaces
round 3's) and the push service may drop an older one still waiting (the ``Topic`` header).
Its ``ttl`` is how long the push service keeps it for a phone that is off: a table
announcement is worth little once the round is over.

The sentences are English and marked with a local ``gettext_noop``; the door
(``notifications.services.pushes``) passes ``translate`` - Django's ``gettext`` inside the
recipient's language - so each phone reads its owner's language (docs/translating.md).
"""

from __future__ import annotations

import re

from common.logic.push_message import DEFAULT_TTL_SECONDS, PushMessage
from common.logic.words import Translate, as_is, gettext_noop
from tournament.logic.pairing import flower_list

COLOUR_NAMES = {
    "red": gettext_noop("Red"),
    "orange": gettext_noop("Orange"),
    "yellow": gettext_noop("Yellow"),
    "green": gettext_noop("Green"),
    "blue": gettext_noop("Blue"),
    "purple": gettext_noop("Purple"),
}
START_ON = gettext_noop("start on %(colours)s")
TWO_COLOURS = gettext_noop("%(first)s and %(last)s")
START_BY_CENTRE = gettext_noop("start next to the centre")
BYE = gettext_noop("Round %(round)s: you have a bye")
TABLE = gettext_noop("Round %(round)s: table %(table)s")
TABLE_AND_PLACE = gettext_noop("Round %(round)s: table %(table)s, %(place)s")
CONFIRMATION_WAITING = gettext_noop(
    "Round %(round)s, table %(table)s: a result waits for your confirmation"
)
RESULT_DISPUTED = gettext_noop("Round %(round)s, table %(table)s: your table's result was disputed")
RESULT_CORRECTED = gettext_noop(
    "Round %(round)s, table %(table)s: a referee corrected your table's result"
)
DISPUTE_SETTLED = gettext_noop(
    "Round %(round)s, table %(table)s: a referee settled the dispute; see why"
)
DISPUTE_WINDOW_CLOSED = gettext_noop(
    "Round %(round)s, table %(table)s: the round closed, so the time to dispute your table's "
    "result ended early; ask a referee if it is wrong"
)
PLACE_GIVEN = gettext_noop("A place came free: you are now registered.")
DISPUTE_FOR_STAFF = gettext_noop("A dispute at table %(table)s (round %(round)s)")

MAX_TITLE = 80
MAX_BODY = 200
TABLE_TTL_SECONDS = 60 * 60
RESULT_TTL_SECONDS = DEFAULT_TTL_SECONDS
DISPUTE_TTL_SECONDS = 60 * 60


def _cut(text: str, limit: int) -> str:
    # runs of ASCII whitespace only: a French narrow no-break space before ":" stays
    text = " ".join(re.split(r"[ \t\r\n\f\v]+", str(text).strip(" \t\r\n\f\v")))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def message(title: str, body: str, url: str, tag: str, ttl: int) -> PushMessage:
    """A message with its texts cut to the bounds the devices show."""
    return PushMessage(_cut(title, MAX_TITLE), _cut(body, MAX_BODY), url, tag[:64], ttl)


def colour_names(colours: list[str], translate: Translate = as_is) -> str:
    """ "Orange", "Orange and Blue", "Red, Orange and Blue" in the reader's language."""
    names = [translate(COLOUR_NAMES.get(colour, colour.capitalize())) for colour in colours]
    if len(names) < 2:
        return "".join(names)
    return translate(TWO_COLOURS) % {"first": ", ".join(names[:-1]), "last": names[-1]}


def starting_place(
    flower_colour: str,
    starting_flowers: bool,
    starts_by_centre: bool,
    translate: Translate = as_is,
) -> str:
    """Where a side starts, as the players' page says it: "start on Orange" (a team's
    "start on Orange and Blue"), "start next to the centre" (Domination), or "" where the game
    has no starting place to tell."""
    colours = flower_list(flower_colour)
    if starting_flowers and colours:
        return translate(START_ON) % {"colours": colour_names(colours, translate)}
    return translate(START_BY_CENTRE) if starts_by_centre else ""


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
    translate: Translate = as_is,
) -> PushMessage:
    """ "Round 3: table 7, start on Orange" for a seated side ("Round 3: you have a bye")."""
    words = {"round": round_number, "table": table}
    if bye:
        body = translate(BYE) % words
    else:
        place = starting_place(flower_colour, starting_flowers, starts_by_centre, translate)
        body = translate(TABLE_AND_PLACE if place else TABLE) % {**words, "place": place}
    return message(event, body, url, f"t{tournament_id}-table", TABLE_TTL_SECONDS)


def confirmation_waiting(
    event: str,
    round_number: int,
    table: int,
    match_id: int,
    url: str,
    translate: Translate = as_is,
) -> PushMessage:
    """To the other sides of a reported result."""
    body = translate(CONFIRMATION_WAITING) % {"round": round_number, "table": table}
    return message(event, body, url, f"m{match_id}-result", RESULT_TTL_SECONDS)


def result_disputed(
    event: str,
    round_number: int,
    table: int,
    match_id: int,
    url: str,
    translate: Translate = as_is,
) -> PushMessage:
    """To the sides of a table whose result was disputed."""
    body = translate(RESULT_DISPUTED) % {"round": round_number, "table": table}
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def result_corrected(
    event: str,
    round_number: int,
    table: int,
    match_id: int,
    url: str,
    translate: Translate = as_is,
) -> PushMessage:
    """To the sides of a table whose result a referee corrected."""
    body = translate(RESULT_CORRECTED) % {"round": round_number, "table": table}
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def dispute_settled(
    event: str,
    round_number: int,
    table: int,
    match_id: int,
    url: str,
    translate: Translate = as_is,
) -> PushMessage:
    """To the sides of a table whose disputed result a referee settled (with a reason)."""
    body = translate(DISPUTE_SETTLED) % {"round": round_number, "table": table}
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def dispute_window_closed(
    event: str,
    round_number: int,
    table: int,
    match_id: int,
    url: str,
    translate: Translate = as_is,
) -> PushMessage:
    """To the sides whose time to dispute ended early: the round closed."""
    body = translate(DISPUTE_WINDOW_CLOSED) % {"round": round_number, "table": table}
    return message(event, body, url, f"m{match_id}-result", DISPUTE_TTL_SECONDS)


def dispute_for_staff(
    event: str,
    round_number: int,
    table: int,
    match_id: int,
    url: str,
    translate: Translate = as_is,
) -> PushMessage:
    """To the event's staff: a table needs a referee."""
    body = translate(DISPUTE_FOR_STAFF) % {"round": round_number, "table": table}
    return message(event, body, url, f"m{match_id}-dispute", DISPUTE_TTL_SECONDS)
