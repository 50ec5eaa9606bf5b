"""A season's table: league points from each event a player played, best N of them counted.

Pure code over plain data. An event gives each of its players one ``EventResult`` (their final
place, the size of the field, their Swiss points); the season's ``SeasonRules`` turn that into
league points, keep each player's best ``best_of`` results, and rank the players by their total
and then by the season's tiebreakers. Players level on everything share a position.

How an event gives league points (``SeasonRules.method``):

* ``place``  - one point for every side finished below you, plus one for playing
  (``field - place + 1``): the winner of a 16-player event gets 16, the last gets 1;
* ``swiss``  - the Swiss points the player scored in the event's rounds;
* ``table``  - the organiser's table by final place (``table[0]`` for the winner); a place past
  the end of the table gets ``participation`` points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from common.logic.words import Translate, as_is, gettext_noop

#: the most events a season may count, and the longest points table it may carry
MAX_EVENTS = 100
MAX_TABLE_PLACES = 64
MAX_POINTS = 10_000


POINTS_RANGE = gettext_noop("points are 0 to %(max)s")


class PointsMethod(StrEnum):
    """How an event's result becomes league points."""

    PLACE = "place"
    SWISS = "swiss"
    TABLE = "table"


@dataclass(frozen=True)
class EventResult:
    """One player's result in one event of the season."""

    event: int
    player: int
    place: int
    field_size: int
    swiss_points: float = 0.0
    finished: bool = True


@dataclass(frozen=True)
class SeasonRules:
    """What a season counts: the points method, best ``best_of`` of ``events`` results."""

    method: str = PointsMethod.PLACE
    table: tuple[float, ...] = ()
    participation: float = 0.0
    best_of: int = 4
    events: int = 6
    tiebreakers: tuple[str, ...] = ("wins", "best_result", "events_played")


@dataclass(frozen=True)
class Counted:
    """One event's league points for a player, and whether it is among their best."""

    result: EventResult
    points: float
    counts: bool


@dataclass
class SeasonRow:
    """A player's line in the season table."""

    player: int
    position: int = 0
    total: float = 0.0
    results: list[Counted] = field(default_factory=list)
    tiebreaks: tuple[float, ...] = ()

    @property
    def events_played(self) -> int:
        return len(self.results)

    @property
    def counted(self) -> list[Counted]:
        return [c for c in self.results if c.counts]


@dataclass(frozen=True)
class Tiebreaker:
    """A season tiebreaker: its key, label, and the value it ranks by (higher is better)."""

    key: str
    label: str
    value: Callable[[SeasonRow], float]


def _beaten(row: SeasonRow) -> float:
    """The average share of each field the player finished above (0 last, near 1 first)."""
    return sum(
        (c.result.field_size - c.result.place) / c.result.field_size for c in row.results
    ) / len(row.results)


TIEBREAKERS = {
    t.key: t
    for t in (
        Tiebreaker(
            "wins",
            gettext_noop("Events won"),
            lambda r: sum(c.result.place == 1 for c in r.results),
        ),
        Tiebreaker(
            "best_result",
            gettext_noop("Best single result"),
            lambda r: max(c.points for c in r.results),
        ),
        Tiebreaker("events_played", gettext_noop("Events played"), lambda r: r.events_played),
        Tiebreaker(
            "swiss_points",
            gettext_noop("Swiss points, all events"),
            lambda r: sum(c.result.swiss_points for c in r.results),
        ),
        Tiebreaker("average_beaten", gettext_noop("Average share of the field beaten"), _beaten),
    )
}


