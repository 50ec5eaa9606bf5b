"""The registration API: the policy, registering (201 then 200), withdrawing, the organiser's
actions, who may see and do what, and bad input that changes nothing."""

import pytest

from accounts.tokens import issue as issue_token
from common.audit.models import AuditEntry
from registrations.models import Registration, RegistrationPolicy, RegistrationStatus
from tests.contract.conformance import ConformingClient
from tests.factories import UserFactory, verify_email
from tests.registrations.conftest import open_event, players

pytestmark = pytest.mark.django_db


def api(user=None) -> ConformingClient:
    """A client checked against the OpenAPI document, signed in with ``user``'s token."""
    client = ConformingClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(verify_email(user), 't').key}")
    return client


def url(tournament, tail: str = "") -> str:
    return f"/api/v1/tournaments/{tournament.slug}/registrations/{tail}"


def policy_url(tournament) -> str:
    return f"/api/v1/tournaments/{tournament.slug}/registration-policy/"


POLICY = {
    "self_service": True,
    "opens_at": None,
    "closes_at": None,
    "capacity": 1,
    "waitlist": True,
    "who_may": "anyone",
    "entry_code": "",
    "review": False,
    "fee_note": "5 EUR at the door",
}


def test_the_organiser_reads_and_sets_the_policy(db):
    tournament = open_event()
    organiser = api(tournament.organiser)
    assert organiser.get(policy_url(tournament)).json()["self_service"] is True
    answer = organiser.put(policy_url(tournament), POLICY)
    assert answer.status_code == 200 and answer.json()["capacity"] == 1
    assert RegistrationPolicy.objects.get(tournament=tournament).fee_note == "5 EUR at the door"


@pytest.mark.parametrize(
    "change",
    [
        {"capacity": 0},
        {"capacity": 10_001},
        {"fee_note": "x" * 501},
        {"entry_code": "c" * 41},
        {"who_may": "everyone"},
        {"surprise": 1},
    ],
)
def test_a_policy_out_of_bounds_is_refused_and_changes_nothing(db, change):
    tournament = open_event(capacity=7)
    answer = api(tournament.organiser).put(policy_url(tournament), POLICY | change)
    assert answer.status_code == 400
    assert RegistrationPolicy.objects.get(tournament=tournament).capacity == 7


@pytest.mark.parametrize(
    "change",
    [
        {"who_may": "code", "entry_code": ""},
        {"opens_at": "2030-01-02T10:00:00Z", "closes_at": "2030-01-01T10:00:00Z"},
    ],
)
def test_a_policy_at_odds_with_itself_is_refused_with_the_reason(db, change):
    tournament = open_event(capacity=7)
    answer = api(tournament.organiser).put(policy_url(tournament), POLICY | change)
    assert answer.status_code == 409 and answer.json()["detail"]
    assert RegistrationPolicy.objects.get(tournament=tournament).capacity == 7


def test_a_stranger_cannot_read_or_set_the_policy(db):
    tournament = open_event(capacity=7)
    (stranger,) = players(1, prefix="stranger")
    assert api(stranger).get(policy_url(tournament)).status_code == 403
    assert api(stranger).put(policy_url(tournament), POLICY).status_code == 403
    assert api().get(policy_url(tournament)).status_code == 401


def test_register_answers_201_then_200_with_the_same_registration(db):
    tournament = open_event(capacity=5)
    (player,) = players(1)
    client = api(player)
    first = client.post(url(tournament), {"name": "Ada", "name_listed": True})
    again = client.post(url(tournament), {"name": "Ada"})
    assert first.status_code == 201 and again.status_code == 200
    assert first.json()["id"] == again.json()["id"]
    assert first.json()["status"] == "registered" and first.json()["access_token"]


def test_registering_needs_an_account(db):
    tournament = open_event(capacity=5)
    assert api().post(url(tournament), {"name": "Nobody"}).status_code == 401


@pytest.mark.parametrize("body", [{"name": ""}, {"name": "n" * 121}, {"name": "A", "x": 1}])
def test_a_bad_registration_body_is_refused_and_makes_nothing(db, body):
    tournament = open_event(capacity=5)
    (player,) = players(1)
    assert api(player).post(url(tournament), body).status_code == 400
    assert not Registration.objects.exists()


def test_a_full_event_without_a_waitlist_answers_409(db):
    tournament = open_event(capacity=1, waitlist=False)
    first, second = players(2)
    api(first).post(url(tournament), {"name": "First"})
    answer = api(second).post(url(tournament), {"name": "Second"})
    assert answer.status_code == 409 and "full" in answer.json()["detail"]


