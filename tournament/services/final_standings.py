"""The final standings of a finished event: the champion, the final, the groups, then the field.

Reads the accepted results of the elimination stages and the Swiss standings, and hands them to
the pure ``tournament.logic.brackets.final_order``. Shown on the public event page, the standings
page
(and its CSV) and the home page once the champion is known.
"""

from __future__ import annotations

from dataclasses import dataclass

from matches.models import Match, VersionState
from tournament.logic.brackets import Finish, decide_final, final_order
from tournament.models import StageKind, Tournament, english_label
from tournament.services.soft_cache import soft_get, soft_set
from tournament.services.standings import CACHE_SECONDS, cached_standings, standings_cache_key

GROUP_STAGES = (StageKind.ELIMINATION_1, StageKind.ELIMINATION_2)


@dataclass(frozen=True)
class FinalRow:
    """One line of the final standings: the finish and the side's name."""

    finish: Finish
    name: str

    @property
    def entrant_id(self) -> int:
        return int(self.finish.side)


def _accepted(match: Match) -> list[tuple[str, int, float]]:
    version = match.result_versions.filter(state=VersionState.ACCEPTED).first()
    if version is None:
        return []
    return [(row["side"], row["place"], row["score"]) for row in version.placings]


def last_game_health(tournament: Tournament, match: Match | None) -> dict[str, float] | None:
    """In a VP mode, each side's Health Tokens left at the end of ``match`` (the last game of
    a series: its tiebreak, as the rulebook reads); None in other modes or without a result."""
    if match is None or not tournament.game_mode["vp_series"]:
        return None
    version = next(
        (v for v in match.result_versions.all() if v.state == VersionState.ACCEPTED), None
    )
    if version is None:
        return None
    return {row["side"]: row["stats"].get("health_left", 0) for row in version.placings}


def _stage_matches(tournament: Tournament, kind: str):
    return (
        Match.objects.filter(round__tournament=tournament, round__stage__kind=kind, is_bye=False)
        .order_by("round__number", "table_number")
        .prefetch_related("result_versions")
    )


def final_standings(tournament: Tournament) -> list[FinalRow] | None:
    """The whole field in its final order, or None while the event has no champion; from the
    cache while nothing the standings read has changed (``tournament`` freshly loaded)."""
    if tournament.champion_id is None:
        return None
    key = f"final:{standings_cache_key(tournament)}:{tournament.champion_id}"
    rows = soft_get(key)
    if rows is None:
        rows = compute_final_standings(tournament)
        soft_set(key, rows, CACHE_SECONDS)
    return rows


def compute_final_standings(tournament: Tournament) -> list[FinalRow]:
    """The final order computed from the elimination's results and the Swiss standings."""
    swiss = cached_standings(tournament)
    names = {str(row.entrant_id): row.name for row in swiss}
    stages = []
    for kind in GROUP_STAGES:
        places: dict[str, tuple[int, str]] = {}
        for match in _stage_matches(tournament, kind):
            for side, place, _ in _accepted(match):
                best = places.get(side)
                if best is None or place < best[0]:
                    places[side] = (place, match.group_label or str(match.table_number))
        if places:
            stages.append((english_label(kind), places))
    played = [m for m in _stage_matches(tournament, StageKind.FINAL) if _accepted(m)]
    games = [_accepted(m) for m in played]
    totals = []
    if games:
        table = {int(k): v for k, v in (tournament.points_table or {}).items()} or None
        result = decide_final(
            games,
            games_required=len(games),
            table=table,
            by_score=tournament.sums_vp,
            last_game_health=last_game_health(tournament, played[-1]),
        )
        totals = list(result.totals)
    order = final_order(
        [str(row.entrant_id) for row in swiss],
        stages,
        totals,
        str(tournament.champion_id),
        by_score=tournament.sums_vp,
    )
    return [FinalRow(finish, names.get(finish.side, finish.side)) for finish in order]


def final_csv_columns(tournament: Tournament, rows: list, entrant_of) -> tuple[list, list, list]:
    """For a standings CSV: the final order's header cells, each row's cells, and the rows in
    that order.

    ``rows`` are the CSV's own rows; ``entrant_of(row)`` gives a row's entrant id. Before the
    event has a champion nothing is added and the order is kept.
    """
    final = final_standings(tournament)
    if final is None:
        return [], [[] for _ in rows], rows
    finish = {row.entrant_id: row.finish for row in final}
    ordered = sorted(rows, key=lambda r: finish[int(entrant_of(r))].position)
    extra = [
        [finish[int(entrant_of(r))].position, finish[int(entrant_of(r))].detail] for r in ordered
    ]
    return ["final_position", "finish"], extra, ordered
