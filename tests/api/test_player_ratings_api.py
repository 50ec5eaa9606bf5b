"""Issue 17 over the API: a public player's ratings (history thinned like the chart) and
head-to-head (paged, ?system=); a private or missing player is a 404, whatever the id."""

import pytest
from rest_framework.test import APIClient

from leagues.logic.rating_chart import MAX_POINTS
from leagues.models import RatingChange
from tests.contract.conformance import api_document
from tests.factories import EntrantFactory, TournamentFactory, play_rated_rounds
from tournament.models import Entrant, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    cup = TournamentFactory(name="Harbour Cup")
    for i in range(8):
        EntrantFactory(tournament=cup, display_name=f"Cup {i}")
    play_rated_rounds(cup, rounds=2)
    player = Entrant.objects.filter(tournament=cup).order_by("pk").first().player
    Player.objects.filter(pk=player.pk).update(profile_public=True)
    return player


def test_the_ratings_of_a_public_player(ann):
    body = APIClient().get(f"/api/v1/players/{ann.pk}/ratings/").json()
    assert body["player"] == ann.pk
    [system] = body["systems"]
    assert system["system"] == "eye_for_an_eye" and system["games"] == 2
    assert system["provisional"] is True
    assert [p["games"] for p in system["history"]] == [1, 2]
    assert system["rating"] == pytest.approx(system["history"][-1]["rating"])
    point = system["history"][0]
    assert point["rating"] == pytest.approx(point["mu"])  # issue 35: the list ranks by mu


def test_a_long_history_is_thinned(ann):
    last = RatingChange.objects.filter(player=ann).order_by("-sequence").first()
    RatingChange.objects.bulk_create(
        RatingChange(
            system=last.system,
            player=ann,
            match_id=last.match_id,
            sequence=last.sequence + n,
            mu=last.mu + n / 1000,
            sigma=last.sigma,
            games=last.games + n,
        )
        for n in range(1, 5001)
    )
    [system] = APIClient().get(f"/api/v1/players/{ann.pk}/ratings/").json()["systems"]
    assert len(system["history"]) <= MAX_POINTS
    assert system["history"][-1]["games"] == system["games"] == 5002


def test_head_to_head_is_paged_and_can_keep_one_system(ann):
    api = APIClient()
    body = api.get(f"/api/v1/players/{ann.pk}/head-to-head/?limit=2").json()
    assert body["count"] >= 3 and len(body["results"]) == 2
    first = body["results"][0]
    assert set(first) == {"opponent", "name", "page", "games", "above", "below", "level"}
    assert first["page"] is None  # the opponent's page is private: no link
    Player.objects.filter(pk=first["opponent"]).update(profile_public=True)
    again = api.get(f"/api/v1/players/{ann.pk}/head-to-head/?limit=2").json()["results"][0]
    assert again["page"] == f"/players/{first['opponent']}/"
    same = api.get(f"/api/v1/players/{ann.pk}/head-to-head/?system=eye_for_an_eye").json()
    assert same["count"] == body["count"]
    other = api.get(f"/api/v1/players/{ann.pk}/head-to-head/?system=tsukuyumi").json()
    assert other["count"] == 0
    bad = api.get(f"/api/v1/players/{ann.pk}/head-to-head/?system=" + "x" * 500)
    assert bad.status_code == 400 and "system" in str(bad.json())


def test_a_private_or_missing_player_is_not_found(ann):
    api = APIClient()
    Player.objects.filter(pk=ann.pk).update(profile_public=False)
    for tail in ("ratings", "head-to-head"):
        assert api.get(f"/api/v1/players/{ann.pk}/{tail}/").status_code == 404
        for hostile in ("0", "99999999999999999999999999", "-1", "abc", "1.5"):
            assert api.get(f"/api/v1/players/{hostile}/{tail}/").status_code == 404


def test_the_schema_lists_both():
    """The document ``/api/schema/`` serves, as the contract tests build it once per process (a
    request for it generates it again, some 4 s of CPU)."""
    paths = api_document()["paths"]
    assert "/api/v1/players/{player_id}/ratings/" in paths
    assert "/api/v1/players/{player_id}/head-to-head/" in paths
