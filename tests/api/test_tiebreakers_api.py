"""Tiebreakers follow the game mode unless the organiser sets an order the mode offers
(issue 13.1: per-mode defaults; issue 12.6: unknown tiebreakers refused)."""

import pytest

from tests.api.conftest import user_client
from tests.factories import UserFactory
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

VP_DEFAULTS = ["vp", "health_left", "strength_of_schedule", "first_places"]
BATTLE_DEFAULTS = ["victory_cup_tokens", "strength_of_schedule", "first_places"]


def create(client, **body):
    return client.post(
        "/api/v1/tournaments/",
        {"name": "Hill Night", "slug": "hill-night", "swiss_rounds": 3, **body},
        format="json",
    )


@pytest.mark.parametrize(
    ("system", "mode", "expected"),
    [
        ("eye_for_an_eye", "every_eye", BATTLE_DEFAULTS),
        ("eye_for_an_eye", "king_of_the_hill", VP_DEFAULTS),
        ("eye_for_an_eye", "domination", VP_DEFAULTS),
        (
            "eye_for_an_eye",
            "nymphlet_ceremony",
            VP_DEFAULTS,
        ),
        ("eye_vs_eye", "standard", ["viewpoints", "strength_of_schedule", "first_places"]),
        ("tsukuyumi", "standard", ["vp", "strength_of_schedule", "first_places"]),
    ],
)
def test_a_new_event_breaks_ties_by_its_modes_defaults(system, mode, expected):
    client = user_client(UserFactory())
    response = create(client, game_system=system, mode=mode)
    assert response.status_code == 201, response.json()
    detail = client.get("/api/v1/tournaments/hill-night/").json()
    assert detail["tiebreakers"] == expected
    assert detail["tiebreakers_are_defaults"] is True
    assert Tournament.objects.get(slug="hill-night").standings_tiebreakers() == expected


def test_changing_the_mode_changes_default_tiebreakers_but_keeps_an_organisers_order():
    client = user_client(UserFactory())
    assert create(client, mode="every_eye").status_code == 201
    url = "/api/v1/tournaments/hill-night/"
    assert client.patch(url, {"mode": "king_of_the_hill"}, format="json").status_code == 200
    assert client.get(url).json()["tiebreakers"] == VP_DEFAULTS

    own = ["first_places", "vp"]
    assert client.patch(url, {"tiebreakers": own}, format="json").status_code == 200
    assert client.patch(url, {"mode": "domination"}, format="json").status_code == 200
    detail = client.get(url).json()
    assert detail["tiebreakers"] == own and detail["tiebreakers_are_defaults"] is False

    # [] hands the order back to the game.
    assert client.patch(url, {"tiebreakers": []}, format="json").status_code == 200
    assert client.get(url).json()["tiebreakers"] == VP_DEFAULTS


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"mode": "domination", "tiebreakers": ["victory_cup_tokens"]}, "'victory_cup_tokens'"),
        ({"tiebreakers": ["nonsense"]}, "'nonsense' is not a tiebreaker of Every Eye"),
        ({"tiebreakers": ["stat:anything"]}, "'stat:anything'"),
        ({"tiebreakers": ["first_places", "first_places"]}, "more than once"),
        ({"tiebreakers": ["first_places"] * 11}, "no more than 10"),
    ],
)
def test_a_tiebreaker_the_mode_does_not_offer_is_refused_by_name(body, needle):
    client = user_client(UserFactory())
    response = create(client, **body)
    assert response.status_code == 400
    errors = response.json()["tiebreakers"]
    assert any(needle in str(message) for message in errors), errors
    assert not Tournament.objects.filter(slug="hill-night").exists()


def test_a_mode_change_that_strands_the_organisers_order_is_refused():
    client = user_client(UserFactory())
    assert create(client, tiebreakers=["victory_cup_tokens", "first_places"]).status_code == 201
    url = "/api/v1/tournaments/hill-night/"
    response = client.patch(url, {"mode": "king_of_the_hill"}, format="json")
    assert response.status_code == 400
    assert "'victory_cup_tokens' is not a tiebreaker of King of the Hill" in str(
        response.json()["tiebreakers"]
    )
    assert Tournament.objects.get(slug="hill-night").mode == "every_eye"
