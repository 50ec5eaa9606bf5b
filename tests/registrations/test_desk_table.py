"""The registrations table: states, filters, answers, the organiser's actions, the CSV."""

import csv
import io

import pytest

from common.audit.actor import Actor
from registrations.models import RegistrationStatus
from registrations.services.answers import save_answers
from registrations.services.questions import add_question
from tests.registrations.desk_setup import desk_event

pytestmark = pytest.mark.django_db

TABLE = "/events/cup/manage/registrations/"


def act(client, registration, action, **data):
    return client.post(f"{TABLE}{registration.pk}/{action}/", data, follow=True)


@pytest.fixture
def full():
    """Two places: Ann and Bob in, Cy and Di waitlisted; everyone answers the club question."""
    desk = desk_event(capacity=2)
    organiser = Actor(user=desk.organiser)
    club = add_question(desk.tournament, label="Your club", kind="text", actor=organiser)
    desk.people = [desk.player(name) for name in ("Ann", "Bob", "Cy", "Di")]
    answers = ["Eyes", '=HYPERLINK("x")', "Cups", "@SUM(1)"]
    for person, answer in zip(desk.people, answers, strict=True):
        save_answers(person, {club.pk: answer}, Actor(user=person.user))
    return desk


def test_the_table_shows_each_state_waitlist_place_and_answer(client, full):
    client.force_login(full.organiser)
    page = client.get(TABLE).content.decode()
    for name in ("Ann", "Bob", "Cy", "Di", "Your club", "Eyes", "Cups"):
        assert name in page
    assert "Waitlisted no. 1" in page and "Waitlisted no. 2" in page
    assert "Registered (2)" in page and "Waitlisted (2)" in page


def test_a_filter_shows_one_state(client, full):
    client.force_login(full.organiser)
    page = client.get(TABLE + "?show=waitlisted").content.decode()
    assert "Cy" in page and "Di" in page
    assert "Ann" not in page


def test_the_organiser_marks_paid_and_takes_it_back(client, full):
    client.force_login(full.organiser)
    ann = full.people[0]
    assert "Ann has paid." in act(client, ann, "paid", paid="1").content.decode()
    ann.refresh_from_db()
    assert ann.paid is True
    act(client, ann, "paid", paid="0")
    ann.refresh_from_db()
    assert ann.paid is False
    page = client.get(TABLE + "?show=paid").content.decode()
    assert "Ann" not in page


def test_the_organiser_reorders_and_promotes_the_waitlist(client, full):
    client.force_login(full.organiser)
    di = full.people[3]
    act(client, di, "move", position="1")
    page = client.get(TABLE + "?show=waitlisted").content.decode()
    assert page.index("Di") < page.index("Cy")
    refused = act(client, di, "promote").content.decode()
    assert "The event is full" in refused
    di.refresh_from_db()
    assert di.status == RegistrationStatus.WAITLISTED
    act(client, di, "promote", over_capacity="1")
    di.refresh_from_db()
    assert di.status == RegistrationStatus.REGISTERED and di.entrant_id


def test_a_move_to_no_place_is_refused_and_changes_nothing(client, full):
    client.force_login(full.organiser)
    di = full.people[3]
    page = act(client, di, "move", position="first").content.decode()
    assert "whole number" in page
    di.refresh_from_db()
    assert di.queue_number == 4


def test_review_mode_accepts_and_declines_with_a_message(client):
    desk = desk_event(review=True)
    ann, bob = desk.player("Ann"), desk.player("Bob")
    client.force_login(desk.organiser)
    pending = client.get(TABLE + "?show=pending").content.decode()
    assert "Ann" in pending and "Bob" in pending and "Awaiting review (2)" in pending
    assert "Say why" in act(client, bob, "decline", message="").content.decode()
    bob.refresh_from_db()
    assert bob.status == RegistrationStatus.PENDING
    act(client, ann, "accept", message="Welcome!")
    act(client, bob, "decline", message="Club members only this time.")
    ann.refresh_from_db()
    bob.refresh_from_db()
    assert (ann.status, ann.organiser_message) == (RegistrationStatus.REGISTERED, "Welcome!")
    assert bob.status == RegistrationStatus.DECLINED
    page = client.get(TABLE).content.decode()
    assert "Club members only this time." in page


def test_an_unknown_action_changes_nothing(client, full):
    client.force_login(full.organiser)
    page = act(client, full.people[0], "delete").content.decode()
    assert "There is no such action." in page


def test_the_csv_has_every_column_and_answer_and_runs_no_formula(client, full):
    client.force_login(full.organiser)
    response = client.get(TABLE + "registrations.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:5] == ["queue", "name", "account", "email", "status"]
    assert rows[0][-1] == "Your club"
    by_name = {row[1]: row for row in rows[1:]}
    assert by_name["Ann"][4] == "registered" and by_name["Ann"][-1] == "Eyes"
    assert by_name["Cy"][5] == "1"
    assert by_name["Bob"][-1] == '\'=HYPERLINK("x")'
    assert by_name["Di"][-1] == "'@SUM(1)"
    assert by_name["Ann"][3] == "ann@example.org"
