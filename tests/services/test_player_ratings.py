"""Issue 17: what a player's pages read of the rating - the history per system, the last rated
games, the head-to-head record - in a fixed number of queries however many games were played,
and from public events only when the page is the public one."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues.services.player_ratings import (
    head_to_head_of,
    last_results,
    named,
    rating_histories,
)
from matches.models import VersionState
from tests.factories import (
    EntrantFactory,
    MatchFactory,
    ResultVersionFactory,
    RoundFactory,
    SeatFactory,
    TournamentFactory,
    play_rated_rounds,
)
from tournament.models import Entrant, Player, RoundStatus, Team, TeamMember

pytestmark = pytest.mark.django_db


def event(name, players=8, **fields):
    tournament = TournamentFactory(name=name, **fields)
    for i in range(players):
        EntrantFactory(tournament=tournament, display_name=f"{name} {i}")
    return tournament


def first_player(tournament) -> Player:
    return Entrant.objects.filter(tournament=tournament).order_by("pk").first().player


def test_the_history_has_one_point_per_game_in_order():
    cup = event("Cup")
    play_rated_rounds(cup, rounds=3)
    ann = first_player(cup)
    [history] = rating_histories(ann.pk)
    assert history.system == "eye_for_an_eye"
    assert [p.games for p in history.points] == [1, 2, 3]
    # the first-created entrant wins every game (report_for), so its rating only rises
    values = [p.listed for p in history.points]
    assert values == sorted(values) and values[0] > 0
    assert rating_histories(Player.objects.create(name="Nobody").pk) == []


def test_head_to_head_counts_each_opponent_once_per_game():
    cup = event("Cup")
    play_rated_rounds(cup, rounds=2)
    ann = first_player(cup)
    records = head_to_head_of(ann.pk, public_only=False)
    assert sum(r.games for r in records) == 2 * 3  # two four-player games, three opponents each
    assert all(r.above == r.games and r.below == r.level == 0 for r in records)  # ann always wins
    assert ann.pk not in {r.opponent for r in records}
    games = [r.games for r in records]
    assert games == sorted(games, reverse=True)
    names = named(records)
    assert {line.name for line in names} <= set(Player.objects.values_list("name", flat=True))
    assert not any(line.public_page for line in names)


def test_the_public_side_sees_public_events_only():
    open_cup, closed_cup = event("Open"), event("Closed", is_public=False)
    ann = first_player(open_cup)
    Entrant.objects.filter(pk=Entrant.objects.filter(tournament=closed_cup).first().pk).update(
        player=ann
    )
    play_rated_rounds(open_cup)
    play_rated_rounds(closed_cup)
    every = head_to_head_of(ann.pk, public_only=False)
    public = head_to_head_of(ann.pk, public_only=True)
    assert sum(r.games for r in every) == 6 and sum(r.games for r in public) == 3
    closed_players = set(
        Entrant.objects.filter(tournament=closed_cup).values_list("player_id", flat=True)
    )
    assert not closed_players & {r.opponent for r in public}
    assert {line.event for line in last_results(ann.pk, public_only=True)} == {"Open"}
    assert {line.event for line in last_results(ann.pk, public_only=False)} == {"Open", "Closed"}
    # the rating is made of public events' games only (issue 33), so its history has one
    assert [p.games for p in rating_histories(ann.pk)[0].points] == [1]


def test_last_results_name_the_round_and_the_place():
    cup = event("Cup")
    play_rated_rounds(cup, rounds=2)
    lines = last_results(first_player(cup).pk, public_only=True)
    assert [(line.round_number, line.place, line.pod_size) for line in lines] == [
        (2, 1, 4),
        (1, 1, 4),
    ]
    assert lines[0].event == "Cup" and lines[0].event_public


def test_team_mates_are_not_opponents():
    """An Alliances game of two teams of two, stored directly: ann's mate is no opponent."""
    round_ = RoundFactory(status=RoundStatus.COMPLETE)
    match = MatchFactory(round=round_)
    teams = []
    for t in range(2):
        team = Team.objects.create(name=f"Team {t}")
        members = [Player.objects.create(name=f"T{t} P{m}") for m in range(2)]
        for member in members:
            TeamMember.objects.create(team=team, player=member)
        entrant = Entrant.objects.create(tournament=round_.tournament, team=team)
        SeatFactory(match=match, entrant=entrant, place=t + 1)
        teams.append((entrant, members))
    ResultVersionFactory(
        match=match,
        state=VersionState.ACCEPTED,
        placings=[{"side": entrant.pk, "place": n} for n, (entrant, _) in enumerate(teams, 1)],
    )
    (_, (ann, mate)), (_, rivals) = teams
    records = head_to_head_of(ann.pk, public_only=True)
    assert {r.opponent for r in records} == {p.pk for p in rivals}
    assert all((r.games, r.above) == (1, 1) for r in records)
    assert [line.place for line in last_results(mate.pk, public_only=True)] == [1]


def queries(player_id: int) -> int:
    with CaptureQueriesContext(connection) as captured:
        records = head_to_head_of(player_id, public_only=True)
        named(records[:20])
        last_results(player_id, public_only=True)
        rating_histories(player_id)
    return len(captured)


def test_the_queries_do_not_grow_with_the_games():
    short, long_ = event("Short"), event("Long")
    play_rated_rounds(short, rounds=1)
    play_rated_rounds(long_, rounds=4)
    few, many = queries(first_player(short).pk), queries(first_player(long_).pk)
    assert few == many <= 6, (few, many)
