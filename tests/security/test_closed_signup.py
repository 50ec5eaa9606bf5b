"""Issue 33.6: with sign-up closed, an invitation opens it for one account, and only while the
invitation is live.

Before: ``accounts/adapter.py`` opened sign-up to any session holding some invitation token, so a
browser that opened an invitation once could make any number of accounts, even after the
invitation was revoked, expired or used. Now the session's token must name a live invitation
(not accepted, revoked or expired), and once an account was made through it (audited in the
event's trail), it makes no other - not even from a fresh browser.
"""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from tests.accounts.test_invitations import PASSWORD, make_link
from tests.factories import TournamentFactory, UserFactory, verified_user
from tournament.models import StaffInvitation
from tournament.services import invitations

pytestmark = pytest.mark.django_db

User = get_user_model()


@pytest.fixture
def event(settings):
    settings.SIGNUP_OPEN = False
    owner = verified_user("owner")
    return TournamentFactory(name="Invite Cup", slug="invite-cup", organiser=owner)


@pytest.fixture
def link(client, event) -> str:
    """A one-time link to be referee; the client is signed out again after making it."""
    made = make_link(client, event)
    client.logout()
    return made


def sign_up(client, name: str) -> int:
    """Post the sign-up form; the status of the answer."""
    response = client.post(
        "/accounts/signup/",
        {
            "email": f"{name}@example.org",
            "username": name,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    return response.status_code


def signup_is_open(client) -> bool:
    return 'name="username"' in client.get("/accounts/signup/").content.decode()


def test_without_an_invitation_sign_up_is_closed(client, event):
    assert not signup_is_open(client)
    sign_up(client, "nobody")
    assert not User.objects.filter(username="nobody").exists()


def test_an_invitation_opens_sign_up_for_one_account_only(client, event, link):
    client.get(link)
    assert signup_is_open(client)
    sign_up(client, "first")
    assert User.objects.filter(username="first").exists()
    # the same browser (its e-mail not yet confirmed, so still signed out) cannot make another
    assert not signup_is_open(client)
    sign_up(client, "second")
    assert not User.objects.filter(username="second").exists()
    # nor can a fresh browser that opens the same link
    fresh = Client()
    fresh.get(link)
    assert not signup_is_open(fresh)
    sign_up(fresh, "third")
    assert not User.objects.filter(username="third").exists()
    entry = AuditEntry.objects.get(tournament=event, action="staff.invitation_signed_up")
    assert entry.after == {"user": "first"}


def test_a_revoked_invitation_closes_sign_up(client, event, link):
    client.get(link)
    StaffInvitation.objects.update(revoked_at=timezone.now())
    assert not signup_is_open(client)
    sign_up(client, "after-revoke")
    assert not User.objects.filter(username="after-revoke").exists()


def test_an_expired_invitation_closes_sign_up(client, event, link):
    client.get(link)
    StaffInvitation.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    assert not signup_is_open(client)
    sign_up(client, "after-expiry")
    assert not User.objects.filter(username="after-expiry").exists()


def test_a_used_invitation_closes_sign_up(client, event, link):
    client.get(link)
    StaffInvitation.objects.update(accepted_at=timezone.now(), accepted_by=event.organiser)
    assert not signup_is_open(client)
    sign_up(client, "after-use")
    assert not User.objects.filter(username="after-use").exists()


def test_a_forged_token_in_the_session_opens_nothing(client, event):
    session = client.session
    session["staff_invitation"] = "made-up-token"
    session.save()
    assert not signup_is_open(client)
    sign_up(client, "forger")
    assert not User.objects.filter(username="forger").exists()


def test_open_sign_up_stays_open_to_everyone(client, event, settings):
    settings.SIGNUP_OPEN = True
    for name in ("anne", "bert"):
        sign_up(client, name)
    assert User.objects.filter(username__in=["anne", "bert"]).count() == 2


def test_the_service_makes_one_account_per_invitation(event, link):
    """What stops two sign-ups posted at the same moment: the second one, under the
    invitation's lock, finds the first recorded and makes nothing."""
    token = link.strip("/").rsplit("/", 1)[-1]
    made = invitations.sign_up_through(token, lambda: UserFactory(username="one"), Actor())
    assert made.username == "one"
    with pytest.raises(invitations.InvitationError, match="already made"):
        invitations.sign_up_through(token, lambda: UserFactory(username="two"), Actor())
    assert not User.objects.filter(username="two").exists()
