"""Issue 17: organisations and seasons over the API - rules that cannot be computed are a 400
naming the field, refused changes a 409 with the reason, the table as JSON and CSV."""

import csv
import io
import random

import pytest

from leagues.models import Season
from tests.api.conftest import user_client
from tests.factories import TournamentFactory, UserFactory
from tournament.services.simulation import player_pool, register_sides, run_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss():
    return UserFactory(username="boss")


@pytest.fixture
def api(boss):
    client = user_client(boss)
    response = client.post(
        "/api/v1/organisations/",
        {"name": "East Club", "slug": "east", "region": "Eastshire"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    return client


SEASON = {
    "organisation": "east",
    "name": "Spring league",
    "slug": "spring",
    "best_of": 2,
    "planned_events": 3,
}


def test_a_season_over_the_api_from_making_it_to_its_table(api, boss, anon):
    response = api.post("/api/v1/seasons/", SEASON, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["events"] == []
    rng = random.Random(1)
    pool = player_pool(9, rng)
    for number in (1, 2):
        event = TournamentFactory(organiser=boss, slug=f"night-{number}", swiss_rounds=2)
        answer = api.post("/api/v1/seasons/spring/events/", {"event": event.slug}, format="json")
        assert answer.status_code == 201, answer.json()
        register_sides(event, 8, False, rng, pool=pool)
        run_event(event, rng)
    table = anon.get("/api/v1/seasons/spring/standings/").json()
    assert table["events"] == ["night-1", "night-2"]
    rows = table["rows"]
    assert [r["position"] for r in rows] == sorted(r["position"] for r in rows)
    assert all(r["total"] == sum(x["points"] for x in r["results"] if x["counts"]) for r in rows)
    assert rows[0]["results"][0]["field"] == 8
    response = anon.get("/api/v1/seasons/spring/standings.csv")
    assert response["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0] == [
        "position",
        "player",
        "club",
        "total",
        "events_played",
        "night-1",
        "night-2",
    ]
    assert [line[1] for line in lines[1:]] == [r["name"] for r in rows]
    assert anon.get("/api/v1/seasons/").json()["results"][0]["slug"] == "spring"


def test_best_five_of_three_is_a_field_error(api):
    response = api.post("/api/v1/seasons/", {**SEASON, "best_of": 5}, format="json")
    assert response.status_code == 400
    assert "best 5 of 3 cannot be computed" in response.json()["best_of"][0]
    assert not Season.objects.exists()
    api.post("/api/v1/seasons/", SEASON, format="json")
    response = api.patch("/api/v1/seasons/spring/", {"planned_events": 1}, format="json")
    assert response.status_code == 400 and "best 2 of 1" in response.json()["best_of"][0]
    assert Season.objects.get().planned_events == 3


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"method": "table", "points_table": []}, "points_table"),
        ({"points_table": [1] * 65}, "points_table"),
        ({"points_table": [1e12]}, "points_table"),
        ({"tiebreakers": ["coin_toss"]}, "tiebreakers"),
        ({"planned_events": 10**9}, "planned_events"),
        ({"game_system": "chess"}, "game_system"),
        ({"organisation": "not-mine-nor-anyones"}, "organisation"),
        ({"colour": "red"}, "colour"),
        ({"name": "x" * 121}, "name"),
    ],
)
def test_hostile_seasons_are_refused_by_field(api, change, field):
    response = api.post("/api/v1/seasons/", {**SEASON, **change}, format="json")
    assert response.status_code == 400 and field in response.json(), response.json()
    assert not Season.objects.exists()


def test_refused_changes_say_why_and_strangers_cannot_act(api, boss, anon):
    api.post("/api/v1/seasons/", SEASON, format="json")
    other_game = TournamentFactory(organiser=boss, game_system="eye_vs_eye", mode="standard")
    response = api.post("/api/v1/seasons/spring/events/", {"event": other_game.slug}, format="json")
    assert response.status_code == 409 and "Eye vs Eye" in response.json()["detail"]
    response = api.post("/api/v1/seasons/spring/events/", {"event": "no-such"}, format="json")
    assert response.status_code == 400 and "event" in response.json()
    stranger = user_client(UserFactory(username="stranger"))
    response = stranger.patch("/api/v1/seasons/spring/", {"best_of": 1}, format="json")
    assert response.status_code == 409 and "only the staff" in response.json()["detail"]
    assert anon.patch("/api/v1/seasons/spring/", {"best_of": 1}, format="json").status_code == 401
    response = stranger.post("/api/v1/seasons/", {**SEASON, "slug": "theirs"}, format="json")
    assert (
        response.status_code == 409 and "only the staff of East Club" in response.json()["detail"]
    )
    assert Season.objects.get().best_of == 2


def test_a_private_season_is_hidden_from_others(api, anon):
    api.post("/api/v1/seasons/", {**SEASON, "is_public": False}, format="json")
    assert anon.get("/api/v1/seasons/spring/standings/").status_code == 404
    assert anon.get("/api/v1/seasons/").json()["results"] == []
    assert api.get("/api/v1/seasons/spring/standings/").status_code == 200


def test_an_event_leaves_a_season_with_delete(api, boss):
    api.post("/api/v1/seasons/", SEASON, format="json")
    event = TournamentFactory(organiser=boss, slug="leaving")
    api.post("/api/v1/seasons/spring/events/", {"event": "leaving"}, format="json")
    assert api.delete("/api/v1/seasons/spring/events/leaving/").status_code == 204
    response = api.delete("/api/v1/seasons/spring/events/leaving/")
    assert response.status_code == 409 and "does not count" in response.json()["detail"]
    assert api.delete("/api/v1/seasons/spring/events/none-such/").status_code == 404
    assert api.post("/api/v1/seasons/spring/events/leaving/").status_code == 405
    assert not Season.objects.get().events.filter(pk=event.pk).exists()
