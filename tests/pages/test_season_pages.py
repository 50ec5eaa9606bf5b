"""Issue 17: the organisation console and the public season pages - a club and its season made
through the forms, rules that cannot be computed shown on the field, the phone-first table and
its CSV, private seasons and strangers kept out."""

import random

import pytest

from leagues.models import LeagueLogEntry, Organisation, Season
from tests.factories import TournamentFactory, UserFactory
from tournament.services.simulation import player_pool, register_sides, run_event

pytestmark = pytest.mark.django_db

SEASON_FORM = {
    "name": "Summer league",
    "slug": "summer",
    "game_system": "eye_for_an_eye",
    "method": "table",
    "points_table_text": "10, 8, 6, 4",
    "participation_points": "1",
    "best_of": "2",
    "planned_events": "3",
    "tiebreakers": ["wins", "events_played"],
    "is_public": "on",
}


@pytest.fixture
def boss(client):
    user = UserFactory(username="boss")
    client.force_login(user)
    return user


@pytest.fixture
def club(client, boss):
    response = client.post(
        "/orgs/new/", {"name": "West Club", "slug": "west", "region": "Westmoor"}
    )
    assert response.status_code == 302
    return Organisation.objects.get(slug="west")


def test_a_club_and_a_season_made_through_the_console(client, boss, club):
    page = client.get("/dashboard/").content.decode()
    assert "West Club" in page
    response = client.post("/orgs/west/seasons/new/", SEASON_FORM)
    assert response.status_code == 302, response.content.decode()[:2000]
    season = Season.objects.get()
    assert season.points_table == [10, 8, 6, 4] and season.tiebreakers == ["wins", "events_played"]
    rng = random.Random(3)
    pool = player_pool(8, rng)
    event = TournamentFactory(organiser=boss, slug="first-night", swiss_rounds=2)
    manage = client.get("/seasons/summer/manage/").content.decode()
    assert "first-night" in manage
    client.post("/seasons/summer/manage/events/", {"event": "first-night"})
    assert list(season.events.values_list("slug", flat=True)) == ["first-night"]
    register_sides(event, 8, False, rng, pool=pool)
    run_event(event, rng)
    event.refresh_from_db()
    page = client.get("/seasons/summer/").content.decode()
    assert page.count("<tr>") == 9  # the header and eight players
    assert ">10<" in page  # the winner's table points
    champion = event.champion.player.name
    assert page.index(champion) < page.index("Download the table")
    csv = client.get("/seasons/summer/standings.csv")
    assert csv.status_code == 200 and champion in csv.content.decode()
    assert "Summer league" in client.get("/seasons/").content.decode()
    assert LeagueLogEntry.objects.filter(action="season.event_added").exists()
    log = client.get("/orgs/west/").content.decode()
    assert "season.event_added · first-night" in log and "organisation.created" in log


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"best_of": "5"}, "best_of", "best 5 of 3 cannot be computed"),
        ({"points_table_text": "4, 8"}, "points_table_text", "never gets fewer points"),
        ({"points_table_text": "ten"}, "points_table_text", "Type numbers"),
        ({"points_table_text": ""}, "points_table_text", "needs points for at least"),
        ({"planned_events": "1000"}, "planned_events", "1 to 100 events"),
        ({"tiebreakers": ["coin"]}, "tiebreakers", "Select a valid choice"),
    ],
)
def test_a_season_that_cannot_be_computed_is_a_form_error(client, club, change, field, message):
    response = client.post("/orgs/west/seasons/new/", {**SEASON_FORM, **change})
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert field in errors and message.lower() in " ".join(errors[field]).lower(), errors
    assert not Season.objects.exists()


def test_strangers_and_private_seasons(client, boss, club):
    client.post("/orgs/west/seasons/new/", {**SEASON_FORM, "is_public": ""})
    assert client.get("/seasons/summer/").status_code == 200  # the staff see it
    client.logout()
    assert client.get("/seasons/summer/").status_code == 404
    assert client.get("/seasons/summer/standings.csv").status_code == 404
    client.force_login(UserFactory(username="stranger"))
    assert client.get("/seasons/summer/manage/").status_code == 403
    assert client.get("/orgs/west/").status_code == 403
    response = client.post("/seasons/summer/manage/", {**SEASON_FORM, "best_of": "1"})
    assert response.status_code == 403
    assert Season.objects.get().best_of == 2


def test_staff_are_added_by_username(client, club):
    UserFactory(username="helper")
    client.post("/orgs/west/staff/", {"username": "HELPER"})
    client.post("/orgs/west/staff/", {"username": "nobody-here"})
    assert sorted(club.staff.values_list("user__username", flat=True)) == ["boss", "helper"]
    messages = [str(m) for m in client.get("/orgs/west/").context["messages"]]
    assert any("no account called 'nobody-here'" in m for m in messages)
