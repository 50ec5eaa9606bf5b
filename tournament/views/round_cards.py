"""A round page's tables read as plain rows: what the cards show, and nothing else.

The round page read each page of 100 tables as model objects (matches, seats and entrants:
900 objects), and building them was two thirds of a warm page's CPU, though the cards are
nearly always taken from the cache (``table_cards``). Here the same columns are read with
``values_list`` (two queries: the page's matches, their seats with the entrants' names) into
small objects that answer the card template and the win chances as the model objects did. A
card missing from the cache is drawn from these same objects, so its key (``card_material``)
and its HTML always come from one reading of the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.core.paginator import Page

from matches.models import Match, MatchStatus, Seat
from tournament.models import Round
from tournament.views.table_pages import table_page

MATCH_COLUMNS = ("pk", "table_number", "group_label", "is_bye", "status", "live_game__pk")
SEAT_COLUMNS = (
    "match_id",
    "entrant_id",
    "flower_colour",
    "place",
    "points",
    "entrant__display_name",
    "entrant__player_id",
    "entrant__team_id",
)


@dataclass(slots=True)
class CardEntrant:
    """A seat's side: its name, and its player or team (for the win chances)."""

    display_name: str
    player_id: int | None
    team_id: int | None


@dataclass(slots=True)
class CardSeat:
    """A seat as the card shows it."""

    entrant_id: int
    entrant: CardEntrant
    flower_colour: str
    place: int | None
    points: Decimal | None
    win_chance: int | None = None


class CardSeats:
    """A match's seats, in position order, answering ``match.seats.all()`` as a manager does."""

    __slots__ = ("_seats",)

    def __init__(self, seats: list[CardSeat]):
        self._seats = seats

    def all(self) -> list[CardSeat]:
        return self._seats


@dataclass(slots=True)
class CardMatch:
    """A table as its card shows it."""

    pk: int
    table_number: int
    group_label: str
    is_bye: bool
    status: str
    live_game: int | None
    seats: CardSeats = field(default_factory=lambda: CardSeats([]))
    win_chances: bool = False

    def get_status_display(self) -> str:
        return str(MatchStatus(self.status).label)


def card_matches(round_: Round, asked: str | None) -> tuple[Page, list[CardMatch]]:
    """Page ``asked`` of the round's tables (``table_page``), each with its seats: the count of
    tables, the page's matches and their seats (three queries)."""
    rows = Match.objects.filter(round=round_).order_by("table_number").values_list(*MATCH_COLUMNS)
    page = table_page(rows, asked)
    matches = {row[0]: CardMatch(*row) for row in page.object_list}
    seats: dict[int, list[CardSeat]] = {pk: [] for pk in matches}
    numbers = [match.table_number for match in matches.values()]
    # the page's tables by their numbers' range, not an IN list of 100 ids (the ORM prepares
    # each); a table of another page sharing a number at the edge is left out below
    seat_rows = (
        Seat.objects.filter(
            round=round_,
            match__table_number__gte=min(numbers, default=0),
            match__table_number__lte=max(numbers, default=0),
        )
        .order_by("match_id", "position")
        .values_list(*SEAT_COLUMNS)
    )
    for match_id, entrant_id, flower, place, points, name, player, team in seat_rows:
        if match_id in seats:
            seats[match_id].append(
                CardSeat(entrant_id, CardEntrant(name, player, team), flower, place, points)
            )
    for pk, match in matches.items():
        match.seats = CardSeats(seats[pk])
    return page, list(matches.values())
