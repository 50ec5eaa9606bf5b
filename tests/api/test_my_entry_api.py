"""Issue 36 items 8, 9 and 11 through the API: a player's own door with their private link
(``/tournaments/<slug>/me/``: attendance, check-in by tap or venue code, drop and undo), and the
organiser's "drop everyone not checked in". Every answer is checked against the OpenAPI
document."""

import pytest

from accounts.tokens import issue as issue_token
from common.audit.models import AuditEntry
from tests.contract.conformance import ConformingClient
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, verify_email
from tournament.models import EntrantStatus, StaffRole, StaffRoleKind, TournamentStatus
from tournament.services import registration
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db

ME = "/api/v1/tournaments/attend/me/"
NO_SHOWS = "/api/v1/tournaments/attend/entrants/drop-not-checked-in/"


@pytest.fixture
def event():
    boss = UserFactory(username="attend-boss")
    tournament = TournamentFactory(
        slug="attend", organiser=boss, status=TournamentStatus.REGISTRATION
    )
    StaffRole.objects.create(tournament=tournament, user=boss, role=StaffRoleKind.ORGANISER)
    for i in range(6):
        EntrantFactory(tournament=tournament, display_name=f"Attendee {i}")
    return tournament


def player(entrant) -> ConformingClient:
    client = ConformingClient()
    client.credentials(HTTP_X_ENTRANT_TOKEN=entrant.access_token)
    return client


def staff(user) -> ConformingClient:
    client = ConformingClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(verify_email(user), 't').key}")
    return client


def test_the_player_reads_their_entry(event):
    entrant = event.entrants.first()
    body = player(entrant).get(ME).json()
    assert body["id"] == entrant.pk and body["status"] == "registered"
    assert body["check_in_open"] is True and body["may_drop"] is True
    assert body["can_undo_drop"] is False


def test_check_in_by_tap_and_by_code(event):
    first, second = event.entrants.order_by("id")[:2]
    response = player(first).post(f"{ME}check-in/", {})
    assert response.status_code == 200 and response.json()["status"] == "checked_in"
    response = player(second).post(f"{ME}check-in/", {"code": event.check_in_code})
    assert response.status_code == 200 and response.json()["status"] == "checked_in"
    channels = set(
        AuditEntry.objects.filter(action="entrant.checked_in").values_list("channel", flat=True)
    )
    assert channels == {"api"}


def test_a_wrong_code_is_409_and_guessing_is_429(event, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "check_in_code": "2/10m"}
    entrant = event.entrants.first()
    wrong = "000000" if event.check_in_code != "000000" else "111111"
    client = player(entrant)
    for _ in range(2):
        response = client.post(f"{ME}check-in/", {"code": wrong})
        assert response.status_code == 409
        assert "not the code shown at the venue" in response.json()["detail"]
    response = client.post(f"{ME}check-in/", {"code": event.check_in_code})
    assert response.status_code == 429 and response["Retry-After"]
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.REGISTERED


@pytest.mark.parametrize(
    "body", [{"code": "x" * 21}, {"code": ["7KQ2XM"]}, {"code": ""}, {"unknown": "field"}]
)
def test_a_malformed_check_in_body_is_400_and_changes_nothing(event, body):
    entrant = event.entrants.first()
    assert player(entrant).post(f"{ME}check-in/", body).status_code == 400
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.REGISTERED


def test_drop_twice_and_undo(event):
    entrant = event.entrants.first()
    client = player(entrant)
    response = client.post(f"{ME}drop/", {})
    assert response.status_code == 200
    assert response.json()["status"] == "dropped" and response.json()["can_undo_drop"] is True
    again = client.post(f"{ME}drop/", {})
    assert again.status_code == 409 and "already dropped out" in again.json()["detail"]
    response = client.post(f"{ME}undo-drop/", {})
    assert response.status_code == 200 and response.json()["status"] == "registered"
    actions = list(
        AuditEntry.objects.filter(target_id=str(entrant.pk)).values_list("action", "channel")
    )
    assert sorted(actions) == [("entrant.dropped", "api"), ("entrant.reinstated", "api")]


def test_undo_after_the_next_round_was_paired_is_409(event):
    entrant = event.entrants.first()
    client = player(entrant)
    client.post(f"{ME}drop/", {})
    generate_swiss_round(event, seed=2)
    response = client.post(f"{ME}undo-drop/", {})
    assert response.status_code == 409 and "can no longer be undone" in response.json()["detail"]
    assert client.get(ME).json()["can_undo_drop"] is False


def test_no_link_is_401_and_someone_elses_is_403(event):
    other_event = TournamentFactory(slug="elsewhere", status=TournamentStatus.REGISTRATION)
    stranger = EntrantFactory(tournament=other_event)
    anonymous = ConformingClient()
    for path in ("", "check-in/", "drop/", "undo-drop/"):
        call = anonymous.get if not path else anonymous.post
        assert call(f"{ME}{path}").status_code == 401
        call = player(stranger).get if not path else player(stranger).post
        assert call(f"{ME}{path}").status_code == 403
    assert staff(event.organiser).post(f"{ME}drop/", {}).status_code == 403
    assert not event.entrants.exclude(status=EntrantStatus.REGISTERED).exists()


def test_the_organiser_drops_everyone_not_checked_in(event):
    for entrant in event.entrants.order_by("id")[:4]:
        registration.check_in(entrant)
    client = staff(event.organiser)
    stale = client.post(NO_SHOWS, {"expected": 3})
    assert stale.status_code == 409 and "2 players are not checked in now" in stale.json()["detail"]
    response = client.post(NO_SHOWS, {"expected": 2})
    assert response.status_code == 200 and response.json()["dropped"] == 2
    assert event.entrants.filter(status=EntrantStatus.DROPPED).count() == 2
    assert AuditEntry.objects.filter(action="entrant.dropped", channel="api").count() == 2


def test_only_the_organiser_drops_the_no_shows(event):
    entrant = event.entrants.first()
    registration.check_in(entrant)
    assert player(entrant).post(NO_SHOWS, {"expected": 5}).status_code == 403
    assert ConformingClient().post(NO_SHOWS, {"expected": 5}).status_code == 401
    stranger = UserFactory(username="stranger")
    assert staff(stranger).post(NO_SHOWS, {"expected": 5}).status_code in (403, 404)
    assert staff(event.organiser).post(NO_SHOWS, {}).status_code == 400
    assert not event.entrants.filter(status=EntrantStatus.DROPPED).exists()
