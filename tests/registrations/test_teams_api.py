"""Team registration through the API: every step answers as the OpenAPI document says, and a
refusal is a 409 that changes nothing."""

import pytest

from registrations.models import RegistrationStatus, TeamEntry
from tests.contract.conformance import ConformingClient
from tests.registrations.conftest import players
from tests.registrations.team_helpers import team_event

pytestmark = pytest.mark.django_db


def client_of(user) -> ConformingClient:
    client = ConformingClient()
    client.force_authenticate(user)
    return client


def test_a_captain_registers_members_join_the_captain_removes_one_a_member_leaves():
    event = team_event(capacity=8)
    captain, mate, third = players(3)
    made = client_of(captain).post(
        f"/api/v1/tournaments/{event.slug}/teams/",
        {"name": "Hex Raiders", "player_name": "Cap"},
        format="json",
    )
    assert made.status_code == 201, made.json()
    team = made.json()
    assert team["status"] == "forming" and team["team_sizes"] == [2, 3]
    again = client_of(captain).post(
        f"/api/v1/tournaments/{event.slug}/teams/", {"name": "Hex Raiders"}, format="json"
    )
    assert again.status_code == 200 and again.json()["id"] == team["id"]
    for user, code in ((mate, 201), (third, 201), (mate, 200)):
        joined = client_of(user).post(
            "/api/v1/teams/join/", {"token": team["invite_token"]}, format="json"
        )
        assert joined.status_code == code, joined.json()
    body = joined.json()
    assert body["status"] == RegistrationStatus.REGISTERED and len(body["members"]) == 3
    path = f"/api/v1/tournaments/{event.slug}/teams/{team['id']}/"
    third_id = next(m["id"] for m in body["members"] if m["name"] == third.username)
    removed = client_of(captain).post(f"{path}remove/", {"member": third_id}, format="json")
    assert removed.status_code == 200 and len(removed.json()["members"]) == 2
    assert client_of(mate).post(f"{path}leave/").status_code == 204
    seen = client_of(captain).get(path)
    assert seen.status_code == 200 and seen.json()["status"] == "forming"


def test_refusals_are_409_and_change_nothing():
    event = team_event(mode="king_of_the_hill_alliance")
    captain, mate, extra = players(3)
    token = (
        client_of(captain)
        .post(f"/api/v1/tournaments/{event.slug}/teams/", {"name": "Pair"}, format="json")
        .json()["invite_token"]
    )
    client_of(mate).post("/api/v1/teams/join/", {"token": token}, format="json")
    too_big = client_of(extra).post("/api/v1/teams/join/", {"token": token}, format="json")
    assert too_big.status_code == 409
    assert "seats teams of 2 players, not 3" in too_big.json()["detail"]
    unknown = client_of(extra).post("/api/v1/teams/join/", {"token": "nope"}, format="json")
    assert unknown.status_code == 409 and "not valid" in unknown.json()["detail"]
    long_name = client_of(extra).post(
        f"/api/v1/tournaments/{event.slug}/teams/", {"name": "x" * 61}, format="json"
    )
    assert long_name.status_code == 400
    leaving = client_of(captain).post(
        f"/api/v1/tournaments/{event.slug}/teams/{TeamEntry.objects.get().pk}/leave/"
    )
    assert leaving.status_code == 409 and "captain" in leaving.json()["detail"]
    assert TeamEntry.objects.get().members.count() == 2


def test_a_team_is_seen_by_its_members_only_and_needs_a_sign_in():
    event = team_event()
    captain, stranger = players(2)
    team = (
        client_of(captain)
        .post(f"/api/v1/tournaments/{event.slug}/teams/", {"name": "Solo"}, format="json")
        .json()
    )
    path = f"/api/v1/tournaments/{event.slug}/teams/{team['id']}/"
    assert client_of(stranger).get(path).status_code == 404
    assert ConformingClient().get(path).status_code == 401
