"""Withdrawing before the event (issue 36, item 8) from the answer page and from the private
link's page, each with a confirmation step: the place goes to the first waitlisted player, whose
page then says "You are in"; the withdrawn player's pages say so and offer to register again.
And "My games" lists the account's registrations."""

import pytest
from django.test import Client

from registrations.models import Registration, RegistrationStatus
from registrations.services.register import register
from tests.factories import EntrantFactory
from tests.registrations.conftest import open_event, player_actor, players
from tests.registrations.pages import page, signed_in
from tournament.models import EntrantStatus
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db


def enter(tournament, user) -> Registration:
    return register(tournament, user, name=user.username.title(), actor=player_actor(user))


@pytest.fixture
def full_event():
    """One place, taken by ``ann``; ``bob`` and ``cat`` wait, in that order."""
    tournament = open_event(capacity=1)
    ann, bob, cat = players(3)
    for user in (ann, bob, cat):
        enter(tournament, user)
    return tournament, ann, bob, cat


def answer_url(tournament) -> str:
    return f"/events/{tournament.slug}/registration/"


def test_withdrawing_from_the_answer_page_asks_first_then_promotes_the_first_waitlisted(
    full_event,
):
    tournament, ann, bob, cat = full_event
    ann_client = signed_in(ann)
    answer = page(ann_client, answer_url(tournament))
    withdraw_url = f"/events/{tournament.slug}/registration/withdraw/"
    assert f'href="{withdraw_url}"' in answer
    confirm = page(ann_client, withdraw_url)
    assert "Yes, withdraw" in confirm and "No, keep my registration" in confirm
    assert Registration.objects.get(user=ann).status == RegistrationStatus.REGISTERED

    response = ann_client.post(withdraw_url)
    assert response.status_code == 302 and response["Location"] == answer_url(tournament)
    answer = page(ann_client, answer_url(tournament))
    assert "You have withdrawn" in answer and "Register again" in answer
    assert "Open my private page" not in answer

    promoted = Registration.objects.get(user=bob)
    assert promoted.status == RegistrationStatus.REGISTERED
    bob_answer = page(signed_in(bob), answer_url(tournament))
    assert "You are in" in bob_answer and f"/me/{promoted.entrant.access_token}/" in bob_answer
    assert "Waitlisted: position 1 of 1" in page(signed_in(cat), answer_url(tournament))


def test_withdrawing_from_the_private_link_needs_no_account_and_asks_first(full_event):
    tournament, ann, bob, _cat = full_event
    token = Registration.objects.get(user=ann).entrant.access_token
    visitor = Client()
    link_page = page(visitor, f"/me/{token}/")
    assert f'href="/me/{token}/withdraw/"' in link_page
    assert "Yes, withdraw" in page(visitor, f"/me/{token}/withdraw/")
    response = visitor.post(f"/me/{token}/withdraw/")
    assert response.status_code == 302 and response["Location"] == f"/me/{token}/"
    assert Registration.objects.get(user=ann).status == RegistrationStatus.WITHDRAWN
    assert Registration.objects.get(user=bob).status == RegistrationStatus.REGISTERED
    link_page = page(visitor, f"/me/{token}/")
    assert "You withdrew from this event before it began." in link_page
    assert f'href="/events/{tournament.slug}/register/"' in link_page
    assert f'href="/me/{token}/withdraw/"' not in link_page


def test_a_waitlisted_player_leaves_the_waitlist_and_the_others_move_up(full_event):
    tournament, _ann, bob, cat = full_event
    bob_client = signed_in(bob)
    assert "Leave the waitlist" in page(bob_client, answer_url(tournament))
    bob_client.post(f"/events/{tournament.slug}/registration/withdraw/")
    assert Registration.objects.get(user=bob).status == RegistrationStatus.WITHDRAWN
    assert "Waitlisted: position 1 of 1" in page(signed_in(cat), answer_url(tournament))


def test_once_round_one_is_paired_withdrawing_is_not_offered_here(full_event):
    tournament, ann, _bob, _cat = full_event
    EntrantFactory.create_batch(2, tournament=tournament)  # typed in by the organiser
    generate_swiss_round(tournament, seed=3)
    entrant = Registration.objects.get(user=ann).entrant
    ann_client = signed_in(ann)
    answer = page(ann_client, answer_url(tournament))
    assert "/registration/withdraw/" not in answer
    response = ann_client.post(f"/events/{tournament.slug}/registration/withdraw/")
    assert response.status_code == 302 and response["Location"] == answer_url(tournament)
    response = Client().post(f"/me/{entrant.access_token}/withdraw/")
    assert response.status_code == 302
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.REGISTERED
    assert Registration.objects.get(user=ann).status == RegistrationStatus.REGISTERED


def test_a_private_link_without_a_registration_has_no_withdraw_page(client):
    entrant = EntrantFactory()
    assert f"/me/{entrant.access_token}/withdraw/" not in page(
        client, f"/me/{entrant.access_token}/"
    )
    assert client.get(f"/me/{entrant.access_token}/withdraw/").status_code == 404
    assert client.post("/me/not-a-link/withdraw/").status_code == 404


def test_another_account_cannot_see_or_withdraw_a_registration(full_event):
    tournament, ann, _bob, _cat = full_event
    (stranger,) = players(1, "stranger")
    client = signed_in(stranger)
    response = client.post(f"/events/{tournament.slug}/registration/withdraw/")
    assert response.status_code == 302  # to their own (missing) registration
    assert Registration.objects.get(user=ann).status == RegistrationStatus.REGISTERED
    assert "Ann" not in page(client, f"/events/{tournament.slug}/register/")


def test_my_games_lists_my_registrations_with_their_state(full_event):
    tournament, ann, bob, cat = full_event
    text = page(signed_in(cat), "/accounts/history/")
    assert "My registrations" in text and tournament.name in text
    assert "Waitlisted: position 2 of 2" in text
    assert f'href="{answer_url(tournament)}"' in text
    text = page(signed_in(ann), "/accounts/history/")
    token = Registration.objects.get(user=ann).entrant.access_token
    assert "You are in" in text and f'href="/me/{token}/"' in text
