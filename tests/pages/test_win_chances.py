"""Issue 17, expected finish: each seat's chance to win its table by the rating model, on the
public round page, the console's round page and the round's matches API - shown only when a
player of the round is rated, in a bounded number of queries, never failing for the unrated."""

import pytest
from rest_framework.test import APIClient

from leagues.models import PlayerRating
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournament.models import StaffRole, StaffRoleKind, TeamMember
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

SYSTEM = "eye_for_an_eye"


def rate(player, mu: float, sigma: float = 2.0, system: str = SYSTEM) -> None:
    PlayerRating.objects.create(
        system=system, player=player, mu=mu, sigma=sigma, conservative=mu - 3 * sigma, games=9
    )


@pytest.fixture
def event():
    """A public event of 12 players, round 1 published at three tables of four."""
    tournament = TournamentFactory(slug="odds-cup")
    for i in range(12):
        EntrantFactory(tournament=tournament, display_name=f"Player {i:02d}")
    return publish_round(generate_swiss_round(tournament, seed=5))


def table_seats(round_, number):
    return list(round_.matches.get(table_number=number).seats.select_related("entrant"))


def chances_on_page(response) -> dict[int, dict[int, int]]:
    """Table number -> entrant id -> the chance the page shows."""
    return {
        match.table_number: {seat.entrant_id: seat.win_chance for seat in match.seats.all()}
        for match in response.context["matches"]
    }


def test_each_table_shows_chances_summing_to_100(client, event):
    strong, *others = table_seats(event, 1)
    rate(strong.entrant.player, 40.0)
    rate(others[0].entrant.player, 20.0, sigma=4.0)
    response = client.get("/events/odds-cup/rounds/1/")
    assert response.status_code == 200
    chances = chances_on_page(response)
    assert all(sum(table.values()) == 100 for table in chances.values())
    first = chances[1]
    assert first[strong.entrant_id] > first[others[1].entrant_id] > first[others[0].entrant_id]
    page = response.content.decode()
    assert page.count("data-win-chance") == 12
    assert f'<td class="num" data-win-chance>{first[strong.entrant_id]}%</td>' in page
    assert "/ratings/eye_for_an_eye/" in page


def test_a_table_of_unrated_players_has_equal_chances(client, event):
    rate(table_seats(event, 1)[0].entrant.player, 40.0)
    chances = chances_on_page(client.get("/events/odds-cup/rounds/1/"))
    assert sorted(chances[2].values()) == [25, 25, 25, 25]
    assert sorted(chances[3].values()) == [25, 25, 25, 25]


def test_no_chances_when_nobody_of_the_round_is_rated_in_this_game(client, event):
    for seat in table_seats(event, 1):
        rate(seat.entrant.player, 40.0, system="tsukuyumi")  # another game's rating
    rate(PlayerFactory(), 50.0)  # a rated player who is not in this event
    response = client.get("/events/odds-cup/rounds/1/")
    page = response.content.decode()
    assert "data-win-chance" not in page and "Win</abbr>" not in page
    assert response.context["win_chances"] is False


def test_query_count_does_not_grow_with_the_tables(client, django_assert_max_num_queries):
    for slug, size in (("small-odds", 5), ("big-odds", 60)):
        tournament = TournamentFactory(slug=slug)
        entrants = EntrantFactory.create_batch(size, tournament=tournament)
        for number, entrant in enumerate(entrants[::2]):
            rate(entrant.player, 20.0 + number)
        publish_round(generate_swiss_round(tournament, seed=1))
        # the event, the round, the count of its tables (the pages of tables), a page of its
        # matches, their seats with the entrants, the ratings
        with django_assert_max_num_queries(6):
            response = client.get(f"/events/{slug}/rounds/1/")
        assert response.context["win_chances"] is True


def test_teams_play_as_the_sum_of_their_players(client, django_assert_max_num_queries):
    tournament = TournamentFactory(slug="team-odds", mode="alliances")
    teams = []
    for i in range(4):
        entrant = EntrantFactory(
            tournament=tournament, player=None, team=TeamFactory(), display_name=f"T{i}"
        )
        for _ in range(2):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
        teams.append(entrant)
    round_ = publish_round(generate_swiss_round(tournament, seed=2))
    for team in teams:
        for player in team.team.members.all():
            rate(player, 40.0)  # every team rated alike...
    rate(PlayerFactory(), 1.0)
    star = round_.matches.get(table_number=1).seats.first().entrant
    PlayerRating.objects.filter(player=star.team.members.first()).update(mu=60.0)
    with django_assert_max_num_queries(7):  # ... and the teams' members
        response = client.get("/events/team-odds/rounds/1/")
    chances = chances_on_page(response)
    assert all(sum(table.values()) == 100 for table in chances.values())
    assert chances[1][star.pk] > 50 and sorted(chances[2].values()) == [50, 50]


def test_the_console_round_page_shows_the_chances(client, event):
    organiser = event.tournament.organiser
    StaffRole.objects.create(
        tournament=event.tournament, user=organiser, role=StaffRoleKind.ORGANISER
    )
    client.force_login(organiser)
    url = "/events/odds-cup/manage/rounds/1/"
    assert "% to win" not in client.get(url).content.decode()
    rate(table_seats(event, 2)[0].entrant.player, 35.0)
    page = client.get(url).content.decode()
    assert page.count("% to win") == 12 and "25% to win" in page  # tables 1 and 3: even


def test_the_round_matches_api_gives_each_seat_its_chance(event):
    rate(table_seats(event, 3)[0].entrant.player, 35.0)
    data = APIClient().get("/api/v1/tournaments/odds-cup/rounds/1/matches/").json()
    for table in data["results"]:
        assert sum(seat["win_chance"] for seat in table["seats"]) == 100
    third = next(t for t in data["results"] if t["table_number"] == 3)
    assert max(seat["win_chance"] for seat in third["seats"]) > 25


def test_the_matches_api_of_a_round_without_ratings_gives_null(event):
    data = APIClient().get("/api/v1/tournaments/odds-cup/rounds/1/matches/").json()
    assert {seat["win_chance"] for table in data["results"] for seat in table["seats"]} == {None}
