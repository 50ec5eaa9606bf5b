"""Issue 17: the organiser's rating seeding setting through the API, the console's create form
and the admin - stored and audited when good, refused by name (changing nothing) when not."""

import pytest

from common.audit.models import AuditEntry
from tests.api.conftest import user_client
from tests.factories import TournamentFactory, UserFactory
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

BODY = {"name": "Seeded Open", "slug": "seeded-open", "mode": "every_eye"}


def test_the_api_creates_and_changes_the_setting_with_its_trail():
    client = user_client(UserFactory())
    response = client.post("/api/v1/tournaments/", {**BODY, "rating_seeding": "spread"})
    assert response.status_code == 201, response.json()
    assert response.json()["rating_seeding"] == "spread"
    tournament = Tournament.objects.get(slug="seeded-open")
    assert tournament.rating_seeding == "spread"
    created = AuditEntry.objects.get(tournament=tournament, action="tournament.created")
    assert created.after["rating_seeding"] == "spread"
    url = "/api/v1/tournaments/seeded-open/"
    assert client.patch(url, {"rating_seeding": "similar"}, format="json").status_code == 200
    updated = AuditEntry.objects.get(tournament=tournament, action="tournament.updated")
    assert (updated.before, updated.after) == (
        {"rating_seeding": "spread"},
        {"rating_seeding": "similar"},
    )


def test_a_new_event_is_not_seeded_unless_asked():
    client = user_client(UserFactory())
    assert client.post("/api/v1/tournaments/", BODY).json()["rating_seeding"] == "off"


@pytest.mark.parametrize("value", ["strongest", "SPREAD", "", None, 3, ["spread"], "x" * 10_000])
def test_the_api_refuses_a_bad_choice_by_name_and_changes_nothing(value):
    tournament = TournamentFactory(rating_seeding="similar")
    client = user_client(tournament.organiser)
    url = f"/api/v1/tournaments/{tournament.slug}/"
    response = client.patch(url, {"rating_seeding": value}, format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["rating_seeding"]
    tournament.refresh_from_db()
    assert tournament.rating_seeding == "similar"
    assert not AuditEntry.objects.filter(action="tournament.updated").exists()


def create_data(**overrides) -> dict:
    data = {
        "name": "Seeded Night",
        "system_mode": "eye_for_an_eye:every_eye",
        "rules_level": "advanced",
        "timing": "realtime",
        "swiss_rounds": 5,
        "pairing_method": "swiss",
        "preferred_pod_size": 4,
        "cut_tie_resolution": "game",
        "game_length_seconds": 300,
        "tie_policy": "shared",
    }
    return data | overrides


def test_the_create_form_offers_the_setting_and_refuses_an_unknown_choice(client):
    client.force_login(UserFactory())
    page = client.get("/manage/new/").content.decode()
    assert 'name="rating_seeding"' in page and "Seat by rating" in page
    response = client.post("/manage/new/", create_data(rating_seeding="strongest"))
    assert response.status_code == 200
    assert (
        "not one of the available choices" in response.context["form"].errors["rating_seeding"][0]
    )
    assert not Tournament.objects.filter(name="Seeded Night").exists()
    assert client.post("/manage/new/", create_data(rating_seeding="similar")).status_code == 302
    assert Tournament.objects.get(name="Seeded Night").rating_seeding == "similar"


def test_the_create_form_left_empty_seats_by_chance(client):
    client.force_login(UserFactory())
    assert client.post("/manage/new/", create_data()).status_code == 302
    assert Tournament.objects.get(name="Seeded Night").rating_seeding == "off"


def test_the_admin_edits_the_setting(client):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    tournament = TournamentFactory()
    page = client.get(f"/admin/tournament/tournament/{tournament.pk}/change/").content.decode()
    assert 'name="rating_seeding"' in page and "Spread by rating" in page
