"""The player's door (issue 36, items 6 and 8 before the event): the event page says whether one
can register, the registration page registers in one tap (twice is once), the answer page says
where the registration stands, and bad input changes nothing."""

import datetime

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from registrations.models import Registration, RegistrationStatus, WhoMay
from registrations.services.register import register_once
from registrations.services.review import decline
from registrations.services.withdraw import withdraw
from tests.factories import TournamentFactory
from tests.registrations.conftest import open_event, organiser_actor, player_actor, players
from tests.registrations.pages import page

pytestmark = pytest.mark.django_db


def sign_in(client, user):
    client.force_login(user)
    return client


def post_register(client, tournament, **fields):
    data = {"name": fields.pop("name", "Ann Archer"), **fields}
    return client.post(f"/events/{tournament.slug}/register/", data)


def registered(client, tournament, user, **fields):
    """``user`` registers through the page; their registration."""
    fields.setdefault("name", user.username.title())
    response = post_register(sign_in(client, user), tournament, **fields)
    assert response.status_code == 302
    assert response["Location"] == f"/events/{tournament.slug}/registration/"
    return Registration.objects.get(tournament=tournament, user=user)


# --- the event page says whether one can register ------------------------------------------------


def test_an_open_event_offers_register_with_the_places_left(client):
    tournament = open_event(capacity=10)
    text = page(client, f"/events/{tournament.slug}/")
    assert "Registration is open." in text and "10 places left" in text
    assert "a waitlist when full" in text
    register = f"/events/{tournament.slug}/register/"
    assert f'href="/accounts/login/?next={register}"' in text
    assert "Sign in to register" in text
    (user,) = players(1)
    text = page(sign_in(client, user), f"/events/{tournament.slug}/")
    assert f'href="{register}"' in text and ">Register<" in text


def test_an_event_whose_organiser_types_the_players_offers_no_registration(client):
    text = page(client, f"/events/{TournamentFactory().slug}/")
    assert "Registration is open" not in text and "/register/" not in text


def test_not_yet_open_closed_and_full_events_say_so_and_offer_no_register(client):
    soon = timezone.now() + datetime.timedelta(days=2)
    not_yet = open_event(opens_at=soon)
    closed = open_event(closes_at=timezone.now() - datetime.timedelta(hours=1))
    full = open_event(capacity=1, waitlist=False)
    registered(client, full, players(1, "early")[0])
    client.logout()
    shown = timezone.localtime(soon).strftime("%Y-%m-%d %H:%M")
    assert f"Registration opens at {shown}" in page(client, f"/events/{not_yet.slug}/")
    assert "Registration is closed." in page(client, f"/events/{closed.slug}/")
    assert "The event is full and has no waitlist." in page(client, f"/events/{full.slug}/")
    for event in (not_yet, closed, full):
        assert f"/events/{event.slug}/register/" not in page(client, f"/events/{event.slug}/")


def test_a_full_event_with_a_waitlist_offers_to_join_it(client):
    tournament = open_event(capacity=1)
    first, second = players(2)
    registered(client, tournament, first)
    text = page(sign_in(client, second), f"/events/{tournament.slug}/")
    assert "0 places left" in text and "Join the waitlist" in text


def test_a_registered_player_is_shown_their_registration_instead_of_register(client):
    tournament = open_event(capacity=3)
    (user,) = players(1)
    registered(client, tournament, user)
    text = page(client, f"/events/{tournament.slug}/")
    assert "Your registration: <strong>Registered</strong>" in text
    assert f'href="/events/{tournament.slug}/registration/"' in text and ">Register<" not in text


def test_the_listing_says_who_may_register_in_a_fixed_number_of_queries(client):
    def home_queries() -> tuple[int, str]:
        with CaptureQueriesContext(connection) as queries:
            text = page(client, "/")
        return len(queries), text

    def add_events(count: int):
        for _ in range(count):
            event = open_event(capacity=2)
            event.is_public = True
            event.save()

    add_events(2)
    few, text = home_queries()
    assert text.count("places left") == 2 and text.count('/register/"') == 2
    add_events(10)
    many, text = home_queries()
    assert many == few and text.count('/register/"') == 12


# --- registering ---------------------------------------------------------------------------------


def test_registering_needs_an_account_and_comes_back_after_signing_in(client):
    tournament = open_event()
    response = client.get(f"/events/{tournament.slug}/register/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/events/")


def test_the_form_has_the_name_the_consent_the_fee_note_and_the_code_only_when_asked(client):
    tournament = open_event(fee_note="5 EUR at the door")
    (user,) = players(1)
    user.first_name, user.last_name = "Ann", "Archer"
    user.save()
    text = page(sign_in(client, user), f"/events/{tournament.slug}/register/")
    assert 'value="Ann Archer"' in text and 'for="id_name"' in text
    assert 'for="id_name_listed"' in text and "5 EUR at the door" in text
    assert 'name="code"' not in text
    coded = open_event(who_may=WhoMay.CODE, entry_code="hexes")
    assert 'for="id_code"' in page(client, f"/events/{coded.slug}/register/")


