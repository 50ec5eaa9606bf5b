"""Issue 14.3: an organiser invites a referee or co-organiser by e-mail or one-time link; the
link expires, works once, is audited, and grants the role in that event only."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from common.audit.models import AuditEntry
from tests.factories import TournamentFactory, verified_user
from tournament.models import StaffInvitation, StaffRole, StaffRoleKind
from tournament.services.permissions import is_organiser, is_referee

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-new-password-9"


@pytest.fixture
def event():
    owner = verified_user("owner")
    return TournamentFactory(name="Invite Cup", slug="invite-cup", organiser=owner)


def make_link(client, event, role="referee", email="", capture=None) -> str:
    client.force_login(event.organiser)
    body = {"role": role, "email": email, "days": 7}
    if capture is not None:
        with capture(execute=True):  # the e-mail goes out after the commit
            response = client.post("/events/invite-cup/manage/staff/invite/", body)
    else:
        response = client.post("/events/invite-cup/manage/staff/invite/", body)
    if email:
        assert response.status_code == 302
        (message,) = mail.outbox
        return re.search(r"https?://[^/\s]+(/invitations/[^\s]+/)", message.body).group(1)
    assert response.status_code == 201 and "no-store" in response["Cache-Control"]
    url = response.content.decode().split("data-invitation-link>")[1].split("<")[0]
    return "/" + url.split("/", 3)[3]


def test_an_emailed_invitation_signs_up_a_referee_even_with_sign_up_closed(
    client, event, settings, django_capture_on_commit_callbacks
):
    settings.SIGNUP_OPEN = False
    link = make_link(
        client, event, email="ref@example.org", capture=django_capture_on_commit_callbacks
    )
    assert mail.outbox[0].to == ["ref@example.org"]
    client.logout()
    page = client.get(link).content.decode()
    assert "You are invited to Invite Cup" in page and "referee" in page
    signup = client.get(f"/accounts/signup/?next={link}")
    assert signup.status_code == 200 and 'name="username"' in signup.content.decode()
    client.post(
        f"/accounts/signup/?next={link}",
        {"email": "ref@example.org", "username": "newref", "password1": PASSWORD,
         "password2": PASSWORD},
    )  # fmt: skip
    confirm = re.search(r"https?://[^/\s]+(/accounts/confirm-email/[^\s]+)", mail.outbox[-1].body)
    landed = client.post(confirm.group(1))
    assert landed["Location"] == link  # back to the invitation, signed in
    accepted = client.post(link)
    assert accepted["Location"] == "/events/invite-cup/desk/"
    user = get_user_model().objects.get(username="newref")
    assert is_referee(user, event) and not is_organiser(user, event)
    other = TournamentFactory()
    assert not is_referee(user, other)  # that event only
    actions = set(AuditEntry.objects.filter(tournament=event).values_list("action", flat=True))
    assert {"staff.invited", "staff.invitation_accepted"} <= actions


def test_a_link_invitation_makes_a_co_organiser_once(client, event):
    link = make_link(client, event, role="organiser")
    co = verified_user("co")
    client.force_login(co)
    page = client.get(link).content.decode()
    assert "Accept as co" in page
    assert client.post(link)["Location"] == "/events/invite-cup/manage/"
    assert is_organiser(co, event)
    # the same link again, by someone else: refused, nothing granted
    late = verified_user("late")
    client.force_login(late)
    again = client.post(link)
    assert again.status_code == 410 and "already been used" in again.content.decode()
    assert not is_referee(late, event)


def test_expired_withdrawn_and_unknown_links_grant_nothing(client, event):
    expired = make_link(client, event)
    StaffInvitation.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    withdrawn = make_link(client, event)
    pending = StaffInvitation.objects.order_by("-id").first()
    client.post(f"/events/invite-cup/manage/staff/invitations/{pending.pk}/revoke/")
    guest = verified_user("guest")
    client.force_login(guest)
    for link, status, words in (
        (expired, 410, "has expired"),
        (withdrawn, 410, "withdrew"),
        ("/invitations/not-a-real-token/", 404, "not valid"),
        ("/invitations/" + "x" * 500 + "/", 404, "not valid"),
    ):
        response = client.post(link)
        assert response.status_code == status and words in response.content.decode(), link
    assert not StaffRole.objects.filter(user=guest).exists()
    assert AuditEntry.objects.filter(action="staff.invitation_revoked").count() == 1


def test_only_organisers_invite_and_bad_input_is_named(client, event):
    referee = verified_user("ref2")
    StaffRole.objects.create(tournament=event, user=referee, role=StaffRoleKind.REFEREE)
    client.force_login(referee)
    url = "/events/invite-cup/manage/staff/invite/"
    assert client.post(url, {"role": "organiser", "days": 7}).status_code == 403
    client.force_login(event.organiser)
    bad = client.post(url, {"role": "boss", "email": "not-an-address", "days": 99})
    assert bad.status_code == 400
    errors = bad.context["invite_form"].errors
    assert {"role", "email", "days"} <= set(errors)
    assert not StaffInvitation.objects.exists() and not mail.outbox


def test_only_a_hash_of_the_link_is_stored(client, event):
    link = make_link(client, event)
    token = link.rstrip("/").rsplit("/", 1)[1]
    invitation = StaffInvitation.objects.get()
    assert token not in invitation.token_hash and len(invitation.token_hash) == 64


def test_an_anonymous_visitor_is_offered_sign_in_and_sign_up(client, event):
    link = make_link(client, event)
    client.logout()
    page = client.get(link).content.decode()
    assert f'href="/accounts/login/?next={link}"' in page
    assert f'href="/accounts/signup/?next={link}"' in page
    assert client.post(link).status_code == 200  # not signed in: nothing accepted
    assert StaffInvitation.objects.get().state == "pending"
