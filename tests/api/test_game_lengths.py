"""Issue 13.14: a round may run longer than two hours where the game does (Tsukuyumi), and no
longer than its game allows anywhere else; the console form, the API and the clock agree."""

import pytest

from engine import api as engine_api
from tests.api.conftest import user_client
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Tournament
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

FOUR_HOURS = 4 * 3600


def test_each_mode_names_its_longest_game():
    assert engine_api.max_game_seconds("tsukuyumi", "standard") == 8 * 3600
    assert engine_api.max_game_seconds("eye_for_an_eye", "every_eye") == 2 * 3600
    assert engine_api.describe("tsukuyumi", "standard")["max_game_seconds"] == 8 * 3600


@pytest.mark.parametrize(
    ("system", "mode", "accepted"),
    [("tsukuyumi", "standard", True), ("eye_for_an_eye", "every_eye", False)],
)
def test_the_api_takes_a_four_hour_game_only_where_the_game_lasts_that_long(system, mode, accepted):
    client = user_client(UserFactory())
    body = {"name": "Long night", "slug": "long-night", "game_system": system, "mode": mode,
            "game_length_seconds": FOUR_HOURS}  # fmt: skip
    response = client.post("/api/v1/tournaments/", body, format="json")
    if accepted:
        assert response.status_code == 201, response.json()
        assert Tournament.objects.get(slug="long-night").game_length_seconds == FOUR_HOURS
    else:
        assert response.status_code == 400
        assert "at most 120 minutes" in response.json()["game_length_seconds"][0]


def test_the_console_form_says_the_same(client):
    client.force_login(UserFactory())
    data = {"name": "Long night", "slug": "long-night", "system_mode": "eye_for_an_eye:every_eye",
            "starts_on": "2026-12-01", "rules_level": "advanced", "timing": "realtime",
            "swiss_rounds": 5, "pairing_method": "random", "preferred_pod_size": 4,
            "cut_tie_resolution": "game", "game_length_seconds": FOUR_HOURS,
            "tie_policy": "shared"}  # fmt: skip
    response = client.post("/manage/new/", data)
    assert response.status_code == 200
    assert "at most 120 minutes" in response.context["form"].errors["game_length_seconds"][0]
    data["system_mode"] = "tsukuyumi:standard"
    response = client.post("/manage/new/", data)
    assert response.status_code == 302
    assert Tournament.objects.get(slug="long-night").game_length_seconds == FOUR_HOURS


def test_the_clock_runs_a_four_hour_tsukuyumi_round_but_not_a_four_hour_battle():
    for system, mode, allowed in (("tsukuyumi", "standard", True),
                                  ("eye_for_an_eye", "every_eye", False)):  # fmt: skip
        tournament = TournamentFactory(game_system=system, mode=mode)
        EntrantFactory.create_batch(4, tournament=tournament)
        round_ = publish_round(generate_swiss_round(tournament, seed=1))
        if allowed:
            started = clock.start(round_, seconds=FOUR_HOURS)
            assert started.game_length_seconds == FOUR_HOURS
        else:
            with pytest.raises(clock.ClockError):
                clock.start(round_, seconds=FOUR_HOURS)