def test_one_tap_registers_and_the_answer_gives_the_private_link_and_an_email(
    client, django_capture_on_commit_callbacks
):
    tournament = open_event(capacity=4)
    tournament.starts_on = datetime.date(2027, 3, 6)
    tournament.save()
    (user,) = players(1)
    with django_capture_on_commit_callbacks(execute=True):
        registration = registered(client, tournament, user, name_listed="on")
    assert registration.status == RegistrationStatus.REGISTERED and registration.name_listed
    text = page(client, f"/events/{tournament.slug}/registration/")
    link = f"/me/{registration.entrant.access_token}/"
    assert "You are in" in text and f'href="http://testserver{link}"' in text
    (message,) = mail.outbox
    assert message.to == [user.email] and f"http://testserver{link}" in message.body
    (name, calendar, kind) = message.attachments[0]
    assert name == f"{tournament.slug}.ics" and kind.startswith("text/calendar")
    assert "DTSTART;VALUE=DATE:20270306" in calendar  # a text part: decoded by Django


def test_a_waitlisted_registration_is_told_its_place_by_email_whatever_the_door(
    django_capture_on_commit_callbacks,
):
    tournament = open_event(capacity=1)
    first, second = players(2)
    with django_capture_on_commit_callbacks(execute=True):
        for user in (first, second):  # the service every door calls (the page, the API)
            register_once(tournament, user, name=user.username, actor=player_actor(user))
    waiting = [m for m in mail.outbox if m.to == [second.email]]
    assert len(waiting) == 1 and "waitlist, position 1" in waiting[0].body
    assert not waiting[0].attachments  # the event has no date: no calendar entry


def test_a_double_tap_registers_once_and_both_answers_go_to_the_same_page(
    client, django_capture_on_commit_callbacks
):
    tournament = open_event(capacity=4)
    (user,) = players(1)
    sign_in(client, user)
    with django_capture_on_commit_callbacks(execute=True):
        answers = [post_register(client, tournament) for _ in range(2)]
    assert {a.status_code for a in answers} == {302}
    assert {a["Location"] for a in answers} == {f"/events/{tournament.slug}/registration/"}
    assert Registration.objects.filter(tournament=tournament).count() == 1
    assert tournament.entrants.count() == 1 and len(mail.outbox) == 1
    # and the form, opened again, leads to the answer
    response = client.get(f"/events/{tournament.slug}/register/")
    assert response["Location"] == f"/events/{tournament.slug}/registration/"


def test_waitlisted_players_see_their_position_kept_up_to_date(client):
    tournament = open_event(capacity=1)
    first, second, third = players(3)
    registered(client, tournament, first)
    registered(client, tournament, second)
    late = registered(client, tournament, third)
    assert late.status == RegistrationStatus.WAITLISTED
    assert "Waitlisted: position 2 of 2" in page(client, f"/events/{tournament.slug}/registration/")
    withdraw(Registration.objects.get(user=second), player_actor(second))
    assert "Waitlisted: position 1 of 1" in page(client, f"/events/{tournament.slug}/registration/")


def test_review_mode_answers_awaiting_review_then_the_organisers_message(client):
    tournament = open_event(review=True, fee_note="Bring 5 EUR")
    (user,) = players(1)
    registration = registered(client, tournament, user)
    answer = page(client, f"/events/{tournament.slug}/registration/")
    assert "Awaiting the organiser" in answer and "review" in answer
    decline(registration, organiser_actor(tournament), "The field is invitation only.")
    answer = page(client, f"/events/{tournament.slug}/registration/")
    assert "Declined" in answer and "The field is invitation only." in answer


# --- bad input: a clear message, nothing changed -------------------------------------------------


def test_a_missing_name_is_named_next_to_the_field(client):
    tournament = open_event()
    (user,) = players(1)
    response = post_register(sign_in(client, user), tournament, name="  ")
    assert response.status_code == 400
    assert 'id="id_name_error"' in response.content.decode()
    assert "Type the name you will play under." in response.content.decode()
    assert not Registration.objects.exists()


def test_a_name_too_long_is_refused(client):
    tournament = open_event()
    (user,) = players(1)
    response = post_register(sign_in(client, user), tournament, name="x" * 101)
    assert response.status_code == 400 and "at most 100 characters" in response.content.decode()
    assert not Registration.objects.exists()


@pytest.mark.parametrize(
    ("policy", "typed", "says"),
    [
        ({"who_may": WhoMay.CODE, "entry_code": "hexes"}, {"code": "guess"}, "entry code"),
        ({"closes_at": "past"}, {}, "Registration is closed."),
        ({"capacity": 1, "waitlist": False}, {}, "The event is full and has no waitlist."),
    ],
)
def test_a_refused_registration_says_why_and_changes_nothing(client, policy, typed, says):
    if policy.get("closes_at") == "past":
        policy["closes_at"] = timezone.now() - datetime.timedelta(minutes=1)
    tournament = open_event(**policy)
    if policy.get("capacity"):
        registered(client, tournament, players(1, "early")[0])
    (user,) = players(1)
    before = (Registration.objects.count(), tournament.entrants.count(), len(mail.outbox))
    response = post_register(sign_in(client, user), tournament, **typed)
    assert response.status_code == 409
    assert says in response.content.decode() and "Not registered:" in response.content.decode()
    assert (Registration.objects.count(), tournament.entrants.count(), len(mail.outbox)) == before


def test_an_event_without_self_registration_has_no_registration_page(client):
    (user,) = players(1)
    sign_in(client, user)
    assert client.get(f"/events/{TournamentFactory().slug}/register/").status_code == 404
