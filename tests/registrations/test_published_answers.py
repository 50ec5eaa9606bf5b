"""The answers the field may read: none before round 1 is paired; then the public questions'
answers of the players who agreed to be listed, and nothing else."""

import pytest

from common.audit.actor import Actor
from registrations.services.answers import save_answers
from registrations.services.questions import add_question
from tests.registrations.desk_setup import desk_event
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db

PAGE = "/events/cup/answers/"


@pytest.fixture
def desk():
    desk = desk_event()
    organiser = Actor(user=desk.organiser)
    chief = add_question(
        desk.tournament, label="Your chief", kind="choice", choices=["Yarra", "Bunji"],
        public=True, actor=organiser,
    )  # fmt: skip
    phone = add_question(desk.tournament, label="Phone number", kind="text", actor=organiser)
    answers = {"Ann": "Yarra", "Bob": "Bunji", "Cy": "Yarra", "Di": "Bunji"}
    for name, pick in answers.items():
        registration = desk.player(name, name_listed=name != "Di")
        save_answers(
            registration, {chief.pk: pick, phone.pk: f"555-{name}"}, Actor(user=registration.user)
        )
    desk.tournament.is_public = True
    desk.tournament.save()
    return desk


def test_nothing_is_published_before_round_1(client, desk):
    assert client.get(PAGE).status_code == 404
    assert PAGE not in client.get("/events/cup/").content.decode()


def test_after_round_1_the_listed_players_public_answers_are_shown(client, desk):
    generate_swiss_round(desk.tournament, seed=1)
    page = client.get(PAGE)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Your chief" in text and "<h2>Ann</h2>" in text and "Bunji" in text
    assert "<h2>Di</h2>" not in text  # not listed
    assert "Phone number" not in text and "555-" not in text  # not a public question
    assert f'href="{PAGE}"' in client.get("/events/cup/").content.decode()


def test_a_private_event_keeps_its_answers_from_strangers(client, desk):
    generate_swiss_round(desk.tournament, seed=1)
    desk.tournament.is_public = False
    desk.tournament.save()
    assert client.get(PAGE).status_code == 404
