"""Issue 17: seasons - the table follows each event's final order (or its standings while it
runs), a correction anywhere moves it, a merged player becomes one line; the rules and the
events a season may take are checked under its lock."""

import random

import pytest

from common.audit.actor import Actor
from leagues.logic.season_table import PointsMethod
from leagues.models import LeagueLogEntry, Season
from leagues.services import organisations as org_service
from leagues.services import seasons as season_service
from leagues.services.season_standings import compute_season, season_events, season_standings
from matches.services.results import correct_result
from tests.browser.helpers import report_for
from tests.factories import TournamentFactory, UserFactory
from tournament.models import Player, RoundStatus, TournamentStatus
from tournament.services import players as player_service
from tournament.services.final_standings import final_standings
from tournament.services.rounds import generate_swiss_round
from tournament.services.simulation import (
    play_round,
    player_pool,
    register_sides,
    run_event,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss():
    return UserFactory(username="club-boss")


@pytest.fixture
def actor(boss):
    return Actor(user=boss)


@pytest.fixture
def club(actor):
    return org_service.create_organisation("North Club", "north", "Northshire", actor)


def new_season(club, actor, **values):
    values = {"name": "Winter league", "best_of": 2, "planned_events": 3, **values}
    return season_service.create_season(club, values.pop("slug", "winter"), values, actor)


def new_event(boss, season, actor, **fields):
    event = TournamentFactory(organiser=boss, swiss_rounds=2, **fields)
    season_service.add_event(season, event, actor)
    return event


def played(event, pool, rng, sides=8):
    register_sides(event, sides, False, rng, pool=pool)
    run_event(event, rng)
    event.refresh_from_db()
    return event


def test_a_season_counts_the_final_order_of_its_events(boss, actor, club):
    season = new_season(club, actor)
    rng = random.Random(4)
    pool = player_pool(10, rng)
    first = played(new_event(boss, season, actor), pool, rng)
    second = played(new_event(boss, season, actor), pool, rng)
    assert first.status == second.status == TournamentStatus.FINISHED
    table = season_standings(Season.objects.get(pk=season.pk))
    expected: dict[int, list[float]] = {}
    for event in (first, second):
        for row in final_standings(event):
            player = event.entrants.get(pk=row.entrant_id).player_id
            expected.setdefault(player, []).append(8 - row.finish.position + 1)
    assert {r.player: sorted(c.points for c in r.results) for r in table.rows} == {
        p: sorted(points) for p, points in expected.items()
    }
    for row in table.rows:
        assert row.total == sum(expected[row.player])  # best 2 of 3: both count
    champion = first.champion.player_id
    assert 8.0 in [c.points for c in next(r for r in table.rows if r.player == champion).results]
    assert [e.pk for e in table.events] == [first.pk, second.pk]
    assert table.rows[0].position == 1 and table.name(table.rows[0].player)


def test_a_running_event_counts_as_it_stands_and_a_correction_moves_the_table(
    boss, actor, club, django_capture_on_commit_callbacks
):
    season = new_season(club, actor, method=PointsMethod.SWISS)
    rng = random.Random(9)
    event = new_event(boss, season, actor)
    register_sides(event, 8, False, rng, pool=player_pool(8, rng))
    round_ = generate_swiss_round(event, seed=1)
    play_round(round_, rng, actor)
    before = season_standings(Season.objects.get(pk=season.pk))
    assert all(not c.result.finished for r in before.rows for c in r.results)
    assert sum(r.total for r in before.rows) > 0
    match = round_.matches.filter(is_bye=False).first()
    report = report_for(match)
    cups = [side["victory_cup_tokens"] for side in report["sides"]]
    for side, cup in zip(report["sides"], reversed(cups), strict=True):
        side["victory_cup_tokens"] = cup  # the finish turned round
    round_.refresh_from_db()
    assert round_.status == RoundStatus.COMPLETE
    with django_capture_on_commit_callbacks(execute=True):
        correct_result(match, report, actor, "cups were read the wrong way round")
    season = Season.objects.get(pk=season.pk)
    after = season_standings(season)
    fresh = compute_season(season, season_events(season))
    assert [(r.player, r.total) for r in after.rows] == [(r.player, r.total) for r in fresh.rows]
    assert [(r.player, r.total) for r in after.rows] != [(r.player, r.total) for r in before.rows]


def test_a_team_result_counts_for_every_member(boss, actor, club):
    season = new_season(club, actor)
    rng = random.Random(2)
    event = new_event(boss, season, actor, mode="alliances")
    register_sides(event, 5, True, rng, pool=player_pool(15, rng))
    run_event(event, rng)
    table = season_standings(Season.objects.get(pk=season.pk))
    members = {m.player_id: e.pk for e in event.entrants.all() for m in e.team.memberships.all()}
    assert {r.player for r in table.rows} == set(members)


def test_merging_two_records_makes_one_line_and_a_shared_table_refuses(
    boss, actor, club, django_capture_on_commit_callbacks
):
    season = new_season(club, actor)
    rng = random.Random(6)
    first = played(new_event(boss, season, actor), player_pool(8, rng), rng)
    second = played(new_event(boss, season, actor), player_pool(8, rng), rng)
    one = first.entrants.order_by("pk").first().player
    same_person = second.entrants.order_by("pk").first().player
    rows_before = len(season_standings(Season.objects.get(pk=season.pk)).rows)
    with django_capture_on_commit_callbacks(execute=True):  # the events' revisions move on
        player_service.merge(same_person, one, actor)
    table = season_standings(Season.objects.get(pk=season.pk))
    assert len(table.rows) == rows_before - 1
    merged = next(r for r in table.rows if r.player == one.pk)
    assert merged.events_played == 2
    seat = first.entrants.get(player=one).seats.filter(match__is_bye=False).first()
    rival = seat.match.seats.exclude(entrant__player=one).first().entrant.player
    with pytest.raises(player_service.PlayerError, match="sat at the same table"):
        player_service.merge(rival, one, actor)
    assert Player.objects.filter(pk=rival.pk).exists()


def test_best_five_of_three_is_refused(club, actor):
    with pytest.raises(season_service.SeasonError, match="best 5 of 3"):
        new_season(club, actor, best_of=5, planned_events=3)
    assert not Season.objects.exists()


def test_the_events_a_season_takes(boss, actor, club):
    season = new_season(club, actor, planned_events=2, best_of=1)
    new_event(boss, season, actor)
    with pytest.raises(
        season_service.SeasonError, match="played in Eye vs Eye; this season counts"
    ):
        new_event(boss, season, actor, game_system="eye_vs_eye", mode="standard")
    event = new_event(boss, season, actor)
    with pytest.raises(season_service.SeasonError, match="already counts"):
        season_service.add_event(season, event, actor)
    with pytest.raises(season_service.SeasonError, match="has them all"):
        new_event(boss, season, actor)
    with pytest.raises(season_service.SeasonError, match="remove some"):
        season_service.update_season(season, {"planned_events": 1}, actor)
    season_service.remove_event(season, event, actor)
    with pytest.raises(season_service.SeasonError, match="does not count"):
        season_service.remove_event(season, event, actor)
    event.refresh_from_db()
    assert event.organisation == club  # added once: the event is the club's
    actions = list(LeagueLogEntry.objects.values_list("action", flat=True))
    assert actions.count("season.event_added") == 2 and "season.event_removed" in actions


def test_only_the_staff_run_a_season_and_an_event_of_another_club_stays_out(boss, actor, club):
    season = new_season(club, actor)
    stranger = Actor(user=UserFactory(username="stranger"))
    with pytest.raises(org_service.OrganisationError, match="only the staff"):
        season_service.update_season(season, {"best_of": 1}, stranger)
    their_event = TournamentFactory(organiser=stranger.user)
    with pytest.raises(org_service.OrganisationError, match="only an organiser"):
        season_service.add_event(season, their_event, actor)  # staff here, not of the event
    other = org_service.create_organisation("South Club", "south", "", stranger)
    org_service.attach_event(their_event, other, stranger)
    org_service.add_staff(other, "club-boss", stranger)
    with pytest.raises(org_service.OrganisationError, match="belongs to South Club"):
        season_service.add_event(season, their_event, actor)
    assert not season.entries.exists()
