"""Issue 35.9-10 through the round service: seat history read from the stored seats (one query
for the field), seats rotated over the rounds, clubmates kept apart; both event settings."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.audit.actor import Actor
from matches.models import Seat
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournament.logic.pairing.seat_order import seat_imbalance
from tournament.models import TeamMember
from tournament.models.event_settings import BY_NAME
from tournament.services.rounds import (
    complete_round,
    generate_swiss_round,
    publish_round,
    sides_to_pair,
)

pytestmark = pytest.mark.django_db


def players(tournament, n: int, clubs: dict[int, str] | None = None):
    clubs = clubs or {}
    return [
        EntrantFactory(
            tournament=tournament,
            display_name=f"P{i}",
            player=PlayerFactory(name=f"P{i}", club=clubs.get(i, "")),
        )
        for i in range(n)
    ]


def play_round(tournament, seed: int):
    round_ = publish_round(generate_swiss_round(tournament, seed=seed))
    for match in round_.matches.filter(is_bye=False):
        enter_result(match, report_for(match), Actor())
    return complete_round(round_)


def seat_counts(tournament) -> dict[str, list[int]]:
    counts: dict[str, list[int]] = {}
    rows = Seat.objects.filter(round__tournament=tournament, match__is_bye=False)
    for entrant_id, position in rows.values_list("entrant_id", "position"):
        mine = counts.setdefault(str(entrant_id), [0, 0, 0, 0])
        mine[position - 1] += 1
    return counts


def clubmate_tables(round_) -> list[int]:
    seen: dict[tuple[int, str], int] = {}
    tables = []
    for table, club in round_.seats.values_list("match__table_number", "entrant__player__club"):
        if club:
            seen[(table, club)] = seen.get((table, club), 0) + 1
            if seen[(table, club)] == 2:
                tables.append(table)
    return tables


def test_both_settings_are_declared_and_on_for_a_new_event():
    tournament = TournamentFactory()
    assert tournament.balance_seats is True and tournament.keep_clubmates_apart is True
    assert BY_NAME["balance_seats"].group == BY_NAME["keep_clubmates_apart"].group == "format"


def test_the_sides_carry_their_seat_history_from_the_stored_seats():
    tournament = TournamentFactory(pairing_method="swiss", swiss_rounds=3)
    players(tournament, 8)
    first = play_round(tournament, seed=1)
    positions = dict(first.seats.values_list("entrant_id", "position"))
    for side in sides_to_pair(tournament):
        expected = [0] * positions[int(side.id)]
        expected[-1] = 1
        assert list(side.seat_counts) == expected


def test_reading_the_field_costs_the_same_queries_for_8_or_24_players():
    counted = []
    for n in (8, 24):
        tournament = TournamentFactory(pairing_method="swiss", swiss_rounds=3)
        players(tournament, n, {i: f"club {i % 3}" for i in range(n)})
        play_round(tournament, seed=2)
        with CaptureQueriesContext(connection) as queries:
            sides_to_pair(tournament)
        counted.append(len(queries))
    assert counted[0] == counted[1] <= 4


def test_five_rounds_rotate_every_players_seats():
    tournament = TournamentFactory(pairing_method="swiss", swiss_rounds=5)
    players(tournament, 16)
    for seed in range(1, 6):
        last = play_round(tournament, seed=seed)
    counts = seat_counts(tournament)
    largest, mean = seat_imbalance(counts, 4)
    assert largest <= 2 and mean <= 1.25
    assert max(c[0] for c in counts.values()) <= 2
    record = last.pairing_report["seat_order"]
    assert record["rotated"] is True
    assert record["after"]["largest"] == largest


def test_without_rotation_the_seats_stay_uneven():
    tournament = TournamentFactory(pairing_method="swiss", swiss_rounds=5, balance_seats=False)
    players(tournament, 16)
    for seed in range(1, 6):
        last = play_round(tournament, seed=seed)
    assert seat_imbalance(seat_counts(tournament), 4)[0] >= 3
    assert "seat_order" not in last.pairing_report


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_one_keeps_clubmates_apart(seed):
    tournament = TournamentFactory(pairing_method="swiss")
    clubs = dict.fromkeys(range(4), "Riverside") | dict.fromkeys(range(4, 7), "Eye Con")
    players(tournament, 16, clubs)
    round_ = generate_swiss_round(tournament, seed=seed)
    assert clubmate_tables(round_) == []
    assert round_.pairing_report["clubs"] == {"clubs": 2, "tables_with_clubmates": []}


def test_with_the_option_off_clubmates_may_meet():
    met = []
    for seed in range(1, 7):
        tournament = TournamentFactory(pairing_method="random", keep_clubmates_apart=False)
        players(tournament, 16, dict.fromkeys(range(6), "Riverside"))
        round_ = generate_swiss_round(tournament, seed=seed)
        met.append(clubmate_tables(round_))
        assert "clubs" not in round_.pairing_report
    assert any(met)


def test_the_report_says_when_a_club_is_too_big():
    tournament = TournamentFactory(pairing_method="swiss")
    players(tournament, 8, dict.fromkeys(range(5), "Club X"))
    record = generate_swiss_round(tournament, seed=4).pairing_report["clubs"]
    assert record["reason"] == "crowded"
    assert record["text"] == (
        "2 table(s) seat clubmates: too many players from Club X (5) for 2 table(s)"
    )


def test_teams_of_one_organisation_are_kept_apart():
    tournament = TournamentFactory(mode="alliances", pairing_method="swiss")
    teams = []
    for i in range(4):
        team = TeamFactory(name=f"T{i}")
        for _member in range(2):
            club = "Riverside" if i < 2 else f"club {i}"
            TeamMember.objects.create(team=team, player=PlayerFactory(club=club))
        teams.append(EntrantFactory(tournament=tournament, player=None, team=team))
    for seed in range(1, 5):
        round_ = generate_swiss_round(tournament, seed=seed)
        riverside = {teams[0].pk, teams[1].pk}
        for match in round_.matches.all():
            assert set(match.seats.values_list("entrant_id", flat=True)) != riverside
        round_.delete()


def test_the_round_page_shows_the_first_seat_and_how_the_round_was_paired(client):
    tournament = TournamentFactory(pairing_method="swiss", swiss_rounds=3)
    players(tournament, 8, dict.fromkeys(range(5), "Club X"))
    play_round(tournament, seed=1)
    second = generate_swiss_round(tournament, seed=2)
    client.force_login(tournament.organiser)
    page = client.get(f"/events/{tournament.slug}/manage/rounds/{second.number}/")
    text = page.content.decode()
    assert "How this round was paired" in text
    assert text.count("seat 1, chooses first") == 2
    assert "Seats rotated: at each table seat 1 went to the side that had sat first" in text
    assert "too many players from Club X (5) for the round&#x27;s tables" in text


def test_the_api_and_the_create_form_carry_both_settings(client):
    from tests.api.conftest import user_client
    from tests.factories import UserFactory

    organiser = UserFactory()
    api = user_client(organiser)
    body = {"name": "Club Open", "slug": "club-open", "mode": "every_eye"}
    created = api.post("/api/v1/tournaments/", body).json()
    assert created["balance_seats"] is True and created["keep_clubmates_apart"] is True
    changed = api.patch("/api/v1/tournaments/club-open/", {"keep_clubmates_apart": False})
    assert changed.status_code == 200 and changed.json()["keep_clubmates_apart"] is False
    refused = api.patch("/api/v1/tournaments/club-open/", {"balance_seats": "often"})
    assert refused.status_code == 400 and list(refused.json()) == ["balance_seats"]
    client.force_login(organiser)
    page = client.get("/manage/new/").content.decode()
    assert 'name="balance_seats"' in page and 'name="keep_clubmates_apart"' in page
    assert "Rotate the seat order over the rounds" in page and "Keep clubmates apart" in page


def test_the_players_table_page_says_who_chooses_first(client):
    tournament = TournamentFactory(pairing_method="swiss")
    entrants = players(tournament, 8)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    first = round_.seats.get(position=1, match__table_number=1).entrant
    page = client.get(f"/me/{first.access_token}/").content.decode()
    assert "(you)</strong> · seat 1, chooses first" in page
    assert page.count("seat 1, chooses first") == 1
    other = next(e for e in entrants if e.pk != first.pk)
    assert client.get(f"/me/{other.access_token}/").content.decode().count("seat 1, chooses") == 1
    chiefs = client.get(f"/events/{tournament.slug}/chiefs/").content.decode()
    assert "seats rotate over the rounds so that everyone" in chiefs
