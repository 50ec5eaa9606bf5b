""" "E-mail everyone registered": each registered player gets the message with only their own
private link; the audit keeps the count; bad input sends nothing."""

import pytest
from celery.signals import task_prerun
from django.core import mail

from common.audit.models import AuditEntry
from tests.registrations.desk_setup import desk_event

pytestmark = pytest.mark.django_db

MAIL = "/events/cup/manage/registrations/mail/"


@pytest.fixture
def desk():
    desk = desk_event(capacity=2)
    desk.people = [desk.player(name) for name in ("Ann", "Bob", "Cy")]  # Cy is waitlisted
    return desk


def links(desk):
    return {p.user.email: p.entrant.access_token for p in desk.people[:2]}


def test_each_registered_player_gets_only_their_own_link(
    client, desk, django_capture_on_commit_callbacks
):
    client.force_login(desk.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(MAIL, {"subject": "Doors open at 9", "body": "Bring dice."})
    assert response.status_code == 302
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.org", "bob@example.org"]
    tokens = links(desk)
    for message in mail.outbox:
        assert "Doors open at 9" in message.subject
        assert "Bring dice." in message.body
        own = tokens[message.to[0]]
        assert f"/me/{own}/" in message.body
        assert all(token not in message.body for token in tokens.values() if token != own)
    entry = AuditEntry.objects.get(tournament=desk.tournament, action="registrations.emailed")
    assert entry.after == {"subject": "Doors open at 9", "sent": 2}


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"subject": "", "body": "Hello"}, "This field is required."),
        ({"subject": "x" * 151, "body": "Hello"}, "at most 150 characters"),
        ({"subject": "Hi", "body": "x" * 5001}, "at most 5000 characters"),
        ({"subject": "Hi\nBcc: all@example.org", "body": "Hello"}, "one line"),
    ],
)
def test_a_bad_message_is_refused_and_sends_nothing(
    client, desk, data, problem, django_capture_on_commit_callbacks
):
    client.force_login(desk.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(MAIL, data)
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert mail.outbox == []
    assert not AuditEntry.objects.filter(action="registrations.emailed").exists()


def test_a_large_field_is_sent_by_a_background_task(
    client, desk, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr("registrations.tasks.IN_TASK_FROM", 2)
    ran = []

    def seen(sender=None, **kwargs):
        ran.append(sender.name)

    task_prerun.connect(seen)
    try:
        client.force_login(desk.organiser)
        with django_capture_on_commit_callbacks(execute=True):
            client.post(MAIL, {"subject": "Hi", "body": "Hello"})
    finally:
        task_prerun.disconnect(seen)
    assert ran == ["registrations.send_registered_mail"]
    assert len(mail.outbox) == 2
