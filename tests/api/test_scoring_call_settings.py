"""Issue 13.6: the organiser's scoring-call settings (who calls, the gap range) through the API,
the console's create form and the database, each refusing a bad range with a clear message."""

import pytest
from django.db import IntegrityError, transaction

from tests.api.conftest import user_client
from tests.factories import TournamentFactory, UserFactory
from tournament.models import ScoringCalls, Tournament

pytestmark = pytest.mark.django_db

BODY = {"name": "Burraparay Night", "slug": "burraparay", "mode": "domination"}


def test_the_api_takes_a_gap_range_and_who_calls():
    client = user_client(UserFactory())
    body = {**BODY, "scoring_calls": "clock", "scoring_call_gap_min_seconds": 20,
            "scoring_call_gap_max_seconds": 40}  # fmt: skip
    response = client.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert (data["scoring_calls"], data["scoring_call_gap_min_seconds"]) == ("clock", 20)
    tournament = Tournament.objects.get(slug="burraparay")
    assert tournament.scoring_call_gap_max_seconds == 40


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"scoring_call_gap_min_seconds": 5}, "scoring_call_gap_min_seconds", "greater than or"),
        ({"scoring_call_gap_max_seconds": 10**9}, "scoring_call_gap_max_seconds", "less than or"),
        ({"scoring_call_gap_min_seconds": 120}, "scoring_call_gap_min_seconds", "cannot be longer"),
        ({"scoring_call_gap_min_seconds": "soon"}, "scoring_call_gap_min_seconds", "valid integer"),
        ({"scoring_calls": "sometimes"}, "scoring_calls", "not a valid choice"),
    ],
)
def test_the_api_refuses_a_bad_setting_by_name_and_changes_nothing(fields, field, message):
    tournament = TournamentFactory(mode="domination")
    client = user_client(tournament.organiser)
    url = f"/api/v1/tournaments/{tournament.slug}/"
    response = client.patch(url, fields, format="json")
    assert response.status_code == 400
    assert message in " ".join(response.json()[field])
    tournament.refresh_from_db()
    assert (tournament.scoring_calls, tournament.scoring_call_gap_min_seconds) == ("mode", 45)
    assert tournament.scoring_call_gap_max_seconds == 90


def test_the_create_form_shows_the_settings_and_refuses_a_reversed_range(client):
    client.force_login(UserFactory())
    page = client.get("/manage/new/").content.decode()
    assert 'name="scoring_calls"' in page and 'name="scoring_call_gap_min_seconds"' in page
    assert 'name="series_points"' in page and 'name="equal_team_sizes"' in page
    data = {"name": "Domination Cup", "system_mode": "eye_for_an_eye:domination",
            "rules_level": "advanced", "timing": "realtime", "swiss_rounds": 5,
            "pairing_method": "random", "preferred_pod_size": 4, "cut_tie_resolution": "game",
            "game_length_seconds": 300, "tie_policy": "shared",
            "scoring_call_gap_min_seconds": 90, "scoring_call_gap_max_seconds": 30}  # fmt: skip
    response = client.post("/manage/new/", data)
    assert response.status_code == 200
    errors = response.context["form"].errors["scoring_call_gap_max_seconds"]
    assert "cannot be longer" in errors[0]
    assert not Tournament.objects.filter(name="Domination Cup").exists()
    data.update(scoring_call_gap_min_seconds="", scoring_call_gap_max_seconds="",
                scoring_calls=ScoringCalls.OFF)  # fmt: skip
    assert client.post("/manage/new/", data).status_code == 302
    made = Tournament.objects.get(name="Domination Cup")
    assert (made.scoring_calls, made.scoring_call_gap_min_seconds) == ("off", 45)


def test_the_database_refuses_a_reversed_range_too():
    with transaction.atomic(), pytest.raises(IntegrityError):
        TournamentFactory(scoring_call_gap_min_seconds=60, scoring_call_gap_max_seconds=30)
