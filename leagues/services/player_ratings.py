"""What one player's pages and API show of the rating (issue 17): the rating after each game
per system, the last rated results, and the head-to-head record against each opponent.

Read only, and a fixed number of queries whatever the number of games: the rating history is
one query, the last results one, the head-to-head four (the games, their entrants' players
in two, the names of the opponents shown).

``public_only`` keeps the games of public events (what anyone may see on a public player
page); the player's own page passes False. The rating history is the public rating's, made of
public events' games only (``leagues.services.ratings.rated_games``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from leagues.logic.head_to_head import Record, head_to_head
from leagues.logic.rating import Game
from leagues.logic.rating_chart import Point
from leagues.models import RatingChange
from leagues.services.ratings import players_by_entrant, sides_of
from matches.models import ResultVersion, Seat, VersionState
from tournament.models import Entrant, Player, RoundStatus

#: rated results listed under the chart
LAST_RESULTS = 10


@dataclass(frozen=True)
class SystemHistory:
    """A player's rating after each of their games in one game system, in game order."""

    system: str
    points: list[Point]

    @property
    def current(self) -> Point:
        return self.points[-1]


@dataclass(frozen=True)
class ResultLine:
    """One rated game of the player: where and when, and the place they took."""

    event: str
    slug: str
    event_public: bool
    system: str
    round_number: int
    place: int
    pod_size: int


@dataclass(frozen=True)
class OpponentLine:
    """A head-to-head record with the opponent's name, and whether their page is public."""

    record: Record
    name: str
    public_page: bool


def entries_of(player_id: int):
    """The player's entrants (as themselves or in a team), as a subquery."""
    return Entrant.objects.filter(
        Q(player_id=player_id) | Q(team__memberships__player_id=player_id)
    ).values("pk")


def rating_histories(player_id: int) -> list[SystemHistory]:
    """The player's rating after each game, one history per game system (one query)."""
    histories: dict[str, list[Point]] = {}
    rows = (
        RatingChange.objects.filter(player_id=player_id)
        .order_by("system", "sequence")
        .values_list("system", "games", "mu", "sigma")
    )
    for system, games, mu, sigma in rows:
        histories.setdefault(system, []).append(Point(games, mu, sigma))
    return [SystemHistory(system, points) for system, points in histories.items()]


def last_results(
    player_id: int, *, public_only: bool, limit: int = LAST_RESULTS
) -> list[ResultLine]:
    """The player's latest rated games (finished rounds, newest first), one query."""
    seats = Seat.objects.filter(
        entrant__in=entries_of(player_id),
        place__isnull=False,
        match__is_bye=False,
        round__status=RoundStatus.COMPLETE,
    )
    if public_only:
        seats = seats.filter(round__tournament__is_public=True)
    rows = (
        seats.annotate(pod_size=Count("match__seats"))
        .order_by("-round__completed_at", "-match_id")
        .values_list(
            "round__tournament__name",
            "round__tournament__slug",
            "round__tournament__is_public",
            "round__tournament__game_system",
            "round__number",
            "place",
            "pod_size",
        )[:limit]
    )
    return [ResultLine(*row) for row in rows]


def rated_games_of(player_id: int, *, public_only: bool) -> list[Game]:
    """Every accepted game of a finished round the player sat in (three queries)."""
    versions = ResultVersion.objects.filter(
        state=VersionState.ACCEPTED,
        match__is_bye=False,
        match__round__status=RoundStatus.COMPLETE,
        match_id__in=Seat.objects.filter(entrant__in=entries_of(player_id)).values("match_id"),
    )
    if public_only:
        versions = versions.filter(match__round__tournament__is_public=True)
    rows = list(
        versions.values_list("match_id", "match__round__tournament__game_system", "placings")
    )
    players = players_by_entrant({int(row["side"]) for _, _, placings in rows for row in placings})
    return [
        Game((match_id,), system, sides_of(placings, players))
        for match_id, system, placings in rows
    ]


def head_to_head_of(
    player_id: int, *, public_only: bool, system: str | None = None
) -> list[Record]:
    """The player's record against every opponent, most games together first."""
    return head_to_head(player_id, rated_games_of(player_id, public_only=public_only), system)


def named(records: list[Record]) -> list[OpponentLine]:
    """``records`` with each opponent's name and whether their page is public (one query)."""
    people = {
        pk: (name, public)
        for pk, name, public in Player.objects.filter(
            pk__in=[r.opponent for r in records]
        ).values_list("pk", "name", "profile_public")
    }
    return [
        OpponentLine(record, *people.get(record.opponent, ("(removed)", False)))
        for record in records
    ]
