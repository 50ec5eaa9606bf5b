"""A player's history across events: each entry with its standing, points, games and opponents."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q

from matches.models import MatchStatus, Seat
from tournament.models import Entrant, Player
from tournament.services.final_standings import final_standings
from tournament.services.standings import cached_standings

#: entries shown on one history page (the newest events first)
MAX_ENTRIES = 200


@dataclass
class HistoryEntry:
    """One event the player played: the entry, its Swiss standing (and final place once the
    event is decided), and whom it met."""

    entrant: Entrant
    rank: int | None = None
    field_size: int = 0
    points: float | None = None
    games: int = 0
    champion: bool = False
    final_place: int | None = None  # once the event has a champion
    opponents: list[str] = field(default_factory=list)


def entries_of(player: Player) -> list[Entrant]:
    """The player's entries, as themselves or in a team, newest event first."""
    return list(
        Entrant.objects.filter(Q(player=player) | Q(team__memberships__player=player))
        .select_related("tournament", "team")
        .distinct()
        .order_by("-tournament__starts_on", "-tournament__created_at")[:MAX_ENTRIES]
    )


def games_played(entrant_ids) -> dict[int, int]:
    """Games each entrant has a result in, every stage counted (Swiss, elimination, final);
    byes are not games."""
    rows = (
        Seat.objects.filter(
            entrant_id__in=entrant_ids, match__status=MatchStatus.ACCEPTED, match__is_bye=False
        )
        .values("entrant_id")
        .annotate(games=Count("id"))
    )
    return {row["entrant_id"]: row["games"] for row in rows}


def history_of(player: Player) -> list[HistoryEntry]:
    """Every entry with its place in the event's standings and the sides it met."""
    entries = entries_of(player)
    met: dict[int, list[str]] = defaultdict(list)
    mine = {e.pk for e in entries}
    match_ids = Seat.objects.filter(entrant_id__in=mine).values_list("match_id", flat=True)
    for match_id, entrant_id, name in (
        Seat.objects.filter(match_id__in=match_ids)
        .exclude(entrant_id__isnull=True)
        .values_list("match_id", "entrant_id", "entrant__display_name")
    ):
        met[match_id].append((entrant_id, name))
    played = games_played(mine)
    by_entrant: dict[int, set[str]] = defaultdict(set)
    for seated in met.values():
        for entrant_id, _ in seated:
            if entrant_id in mine:
                by_entrant[entrant_id].update(n for e, n in seated if e != entrant_id)
    out = []
    for entrant in entries:
        row = HistoryEntry(entrant, champion=entrant.tournament.champion_id == entrant.pk)
        standings = cached_standings(entrant.tournament)
        row.field_size = len(standings)
        for line in standings:
            if str(line.entrant_id) == str(entrant.pk):
                row.rank, row.points = line.rank, line.points
                break
        row.games = played.get(entrant.pk, 0)
        final = final_standings(entrant.tournament)
        if final is not None:
            row.final_place = next(
                (r.finish.position for r in final if r.entrant_id == entrant.pk), None
            )
        row.opponents = sorted(by_entrant.get(entrant.pk, ()))
        out.append(row)
    return out
