"""Tournaments: public reading, creation by any signed-in user, audited organiser updates."""

import pytest
from rest_framework.test import APIClient

from common.audit.channels import Channel
from common.audit.models import AuditEntry
from tests.api.conftest import user_client
from tests.factories import UserFactory, verify_email
from tournament.models import StaffRole, StaffRoleKind, Tournament

pytestmark = pytest.mark.django_db

NEW = {"name": "Autumn Open", "slug": "autumn-open", "mode": "every_eye", "swiss_rounds": 4}


def test_list_and_retrieve_by_slug(event, anon):
    data = anon.get("/api/v1/tournaments/").json()
    assert {"other-cup", "spring-cup"} <= {t["slug"] for t in data["results"]}
    detail = anon.get("/api/v1/tournaments/spring-cup/").json()
    assert detail["entrant_count"] == 8 and detail["organiser"] == "org"
    assert anon.get("/api/v1/tournaments/nope/").status_code == 404


def test_filter_by_status(event, anon):
    slugs = [t["slug"] for t in anon.get("/api/v1/tournaments/?status=swiss").json()["results"]]
    assert "spring-cup" in slugs and "other-cup" not in slugs


def test_result_form_comes_from_the_engine(event, anon):
    form = anon.get("/api/v1/tournaments/spring-cup/result-form/").json()
    assert form["mode"] == "every_eye"
    assert form["side_fields"][0]["name"] == "side"


def test_create_makes_the_user_organiser(db):
    user = UserFactory(username="maker")
    client = user_client(user)
    response = client.post("/api/v1/tournaments/", NEW, format="json")
    assert response.status_code == 201, response.json()
    tournament = Tournament.objects.get(slug="autumn-open")
    assert tournament.organiser == user
    assert StaffRole.objects.filter(
        tournament=tournament, user=user, role=StaffRoleKind.ORGANISER
    ).exists()
    entry = AuditEntry.objects.get(tournament=tournament, action="tournament.created")
    assert entry.user == user and entry.channel == Channel.API and entry.ip_address == "127.0.0.1"


def test_create_needs_credentials(db, anon):
    assert anon.post("/api/v1/tournaments/", NEW, format="json").status_code == 401


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game_system": "chess"}, "game_system"),
        ({"mode": "battle_royale"}, "mode"),
        ({"swiss_rounds": 0}, "swiss_rounds"),
        ({"preferred_pod_size": 5}, "preferred_pod_size"),
        ({"game_length_seconds": 10}, "game_length_seconds"),
        ({"points_table": {"5": [1, 2, 3, 4, 5]}}, "points_table"),
        ({"points_table": {"4": [1e6, 5e5, 2, 1]}}, "points_table"),  # issue 12.1
        ({"points_table": {"2": [2**64, 0]}}, "points_table"),
        ({"system_options": {"expected_sides": ["1"]}}, "system_options"),
        ({"system_options": {"nonsense": 1}}, "system_options"),
        ({"colour": "red"}, "colour"),
        ({"id": 7}, "id"),
    ],
)
def test_create_refuses_bad_settings_with_a_field_error(db, body, field):
    client = user_client(UserFactory())
    response = client.post("/api/v1/tournaments/", {**NEW, **body}, format="json")
    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert not Tournament.objects.filter(slug="autumn-open").exists()


def test_duplicate_slug_is_a_field_error(event):
    client = user_client(UserFactory())
    response = client.post("/api/v1/tournaments/", {**NEW, "slug": "spring-cup"}, format="json")
    assert response.status_code == 400 and "slug" in response.json()


def test_organiser_update_is_audited_with_before_and_after(event):
    client = user_client(event.organiser)
    response = client.patch(
        "/api/v1/tournaments/spring-cup/", {"venue": "Town hall", "swiss_rounds": 6}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["venue"] == "Town hall"
    entry = AuditEntry.objects.get(tournament=event.tournament, action="tournament.updated")
    assert entry.before == {"venue": "", "swiss_rounds": 5}
    assert entry.after == {"venue": "Town hall", "swiss_rounds": 6}
    assert entry.user == event.organiser


def test_staff_role_organiser_may_update_but_referee_may_not(event):
    co = UserFactory(username="co")
    StaffRole.objects.create(tournament=event.tournament, user=co, role=StaffRoleKind.ORGANISER)
    assert (
        user_client(co).patch("/api/v1/tournaments/spring-cup/", {"venue": "X"}, format="json")
    ).status_code == 200
    assert (
        user_client(event.referee).patch(
            "/api/v1/tournaments/spring-cup/", {"venue": "Y"}, format="json"
        )
    ).status_code == 403


def test_superuser_has_organiser_rights(event):
    admin = UserFactory(username="root", is_superuser=True)
    response = user_client(admin).patch(
        "/api/v1/tournaments/spring-cup/", {"venue": "HQ"}, format="json"
    )
    assert response.status_code == 200


def test_unknown_field_in_update_is_rejected(event):
    response = user_client(event.organiser).patch(
        "/api/v1/tournaments/spring-cup/", {"venue": "A", "venu": "typo"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"venu": ["Unknown field."]}


def test_delete_is_not_offered(event):
    response = user_client(event.organiser).delete("/api/v1/tournaments/spring-cup/")
    assert response.status_code == 405


def test_token_endpoint_gives_a_working_token(event):
    event.organiser.set_password("right-password-123")
    event.organiser.save()
    verify_email(event.organiser)  # mandatory verification: a confirmed address first
    client = APIClient()
    response = client.post(
        "/api/v1/auth/token/", {"username": "org", "password": "right-password-123"}
    )
    assert response.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert client.get("/api/v1/tournaments/spring-cup/audit/").status_code == 200
    bad = APIClient().post("/api/v1/auth/token/", {"username": "org", "password": "nope"})
    assert bad.status_code == 400


def test_an_unbounded_points_table_is_refused_on_update_and_changes_nothing(event):
    """Issue 12.1: a PATCH with a million points per place was accepted, then every page and
    result entry answered 500 (SQLite) or every entry failed (PostgreSQL numeric overflow)."""
    client = user_client(event.organiser)
    response = client.patch(
        "/api/v1/tournaments/spring-cup/",
        {"points_table": {"4": [1e6, 5e5, 2, 1]}},
        format="json",
    )
    assert response.status_code == 400
    assert "from 0 to 100" in str(response.json()["points_table"])
    assert Tournament.objects.get(slug="spring-cup").points_table == {}
