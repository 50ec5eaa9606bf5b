"""The registration questions through the API: read by whoever sees the event, written by its
organisers (409 with a sentence when the service refuses), and a registration's answers."""

import pytest

from accounts.tokens import issue as issue_token
from common.audit.actor import Actor
from registrations.models import Registration, RegistrationAnswer, RegistrationQuestion
from registrations.services.questions import add_question
from tests.contract.conformance import ConformingClient
from tests.factories import UserFactory, verified_user, verify_email
from tests.registrations.desk_setup import desk_event

pytestmark = pytest.mark.django_db

URL = "/api/v1/tournaments/cup/registration-questions/"


def client_of(user=None) -> ConformingClient:
    client = ConformingClient()
    if user is not None:
        key = issue_token(verify_email(user), "tests").key
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def desk():
    desk = desk_event()
    desk.tournament.is_public = True
    desk.tournament.save()
    return desk


def test_the_organiser_writes_the_questions(desk):
    api = client_of(desk.organiser)
    made = api.post(URL, {"label": "Chief", "kind": "choice", "choices": ["Yarra", "Bunji"]})
    assert made.status_code == 201, made.json()
    club = api.post(URL, {"label": "Club", "kind": "text", "public": True}).json()
    moved = api.post(f"{URL}{club['id']}/move/", {"position": 1})
    assert [q["label"] for q in moved.json()] == ["Club", "Chief"]
    changed = api.put(f"{URL}{club['id']}/", {"label": "Your club", "kind": "text"})
    assert changed.json()["label"] == "Your club" and changed.json()["public"] is False
    assert api.delete(f"{URL}{made.json()['id']}/").status_code == 204
    assert [q["label"] for q in client_of().get(URL).json()] == ["Your club"]


def test_a_refused_question_is_a_409_and_changes_nothing(desk):
    api = client_of(desk.organiser)
    response = api.post(URL, {"label": "Chief", "kind": "choice", "choices": ["Yarra"]})
    assert response.status_code == 409
    assert "at least two choices" in response.json()["detail"]
    response = api.post(URL, {"label": "Chief", "kind": "text", "colour": "red"})
    assert response.status_code == 400 and "colour" in response.json()
    assert not RegistrationQuestion.objects.exists()


def test_only_organisers_write(desk):
    ann = desk.player("Ann")
    for user in (desk.referee, ann.user, UserFactory(username="stranger")):
        assert client_of(user).post(URL, {"label": "Club", "kind": "text"}).status_code == 403
    assert client_of().post(URL, {"label": "Club", "kind": "text"}).status_code == 401
    assert not RegistrationQuestion.objects.exists()


def test_a_player_answers_through_the_api(desk):
    chief = add_question(
        desk.tournament, label="Chief", kind="choice", choices=["Yarra", "Bunji"], required=True,
        actor=Actor(user=desk.organiser),
    )  # fmt: skip
    ann, bob = desk.player("Ann"), desk.player("Bob")
    url = f"/api/v1/tournaments/cup/registrations/{ann.pk}/answers/"
    api = client_of(ann.user)
    refused = api.put(url, {"answers": {str(chief.pk): "Zorro"}})
    assert (
        refused.status_code == 409
        and "Choose one of the answers offered" in refused.json()["detail"]
    )
    done = api.put(url, {"answers": {str(chief.pk): "Bunji"}})
    assert done.status_code == 200 and done.json() == {"answers": {str(chief.pk): "Bunji"}}
    assert client_of(bob.user).get(url).status_code == 403
    assert client_of(desk.organiser).get(url).json() == {"answers": {str(chief.pk): "Bunji"}}
    assert list(RegistrationAnswer.objects.values_list("value", flat=True)) == ["Bunji"]


def test_answers_come_with_the_registration(desk):
    chief = add_question(
        desk.tournament, label="Chief", kind="choice", choices=["Yarra", "Bunji"], required=True,
        actor=Actor(user=desk.organiser),
    )  # fmt: skip
    url = "/api/v1/tournaments/cup/registrations/"
    api = client_of(verified_user("ann"))
    refused = api.post(url, {"name": "Ann", "answers": {}})
    assert (
        refused.status_code == 409
        and "Chief: This question needs an answer" in refused.json()["detail"]
    )
    assert not Registration.objects.exists()
    made = api.post(url, {"name": "Ann", "answers": {str(chief.pk): "Yarra"}})
    assert made.status_code == 201, made.json()
    assert made.json()["answers"] == {str(chief.pk): "Yarra"}
    listed = client_of(desk.organiser).get(url).json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert rows[0]["answers"] == {str(chief.pk): "Yarra"}
