"""The mode's own limits drive the event (issue 35 items 1, 3, 4): a Tsukuyumi two-player event
seats pairs with a bye for an odd count and plays a two-side cut; King of the Hill (Alliance)
refuses teams of three and 2v2v2 games; settings and entrants a mode cannot play are refused."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from matches.models import MatchStatus
from matches.services.results import enter_result
from tests.api.conftest import user_client
from tests.factories import (
    EntrantFactory,
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournament.logic.simulated_games import random_game
from tournament.models import StaffRole, StaffRoleKind, TeamMember, Tournament, TournamentStatus
from tournament.services import registration
from tournament.services.rounds import RoundError, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

KOTH = "king_of_the_hill_alliance"


def two_player_event(players: int) -> Tournament:
    tournament = TournamentFactory(game_system="tsukuyumi", mode="two_player")
    for n in range(players):
        registration.register_player(tournament, f"Player {n}")
    return tournament


@pytest.mark.parametrize(("players", "tables", "byes"), [(6, 3, 0), (5, 2, 1)])
def test_a_two_player_event_seats_pairs_and_every_result_counts(players, tables, byes):
    tournament = two_player_event(players)
    round_ = publish_round(generate_swiss_round(tournament, seed=5))
    games = round_.matches.filter(is_bye=False)
    assert games.count() == tables
    assert all(match.seats.count() == 2 for match in games)
    bye_matches = round_.matches.filter(is_bye=True)
    assert bye_matches.count() == byes
    for bye in bye_matches:  # scored as the Alliances bye: a two-side win
        assert bye.status == MatchStatus.ACCEPTED
        assert bye.seats.get().points == 4
    rng = random.Random(1)
    for match in games:
        sides = [(str(seat.entrant_id), 1) for seat in match.seats.order_by("position")]
        enter_result(match, random_game("tsukuyumi", "two_player", sides, rng))
        match.refresh_from_db()
        assert match.status == MatchStatus.ACCEPTED


def koth_alliance(**extra) -> Tournament:
    return TournamentFactory(mode=KOTH, **extra)


def test_king_of_the_hill_alliance_refuses_a_team_of_three():
    tournament = koth_alliance()
    registration.register_team(tournament, "Pair", ["Ada", "Ben"])
    with pytest.raises(
        registration.RegistrationError,
        match=r"King of the Hill \(Alliance\) seats teams of 2 players, not 3",
    ):
        registration.register_team(tournament, "Trio", ["Cy", "Di", "Ed"])
    assert tournament.entrants.count() == 1


def organiser_of(tournament: Tournament):
    organiser = UserFactory()
    StaffRole.objects.create(tournament=tournament, user=organiser, role=StaffRoleKind.ORGANISER)
    return organiser


def test_the_api_and_the_desk_say_why_a_team_of_three_is_refused(client):
    tournament = koth_alliance(slug="hill-cup")
    organiser = organiser_of(tournament)
    response = user_client(organiser).post(
        "/api/v1/tournaments/hill-cup/entrants/",
        {"name": "Trio", "members": ["Cy", "Di", "Ed"]},
        format="json",
    )
    assert response.status_code == 400
    assert "seats teams of 2 players, not 3" in str(response.json())
    client.force_login(organiser)
    page = client.post(
        "/events/hill-cup/manage/entrants/",
        {"name": "Trio", "member_1": "Cy", "member_2": "Di", "member_3": "Ed"},
    )
    assert page.status_code == 400
    assert "seats teams of 2 players, not 3" in page.content.decode()
    assert not tournament.entrants.exists()


def test_pairing_never_seats_more_players_than_the_mode_allows():
    """A team of three registered before the mode's limit was read cannot be seated."""
    tournament = koth_alliance()
    for name, size in (("Pair", 2), ("Trio", 3)):
        team = TeamFactory(name=name)
        for _ in range(size):
            TeamMember.objects.create(team=team, player=PlayerFactory())
        EntrantFactory(tournament=tournament, player=None, team=team, display_name=name)
    with pytest.raises(RoundError, match="King of the Hill .Alliance. seats"):
        generate_swiss_round(tournament, seed=1)
    assert not tournament.rounds.exists()


