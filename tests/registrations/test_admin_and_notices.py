"""The admin's registration pages, and what a promoted player and the organiser are told."""

import pytest
from django.core import mail
from django.urls import reverse

from common.audit.logic.story import ACTION_WORDS
from common.audit.models import AuditEntry
from registrations.models import RegistrationStatus
from registrations.services.register import register
from registrations.services.withdraw import withdraw
from tests.factories import UserFactory
from tests.registrations.conftest import open_event, player_actor, players

pytestmark = pytest.mark.django_db


def test_a_promoted_player_gets_an_email_with_their_link(db, django_capture_on_commit_callbacks):
    tournament = open_event(capacity=1)
    first, second = players(2)
    seated = register(tournament, first, name="First", actor=player_actor(first))
    waiting = register(tournament, second, name="Second", actor=player_actor(second))
    with django_capture_on_commit_callbacks(execute=True):
        withdraw(seated, player_actor(first), site="https://eye.example")
    waiting.refresh_from_db()
    assert waiting.status == RegistrationStatus.REGISTERED
    (message,) = mail.outbox
    assert message.to == [second.email] and tournament.name in message.subject
    link = f"https://eye.example{reverse('matches:my-table', args=[waiting.entrant.access_token])}"
    assert link in message.body


def test_the_organiser_reads_the_promotion_in_the_audit_log(client):
    tournament = open_event(capacity=1)
    first, second = players(2)
    seated = register(tournament, first, name="First", actor=player_actor(first))
    register(tournament, second, name="Second", actor=player_actor(second))
    withdraw(seated, player_actor(first))
    assert AuditEntry.objects.filter(tournament=tournament, action="registration.promoted")
    client.force_login(tournament.organiser)
    page = client.get(f"/events/{tournament.slug}/manage/audit/").content.decode()
    assert ACTION_WORDS["registration.promoted"] in page


def test_the_admin_lists_registrations_with_filters_and_the_policy_inline(client):
    tournament = open_event(capacity=3)
    (user,) = players(1)
    register(tournament, user, name="Listed", actor=player_actor(user))
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    listing = client.get("/admin/registrations/registration/?status__exact=registered")
    assert listing.status_code == 200 and "Listed" in listing.content.decode()
    event_page = client.get(f"/admin/tournament/tournament/{tournament.pk}/change/")
    assert event_page.status_code == 200
    assert "registration_policy-0-capacity" in event_page.content.decode()