def check_rules(rules: SeasonRules, translate: Translate = as_is) -> dict[str, str]:
    """What is wrong with ``rules``, by field (empty when the season can be computed), in the
    reader's language (``translate``: the door's ``gettext``)."""
    errors: dict[str, str] = {}
    if rules.method not in set(PointsMethod):
        errors["method"] = translate(gettext_noop("choose one of %(choices)s")) % {
            "choices": ", ".join(PointsMethod)
        }
    if not 1 <= rules.events <= MAX_EVENTS:
        errors["events"] = translate(gettext_noop("a season has 1 to %(max)s events")) % {
            "max": MAX_EVENTS
        }
    if not 1 <= rules.best_of <= MAX_EVENTS:
        errors["best_of"] = translate(gettext_noop("count 1 to %(max)s results")) % {
            "max": MAX_EVENTS
        }
    elif 1 <= rules.events <= MAX_EVENTS and rules.best_of > rules.events:
        errors["best_of"] = translate(
            gettext_noop(
                "best %(best)s of %(events)s cannot be computed: "
                "a season of %(events)s events gives at most %(events)s results"
            )
        ) % {"best": rules.best_of, "events": rules.events}
    if rules.method == PointsMethod.TABLE and not rules.table:
        errors["table"] = translate(
            gettext_noop("the table method needs points for at least the winner")
        )
    if len(rules.table) > MAX_TABLE_PLACES:
        errors["table"] = translate(gettext_noop("at most %(max)s places")) % {
            "max": MAX_TABLE_PLACES
        }
    elif any(not 0 <= p <= MAX_POINTS for p in rules.table):
        errors["table"] = translate(POINTS_RANGE) % {"max": MAX_POINTS}
    elif any(a < b for a, b in zip(rules.table, rules.table[1:], strict=False)):
        errors["table"] = translate(
            gettext_noop("a better place never gets fewer points than a worse one")
        )
    if not 0 <= rules.participation <= MAX_POINTS:
        errors["participation"] = translate(POINTS_RANGE) % {"max": MAX_POINTS}
    unknown = [key for key in rules.tiebreakers if key not in TIEBREAKERS]
    if unknown:
        errors["tiebreakers"] = translate(
            gettext_noop("%(key)s is not a season tiebreaker; choose from %(choices)s")
        ) % {"key": repr(unknown[0][:40]), "choices": ", ".join(TIEBREAKERS)}
    elif len(set(rules.tiebreakers)) != len(rules.tiebreakers):
        errors["tiebreakers"] = translate(gettext_noop("each tiebreaker is listed once"))
    return errors


def league_points(result: EventResult, rules: SeasonRules) -> float:
    """The league points ``result`` earns under ``rules``."""
    if rules.method == PointsMethod.SWISS:
        return float(result.swiss_points)
    if rules.method == PointsMethod.TABLE:
        if result.place <= len(rules.table):
            return float(rules.table[result.place - 1])
        return float(rules.participation)
    return float(result.field_size - result.place + 1)


def _count_best(results: Sequence[EventResult], rules: SeasonRules) -> list[Counted]:
    """Each result with its points, the best ``best_of`` marked as counting (an earlier event
    wins a tie between equal results, so the marking never depends on reading order)."""
    scored = [(league_points(r, rules), r) for r in results]
    best = sorted(range(len(scored)), key=lambda i: (-scored[i][0], scored[i][1].event))
    keep = set(best[: rules.best_of])
    return [Counted(r, points, i in keep) for i, (points, r) in enumerate(scored)]


def season_table(results: Iterable[EventResult], rules: SeasonRules) -> list[SeasonRow]:
    """Every player of the season, ranked: total of their best results, then tiebreakers."""
    by_player: dict[int, list[EventResult]] = {}
    for result in results:
        by_player.setdefault(result.player, []).append(result)
    rows = []
    for player, played in by_player.items():
        played.sort(key=lambda r: r.event)
        counted = _count_best(played, rules)
        row = SeasonRow(player, results=counted)
        row.total = sum(c.points for c in counted if c.counts)
        row.tiebreaks = tuple(TIEBREAKERS[key].value(row) for key in rules.tiebreakers)
        rows.append(row)
    rows.sort(key=lambda r: (-r.total, tuple(-v for v in r.tiebreaks), r.player))
    previous = None
    for index, row in enumerate(rows, 1):
        key = (row.total, row.tiebreaks)
        row.position = rows[index - 2].position if key == previous else index
        previous = key
    return rows
