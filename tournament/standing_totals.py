"""The standings' running totals (``EntrantTotals``): which seats count, and keeping the totals
equal to a tally of them.

What counts: the accepted results of Swiss rounds that are not drafts (a draft's bye already
carries its points, but the round is not played yet). Each entrant's row is rewritten from its
own seats, never adjusted by a difference, so a correction, a repeated refresh or a refresh in
a different order all leave the same row: the tally of the seats as they are now.

Who calls what, inside the transaction of the change:
- an accepted result, correction or bye (``matches.services.results.accept``):
  ``refresh_entrant_totals`` of the match's entrants;
- a round leaving draft (``publish_round``): ``refresh_round_totals``;
- anything that rewrites an event wholesale (an import, an admin's edit of a round, stage or
  seat, a bench's bulk load): ``rebuild_entrant_totals``.
"""

from collections.abc import Iterable

from django.db import connection
from django.db.models import FloatField, QuerySet
from django.db.models.functions import Cast

from matches.models import Seat
from tournament import standings as pure
from tournament.models import Entrant, EntrantTotals, Round, RoundStatus, StageKind, Tournament

TOTALS_FIELDS = ("points", "games", "byes", "firsts", "stats", "opponents")


def counted_seats() -> QuerySet:
    """The seats the standings count: results of Swiss rounds that are not drafts."""
    return Seat.objects.filter(round__stage__kind=StageKind.SWISS, points__isnull=False).exclude(
        round__status=RoundStatus.DRAFT
    )


def placings_of(seats: QuerySet) -> list[pure.GamePlacing]:
    """The seats as plain placings, in round order (the order their sums are taken in)."""
    rows = (
        # Read points as a float in SQL: converting 50,000 Decimals in Python costs more.
        seats.annotate(points_float=Cast("points", FloatField()))
        .order_by("round__number", "match_id")
        .values_list(
            "entrant_id",
            "match_id",
            "match__is_bye",
            "round__number",
            "place",
            "points_float",
            "stats",
        )
    )
    return [
        pure.GamePlacing(
            entrant_id=str(entrant_id),
            match_id=None if is_bye else str(match_id),
            round_number=number,
            place=place,
            points=points,
            stats=stats or {},
        )
        for entrant_id, match_id, is_bye, number, place, points, stats in rows
    ]


def swiss_placings(tournament: Tournament) -> list[pure.GamePlacing]:
    """Every counted result of the event as plain placings (one query): the full recompute."""
    return placings_of(counted_seats().filter(round__tournament=tournament))


def _row(entrant_id: int, tally: pure.Tally) -> EntrantTotals:
    return EntrantTotals(
        entrant_id=entrant_id,
        points=tally.points,
        games=tally.games,
        byes=tally.byes,
        firsts=tally.firsts,
        stats=dict(tally.stats),
        opponents=",".join(tally.opponents),
    )


def refresh_entrant_totals(entrant_ids: Iterable[int]) -> None:
    """Rewrite these entrants' totals from their seats (call it inside the change's transaction).

    On PostgreSQL the entrants' rows are locked first (in id order, so two refreshes never wait
    on each other in a circle): two results of one entrant committing at the same moment (a
    correction of an old round while the current one is entered) then refresh one after the
    other, the second reading the first one's seats. SQLite writes one transaction at a time.
    """
    ids = sorted({int(pk) for pk in entrant_ids})
    if not ids:
        return
    if connection.vendor == "postgresql":
        list(
            Entrant.objects.select_for_update(no_key=True)
            .filter(pk__in=ids)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
    played = counted_seats().filter(entrant_id__in=ids).values("match_id")
    tallies = pure.tally(
        placings_of(counted_seats().filter(match_id__in=played)), of=[str(pk) for pk in ids]
    )
    if len(tallies) < len(ids):  # nothing of theirs counts (any more): no row, as for a newcomer
        EntrantTotals.objects.filter(pk__in=[pk for pk in ids if str(pk) not in tallies]).delete()
    if tallies:
        EntrantTotals.objects.bulk_create(
            [_row(int(pk), tally) for pk, tally in tallies.items()],
            update_conflicts=True,
            unique_fields=["entrant"],
            update_fields=TOTALS_FIELDS,
        )


def refresh_round_totals(round_: Round) -> None:
    """Rewrite the totals of every entrant with a result in this round (e.g. once it leaves
    draft, its byes start to count)."""
    refresh_entrant_totals(
        round_.seats.filter(points__isnull=False).values_list("entrant_id", flat=True)
    )


def rebuild_entrant_totals(tournament: Tournament) -> None:
    """Rewrite the whole event's totals from its seats."""
    tallies = pure.tally(swiss_placings(tournament))
    EntrantTotals.objects.filter(entrant__tournament=tournament).delete()
    EntrantTotals.objects.bulk_create(
        [_row(int(pk), tally) for pk, tally in tallies.items()], batch_size=2000
    )
