"""Issue 17, rating as seeding: the round service reads the players' ratings in the event's game
system (one query) and seats round 1 of a Swiss event, and every random round, by them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.audit.actor import Actor
from leagues.models import PlayerRating
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournament.models import TeamMember
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

SYSTEM = "eye_for_an_eye"


def rate(player, mu: float, system: str = SYSTEM) -> None:
    PlayerRating.objects.create(
        system=system, player=player, mu=mu, sigma=2.0, conservative=mu - 6.0, games=12
    )


def field(tournament, n: int = 16, stars: int = 4):
    """``n`` players; the first ``stars`` rated far above a newcomer (strongest first)."""
    entrants = [EntrantFactory(tournament=tournament, display_name=f"P{i}") for i in range(n)]
    for i, entrant in enumerate(entrants[:stars]):
        rate(entrant.player, 60.0 - i)
    return entrants


def tables(round_) -> dict[int, int]:
    """Entrant id -> table number."""
    return dict(round_.seats.values_list("entrant_id", "match__table_number"))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_swiss_round_one_spread_puts_the_rated_stars_at_different_tables(seed):
    tournament = TournamentFactory(pairing_method="swiss", rating_seeding="spread")
    stars = field(tournament)[:4]
    round_ = generate_swiss_round(tournament, seed=seed)
    seated = tables(round_)
    assert sorted(seated[e.pk] for e in stars) == [1, 2, 3, 4]
    record = round_.pairing_report["seeding"]
    assert record["applied"] is True and record["style"] == "spread"
    assert record["strengths"][str(stars[0].pk)] == 60.0
    assert sorted(record["strengths"].values())[:12] == [25.0] * 12  # the unrated: newcomers


def test_swiss_round_one_similar_seats_the_stars_together_at_table_one():
    tournament = TournamentFactory(pairing_method="swiss", rating_seeding="similar")
    stars = field(tournament)[:4]
    seated = tables(generate_swiss_round(tournament, seed=7))
    assert {seated[e.pk] for e in stars} == {1}


def test_seeding_off_reads_no_rating_and_records_none():
    tournament = TournamentFactory(pairing_method="swiss")
    field(tournament)
    with CaptureQueriesContext(connection) as queries:
        round_ = generate_swiss_round(tournament, seed=7)
    assert not [q for q in queries if "leagues_playerrating" in q["sql"]]
    assert "seeding" not in round_.pairing_report


def test_the_ratings_are_read_in_one_query_whatever_the_field():
    tournament = TournamentFactory(rating_seeding="spread")
    field(tournament, n=40, stars=10)
    with CaptureQueriesContext(connection) as queries:
        generate_swiss_round(tournament, seed=7)
    assert len([q for q in queries if "leagues_playerrating" in q["sql"]]) == 1


def test_ratings_of_another_game_system_do_not_count():
    tournament = TournamentFactory(pairing_method="swiss", rating_seeding="similar")
    entrants = field(tournament, stars=0)
    for entrant in entrants[:4]:
        rate(entrant.player, 60.0, system="tsukuyumi")
    round_ = generate_swiss_round(tournament, seed=7)
    assert set(round_.pairing_report["seeding"]["strengths"].values()) == {25.0}


def play(round_):
    publish_round(round_)
    for match in round_.matches.filter(is_bye=False):
        enter_result(match, report_for(match), Actor())
    complete_round(round_)  # the ratings recompute waits for a commit that never comes here


def test_a_later_swiss_round_is_paired_by_points():
    tournament = TournamentFactory(pairing_method="swiss", rating_seeding="similar")
    field(tournament)
    play(generate_swiss_round(tournament, seed=7))
    second = generate_swiss_round(tournament, seed=8)
    record = second.pairing_report["seeding"]
    assert record["applied"] is False and "by points" in record["reason"]
    winners = set(
        tournament.rounds.get(number=1).seats.filter(place=1).values_list("entrant_id", flat=True)
    )
    assert {e for e, table in tables(second).items() if table == 1} == winners


def test_every_random_round_is_seeded():
    tournament = TournamentFactory(pairing_method="random", rating_seeding="spread")
    stars = field(tournament)[:4]
    first = generate_swiss_round(tournament, seed=7)
    assert sorted(tables(first)[e.pk] for e in stars) == [1, 2, 3, 4]
    play(first)
    second = generate_swiss_round(tournament, seed=8)
    assert second.pairing_report["seeding"]["applied"] is True
    assert sorted(tables(second)[e.pk] for e in stars) == [1, 2, 3, 4]
    assert second.pairing_report["repeats"] == 0  # and still no one meets an opponent again


def test_a_team_is_seeded_by_its_average_player():
    tournament = TournamentFactory(mode="alliances", rating_seeding="similar")
    teams = []
    for i in range(4):
        entrant = EntrantFactory(
            tournament=tournament, player=None, team=TeamFactory(), display_name=f"T{i}"
        )
        for _ in range(2):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
        teams.append(entrant)
    one, two = (list(t.team.members.all()) for t in teams[:2])
    rate(one[0], 45.0)  # (45 + a newcomer's 25) / 2 = 35
    rate(two[0], 35.0)
    rate(two[1], 34.0)  # 34.5
    round_ = generate_swiss_round(tournament, seed=3)
    strengths = round_.pairing_report["seeding"]["strengths"]
    assert strengths[str(teams[0].pk)] == 35.0 and strengths[str(teams[1].pk)] == 34.5
    assert strengths[str(teams[2].pk)] == 25.0
    seated = tables(round_)
    assert seated[teams[0].pk] == seated[teams[1].pk] == 1
