"""The event's tables for a spreadsheet, one definition each for the console and the API.

``standings_table`` (the cached standings; the final order first once there is a champion) and
``round_table`` (one line per seat, with the result once there is one) give a header and the
rows; ``common.csv_export.csv_download`` writes them, formula-safe.
"""

from matches.models import Seat
from tournament.models import Round, Tournament
from tournament.services.final_standings import final_csv_columns
from tournament.services.standings import cached_standings

ROUND_COLUMNS = [
    "round", "table", "group", "seat", "entrant", "flower", "bye", "status", "place", "points",
]  # fmt: skip


def number(value):
    """A number as a spreadsheet wants it: 4, 2.5, or an empty cell."""
    if value is None:
        return ""
    value = float(value)
    return int(value) if value.is_integer() else value


def standings_table(tournament: Tournament) -> tuple[list, list]:
    """Header and rows of the standings: rank, position, name, status, points, each tiebreaker,
    games and byes (after the final position and finish once the event has a champion)."""
    rows = cached_standings(tournament)
    keys = [key for key, _ in rows[0].tiebreaks] if rows else []
    final_header, final_cells, rows = final_csv_columns(tournament, rows, lambda r: r.entrant_id)
    header = [*final_header, "rank", "position", "name", "status", "points", *keys, "games", "byes"]
    body = [
        [
            *cells,
            row.rank,
            row.position,
            row.name,
            row.status,
            number(row.points),
            *[number(value) for _, value in row.tiebreaks],
            row.games_played,
            row.byes,
        ]
        for cells, row in zip(final_cells, rows, strict=True)
    ]
    return header, body


def round_table(round_: Round) -> tuple[list, list]:
    """Header and rows of one round: a line per seat, with the result when there is one."""
    seats = (
        Seat.objects.filter(round=round_)
        .select_related("match", "entrant")
        .order_by("match__table_number", "position")
    )
    body = [
        [
            round_.number,
            seat.match.table_number,
            seat.match.group_label,
            seat.position,
            seat.entrant.display_name,
            seat.flower_colour,
            "yes" if seat.match.is_bye else "",
            seat.match.status,
            seat.place if seat.place is not None else "",
            number(seat.points),
        ]
        for seat in seats
    ]
    return list(ROUND_COLUMNS), body
