"""A season's table, read from its events: each event's final order (its Swiss standings while
it runs), each side's players, then the pure ``leagues.logic.season_table``.

An Alliances team's result counts for every member. The table is cached under a key made of the
season's own stamp and every event's standings revision, so a result, a correction, a merged
player (which bumps the revisions of its events) or a change of the rules gives a new table on
the next read and never a stale one.
"""

from __future__ import annotations

from dataclasses import dataclass

from leagues.logic.season_table import EventResult, SeasonRow, season_table
from leagues.models import Season
from leagues.services.ratings import players_by_entrant
from tournament.models import Player, Tournament, TournamentStatus
from tournament.services.final_standings import final_standings
from tournament.services.soft_cache import soft_get, soft_set
from tournament.services.standings import cached_standings

CACHE_SECONDS = 3600


@dataclass(frozen=True)
class SeasonEventInfo:
    """An event of the season as the table shows it."""

    pk: int
    slug: str
    name: str
    starts_on: object
    finished: bool
    is_public: bool


@dataclass(frozen=True)
class SeasonTable:
    """The season's ranked rows, its events in order, and every player's name and club."""

    rows: list[SeasonRow]
    events: list[SeasonEventInfo]
    players: dict[int, tuple[str, str]]

    def name(self, player: int) -> str:
        return self.players.get(player, ("?", ""))[0]

    def club(self, player: int) -> str:
        return self.players.get(player, ("", ""))[1]


def season_events(season: Season) -> list[Tournament]:
    """The season's events, oldest first (by date, then by when they were added)."""
    return list(
        Tournament.objects.filter(season_entries__season=season).order_by(
            "starts_on", "season_entries__added_at", "pk"
        )
    )


def event_results(tournament: Tournament) -> list[EventResult]:
    """Every player's result in one event: the final order once there is a champion, the Swiss
    standings before that (a running event counts as it stands, marked unfinished)."""
    swiss = cached_standings(tournament)
    final = final_standings(tournament)
    points = {row.entrant_id: row.points for row in swiss}
    if final is not None:
        places = [(row.finish.side, row.finish.position) for row in final]
    else:
        places = [(row.entrant_id, row.rank) for row in swiss]
    finished = tournament.status == TournamentStatus.FINISHED
    players = players_by_entrant({int(side) for side, _ in places})
    return [
        EventResult(
            event=tournament.pk,
            player=player,
            place=place,
            field_size=len(places),
            swiss_points=float(points.get(side, 0)),
            finished=finished,
        )
        for side, place in places
        for player in players.get(int(side), ())
    ]


def cache_key(season: Season, events: list[Tournament]) -> str:
    stamps = ",".join(
        f"{e.pk}.{e.standings_revision}.{e.updated_at.timestamp():.0f}.{e.champion_id}"
        for e in events
    )
    return f"season:v1:{season.pk}:{season.updated_at.timestamp()}:{stamps}"


def season_standings(season: Season) -> SeasonTable:
    """The season's table, from the cache when nothing it reads has changed."""
    events = season_events(season)
    key = cache_key(season, events)
    table = soft_get(key)
    if table is None:
        table = compute_season(season, events)
        soft_set(key, table, CACHE_SECONDS)
    return table


def compute_season(season: Season, events: list[Tournament]) -> SeasonTable:
    """The season's table computed from its events' standings."""
    results = [result for event in events for result in event_results(event)]
    rows = season_table(results, season.rules)
    players = {
        pk: (name, club)
        for pk, name, club in Player.objects.filter(pk__in={r.player for r in rows}).values_list(
            "pk", "name", "club"
        )
    }
    infos = [
        SeasonEventInfo(
            e.pk, e.slug, e.name, e.starts_on, e.status == TournamentStatus.FINISHED, e.is_public
        )
        for e in events
    ]
    return SeasonTable(rows, infos, players)


def season_csv_table(table: SeasonTable) -> tuple[list[str], list[list[object]]]:
    """The season table as CSV columns and rows (the page's CSV and the API's are this one):
    position, player, club, total, events played, then each event's league points (empty where
    the player did not play; a result that does not count is marked ``(not counted)``)."""
    header = ["position", "player", "club", "total", "events_played"]
    header += [event.slug for event in table.events]
    rows = []
    for row in table.rows:
        by_event = {c.result.event: c for c in row.results}
        cells: list[object] = [
            row.position,
            table.name(row.player),
            table.club(row.player),
            row.total,
            row.events_played,
        ]
        for event in table.events:
            counted = by_event.get(event.pk)
            if counted is None:
                cells.append("")
            elif counted.counts:
                cells.append(counted.points)
            else:
                cells.append(f"{counted.points:g} (not counted)")
        rows.append(cells)
    return header, rows