def test_a_player_sees_only_their_own_the_organiser_all(db):
    tournament = open_event(capacity=5)
    first, second = players(2)
    api(first).post(url(tournament), {"name": "First"})
    api(second).post(url(tournament), {"name": "Second"})
    own = api(first).get(url(tournament)).json()["results"]
    assert [row["name"] for row in own] == ["First"]
    every = api(tournament.organiser).get(url(tournament)).json()["results"]
    assert [row["name"] for row in every] == ["First", "Second"]


def test_a_stranger_cannot_act_on_anothers_registration(db):
    tournament = open_event(capacity=5)
    owner, stranger = players(2)
    registration_id = api(owner).post(url(tournament), {"name": "Owner"}).json()["id"]
    client = api(stranger)
    assert client.post(url(tournament, f"{registration_id}/withdraw/"), {}).status_code == 404
    for action, body in [("paid", {"paid": True}), ("decline", {"message": "no"})]:
        assert client.post(url(tournament, f"{registration_id}/{action}/"), body).status_code == 403
    registration = Registration.objects.get(pk=registration_id)
    assert registration.status == RegistrationStatus.REGISTERED and not registration.paid


def test_withdrawing_promotes_the_first_waitlisted(db):
    tournament = open_event(capacity=1)
    first, second = players(2)
    first_id = api(first).post(url(tournament), {"name": "First"}).json()["id"]
    waiting = api(second).post(url(tournament), {"name": "Second"}).json()
    assert waiting["status"] == "waitlisted" and waiting["waitlist_position"] == 1
    answer = api(first).post(url(tournament, f"{first_id}/withdraw/"), {})
    assert answer.status_code == 200 and answer.json()["status"] == "withdrawn"
    promoted = api(second).get(url(tournament)).json()["results"][0]
    assert promoted["status"] == "registered" and promoted["access_token"]
    assert AuditEntry.objects.filter(tournament=tournament, action="registration.promoted").exists()


def test_the_organiser_reviews_promotes_moves_and_marks_paid(db):
    tournament = open_event(capacity=1, review=True)
    ann, bob, cid = players(3)
    ids = [
        api(user).post(url(tournament), {"name": name}).json()["id"]
        for user, name in [(ann, "Ann"), (bob, "Bob"), (cid, "Cid")]
    ]
    organiser = api(tournament.organiser)
    accepted = organiser.post(url(tournament, f"{ids[0]}/accept/"), {"message": "welcome"})
    assert accepted.json()["status"] == "registered"
    assert organiser.post(url(tournament, f"{ids[1]}/accept/"), {}).json()["status"] == (
        "waitlisted"
    )
    declined = organiser.post(url(tournament, f"{ids[2]}/decline/"), {"message": "full club"})
    assert declined.json()["status"] == "declined"
    full = organiser.post(url(tournament, f"{ids[1]}/promote/"), {})
    assert full.status_code == 409
    over = organiser.post(url(tournament, f"{ids[1]}/promote/"), {"over_capacity": True})
    assert over.json()["status"] == "registered"
    paid = organiser.post(url(tournament, f"{ids[0]}/paid/"), {"paid": True})
    assert paid.json()["paid"] is True


def test_moving_in_the_waitlist_changes_its_order(db):
    tournament = open_event(capacity=1)
    users = players(4)
    ids = [api(u).post(url(tournament), {"name": u.username}).json()["id"] for u in users]
    organiser = api(tournament.organiser)
    moved = organiser.post(url(tournament, f"{ids[3]}/move/"), {"position": 1})
    assert moved.status_code == 200 and moved.json()["waitlist_position"] == 1
    order = [
        row["id"]
        for row in organiser.get(url(tournament)).json()["results"]
        if row["status"] == "waitlisted"
    ]
    assert sorted(order, key=lambda pk: Registration.objects.get(pk=pk).queue_number) == [
        ids[3],
        ids[1],
        ids[2],
    ]
    assert organiser.post(url(tournament, f"{ids[1]}/move/"), {"position": 0}).status_code == 400


def test_a_private_event_is_not_found_for_a_stranger(db):
    tournament = open_event(capacity=5)
    tournament.is_public = False
    tournament.save()
    stranger = UserFactory(username="outsider", email="o@example.org")
    assert api(stranger).post(url(tournament), {"name": "Out"}).status_code == 404
