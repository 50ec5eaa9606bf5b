"""Registering: a place, the waitlist, or a refusal; twice is once."""

import pytest

from registrations.models import RegistrationStatus
from registrations.services.errors import RegistrationError
from registrations.services.places import places_left, registration_state, waitlist_position
from registrations.services.policy import set_policy
from registrations.services.register import register, register_once
from tests.registrations.conftest import open_event, organiser_actor, player_actor, players

pytestmark = pytest.mark.django_db


def sign_up(tournament, user, **extra):
    return register(tournament, user, name=user.username.title(), actor=player_actor(user), **extra)


def test_places_then_the_waitlist_in_order_of_arrival(event):
    first, second, third, fourth = players(4)
    assert sign_up(event, first).status == RegistrationStatus.REGISTERED
    assert sign_up(event, second).status == RegistrationStatus.REGISTERED
    late = [sign_up(event, third), sign_up(event, fourth)]
    assert [r.status for r in late] == [RegistrationStatus.WAITLISTED] * 2
    assert [waitlist_position(r) for r in late] == [1, 2]
    assert places_left(event) == 0
    assert event.entrants.count() == 2


def test_a_registration_seats_the_player_with_their_record_and_consent(event):
    (user,) = players(1)
    registration = sign_up(event, user, name_listed=True)
    entrant = registration.entrant
    assert entrant.player.user == user and entrant.display_name == "Runner0"
    assert entrant.name_listed is True


def test_twice_is_once(event):
    (user,) = players(1)
    first = register_once(event, user, name="Ann", actor=player_actor(user))
    again = register_once(event, user, name="Ann", actor=player_actor(user))
    assert first.created and not again.created
    assert again.registration.pk == first.registration.pk
    assert event.registrations.count() == 1 and event.entrants.count() == 1


def test_full_without_a_waitlist_is_refused_and_changes_nothing(db):
    tournament = open_event(capacity=1, waitlist=False)
    first, second = players(2)
    sign_up(tournament, first)
    with pytest.raises(RegistrationError, match="full"):
        sign_up(tournament, second)
    assert tournament.registrations.count() == 1


def test_a_larger_capacity_gives_the_new_places_to_the_waitlist_at_once(event):
    users = players(4)
    rows = [sign_up(event, user) for user in users]
    set_policy(event, organiser_actor(event), capacity=3)
    statuses = [type(r).objects.get(pk=r.pk).status for r in rows]
    assert statuses == ["registered"] * 3 + ["waitlisted"]
    set_policy(event, organiser_actor(event), capacity=None)
    assert places_left(event) is None
    assert event.registrations.filter(status="waitlisted").count() == 0


def test_an_unknown_setting_is_refused(event):
    with pytest.raises(RegistrationError, match="Unknown registration settings: colour"):
        set_policy(event, organiser_actor(event), colour="red")


def test_the_state_sentence_says_open(event):
    state = registration_state(event)
    assert state.state == "open" and state.sentence == "Registration is open."