NEW = {"name": "Hill Night", "slug": "hill-night", "mode": KOTH, "swiss_rounds": 3}


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (
            {"allow_three_team_games": True},
            "allow_three_team_games",
            "2v2v2 games: Eye for an Eye: King of the Hill (Alliance) seats two teams a game "
            "and at most 4 players",
        ),
        (
            {"game_system": "tsukuyumi", "mode": "two_player", "cut_size": 16},
            "cut_size",
            "Cut size 16: Tsukuyumi - Full Moon Down: Two-player game plays two sides a game; "
            "the cut is 8, 4, 2",
        ),
    ],
)
def test_the_api_refuses_settings_the_mode_cannot_play(body, field, words):
    response = user_client(UserFactory()).post(
        "/api/v1/tournaments/", {**NEW, **body}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {field: [words]}
    assert not Tournament.objects.exists()


def test_a_two_player_event_is_created_with_the_default_game_size():
    """The preferred game size does not concern a mode that seats pairs."""
    body = {**NEW, "game_system": "tsukuyumi", "mode": "two_player", "preferred_pod_size": 4}
    response = user_client(UserFactory()).post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()


def test_the_create_form_refuses_a_three_team_game_in_king_of_the_hill(client):
    client.force_login(UserFactory())
    data = {
        "name": "Hill Night",
        "slug": "",
        "starts_on": "2026-10-03",
        "venue": "Hall",
        "system_mode": f"eye_for_an_eye:{KOTH}",
        "rules_level": "core",
        "timing": "realtime",
        "swiss_rounds": "3",
        "pairing_method": "swiss",
        "preferred_pod_size": "4",
        "cut_size": "",
        "cut_tie_resolution": "random_draw",
        "game_length_seconds": "300",
        "tie_policy": "shared",
        "allow_three_team_games": "on",
    }
    response = client.post("/manage/new/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["allow_three_team_games"] == [
        "2v2v2 games: Eye for an Eye: King of the Hill (Alliance) seats two teams a game and at "
        "most 4 players"
    ]
    assert not Tournament.objects.exists()


def test_the_admin_refuses_a_three_team_game_in_king_of_the_hill():
    tournament = koth_alliance(allow_three_team_games=True)
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "allow_three_team_games" in refused.value.message_dict


def test_changing_the_mode_checks_the_registered_teams():
    tournament = TournamentFactory(mode="alliances", slug="mixed-cup")
    registration.register_team(tournament, "Trio", ["Cy", "Di", "Ed"])
    client = user_client(organiser_of(tournament))
    url = "/api/v1/tournaments/mixed-cup/"
    response = client.patch(url, {"mode": KOTH}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "mode": [
            "Mode: Trio has 3 players; Eye for an Eye: King of the Hill (Alliance) seats teams of 2"
        ]
    }
    response = client.patch(url, {"mode": "every_eye"}, format="json")
    assert response.status_code == 400 and "played by single players" in str(response.json())
    tournament.refresh_from_db()
    assert tournament.mode == "alliances"
    assert client.patch(url, {"mode": "domination_alliance"}, format="json").status_code == 200


@pytest.mark.parametrize(
    ("mode", "players", "finalists"),
    [("tsukuyumi_two_player", "7", 2), (KOTH, "5", 2)],
)
def test_simulated_two_side_events_end_with_a_champion(mode, players, finalists, capsys):
    call_command("simulate_event", "--mode", mode, "--players", players, "--rounds", "3")
    out = capsys.readouterr().out
    tournament = Tournament.objects.get()
    assert tournament.status == TournamentStatus.FINISHED
    assert " wins " in out
    first_final = next(line for line in out.splitlines() if "Final game 1" in line)
    assert first_final.count("(") == finalists
