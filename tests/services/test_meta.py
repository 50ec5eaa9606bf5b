"""Issue 40.4: the meta across events, checked against a simulated season whose chiefs and
results are known in advance, narrowed by organisation, season, region and dates, and counting
public events' finished rounds only."""

import datetime

import pytest

from common.audit.actor import Actor
from leagues.models import Organisation, Season, SeasonEvent
from leagues.services.meta import MetaFilterError, meta_for, read_filters
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

#: the chief each seat of a table plays, by seat position
SEAT_CHIEFS = ("Echo", "Pluma", "Grublic", "Riparian")


def report(match, winner_of, game_number: int) -> dict:
    """A legal report where the seats play ``SEAT_CHIEFS`` in order and ``winner_of(n)`` (a
    chief) takes most Victory Cup tokens; the others follow in seat order."""
    seats = list(match.seats.order_by("position"))
    winner = winner_of(game_number)
    order = [winner] + [c for c in SEAT_CHIEFS[: len(seats)] if c != winner]
    cups = {chief: [6, 4, 2, 1][order.index(chief)] for chief in order}
    return {
        "ended_by": "time",
        "sides": [
            {
                "side": str(seat.entrant_id),
                "victory_cup_tokens": cups[SEAT_CHIEFS[index]],
                "survivors": 1,
                "characters": [SEAT_CHIEFS[index]],
            }
            for index, seat in enumerate(seats)
        ],
    }


def play_event(winner_of, rounds=2, close_last=True, **event) -> list[int]:
    """An event of 8 (two tables of four) with ``rounds`` Swiss rounds played as ``report``
    says; the last is left open unless ``close_last``. The game numbers played."""
    tournament = TournamentFactory(**event)
    EntrantFactory.create_batch(8, tournament=tournament)
    played = []
    for number in range(rounds):
        round_ = publish_round(generate_swiss_round(tournament, seed=number + 1))
        for match in round_.matches.order_by("table_number"):
            n = len(played)
            enter_result(match, report(match, winner_of, n), Actor())
            played.append(n)
        if close_last or number < rounds - 1:
            complete_round(round_)
    return played


def echo_three_in_four(n: int) -> str:
    """Echo wins three games of every four; Pluma the fourth."""
    return "Pluma" if n % 4 == 3 else "Echo"


@pytest.fixture
def season():
    """North's season: two public events (8 games, Echo wins 6, Pluma 2); a private North event
    where Riparian always wins; South's public event (Grublic always wins, 4 games, 2025); and a
    North event whose only round is still open."""
    north = Organisation.objects.create(name="North Club", slug="north", region="Northshire")
    south = Organisation.objects.create(name="South Club", slug="south", region="Southmoor")
    league = Season.objects.create(organisation=north, name="North 2026", slug="north-2026")
    for day in (datetime.date(2026, 3, 1), datetime.date(2026, 4, 1)):
        event = play_event(echo_three_in_four, organisation=north, starts_on=day)
        assert len(event) == 4
    play_event(
        lambda n: "Riparian",
        organisation=north,
        starts_on=datetime.date(2026, 5, 1),
        is_public=False,
    )
    play_event(lambda n: "Grublic", organisation=south, starts_on=datetime.date(2025, 6, 1))
    play_event(
        lambda n: "Riparian",
        rounds=1,
        close_last=False,
        organisation=north,
        starts_on=datetime.date(2026, 6, 1),
    )
    return {"north": north, "south": south, "season": league}


def lines_of(**query) -> dict:
    answer = meta_for(read_filters(query))
    return {line.chief: line for line in answer.meta.lines}, answer.meta


def test_the_figures_match_the_known_choices(season):
    lines, meta = lines_of(organisation="north")
    assert meta.games == 8
    echo, pluma = lines["Echo"], lines["Pluma"]
    assert (echo.games, echo.wins, echo.win_share, echo.average_place) == (8, 6, 0.75, 1.25)
    assert (pluma.games, pluma.wins, pluma.win_share, pluma.average_place) == (8, 2, 0.25, 1.75)
    assert (lines["Grublic"].wins, lines["Grublic"].average_place) == (0, 3.0)
    assert (lines["Riparian"].wins, lines["Riparian"].average_place) == (0, 4.0)
    # Wilson's 95% interval of 6 in 8, as the textbooks give it
    assert (echo.win_low, echo.win_high) == pytest.approx((0.4093, 0.9285), abs=1e-4)
    assert {(line.system, line.mode) for line in lines.values()} == {
        ("eye_for_an_eye", "every_eye")
    }


def test_private_events_and_open_rounds_never_count(season):
    lines, meta = lines_of()
    assert meta.games == 8 + 4  # North's two public events and South's
    assert lines["Riparian"].wins == 0  # it won every game of the private and the open event


def test_each_filter_narrows(season):
    south, meta = lines_of(region="southmoor")
    assert meta.games == 4 and south["Grublic"].win_share == 1.0
    assert lines_of(organisation="south")[1].games == 4
    assert lines_of(**{"from": "2026-01-01"})[1].games == 8
    assert lines_of(**{"to": "2025-12-31"})[1].games == 4
    assert lines_of(**{"from": "2026-03-01", "to": "2026-03-31"})[1].games == 4
    assert lines_of(system="eye_for_an_eye", mode="every_eye")[1].games == 12
    assert lines_of(system="tsukuyumi")[1].games == 0


def test_a_season_counts_its_events_only(season):
    league = season["season"]
    first = season["north"].events.get(starts_on=datetime.date(2026, 3, 1))
    SeasonEvent.objects.create(season=league, tournament=first)
    assert lines_of(season="north-2026")[1].games == 4


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"from": "2026-13-01"}, "from"),
        ({"to": "yesterday"}, "to"),
        ({"from": "2026-05-01", "to": "2026-04-01"}, "to"),
        ({"from": "0001-01-01", "to": "9999-12-31"}, "to"),
        ({"system": "chess"}, "system"),
        ({"system": "eye_for_an_eye", "mode": "poker"}, "mode"),
        ({"organisation": "nowhere"}, "organisation"),
        ({"season": "x" * 500}, "season"),
    ],
)
def test_hostile_filters_are_refused_with_the_filter_named(query, field):
    with pytest.raises(MetaFilterError) as refused:
        read_filters(query)
    assert refused.value.field == field
    assert str(refused.value)


def test_a_private_season_is_unknown():
    north = Organisation.objects.create(name="North Club", slug="north")
    Season.objects.create(organisation=north, name="Hidden", slug="hidden", is_public=False)
    with pytest.raises(MetaFilterError):
        read_filters({"season": "hidden"})


def test_one_query_for_the_games_whatever_their_number(season, django_assert_num_queries):
    filters = read_filters({"organisation": "north", "region": "north"})
    with django_assert_num_queries(1):
        meta_for(filters)
