"""The e-mails to a player speak their saved language, else the event's; English stays as it
was (docs/translating.md, "Which language a person sees")."""

import pytest
from django.core import mail

from accounts.models import LanguagePreference
from registrations.services.register import register
from registrations.services.withdraw import withdraw
from tests.registrations.conftest import open_event, player_actor, players

pytestmark = pytest.mark.django_db


def promote_second(tournament, capture, language=None):
    first, second = players(2)
    if language:
        LanguagePreference.objects.create(user=second, language=language)
    seated = register(tournament, first, name="First", actor=player_actor(first))
    register(tournament, second, name="Second", actor=player_actor(second))
    mail.outbox.clear()
    with capture(execute=True):
        withdraw(seated, player_actor(first), site="https://eye.example")
    (message,) = mail.outbox
    assert message.to == [second.email]
    return message


def test_a_player_who_chose_german_gets_the_promotion_in_german(
    django_capture_on_commit_callbacks,
):
    tournament = open_event(capacity=1)
    message = promote_second(tournament, django_capture_on_commit_callbacks, "de")
    assert message.subject.endswith(f"Du hast einen Platz bei {tournament.name}")
    assert "Du bist jetzt angemeldet." in message.body
    assert "Dein persönlicher Link" in message.body


def test_a_player_without_a_choice_gets_the_events_language(django_capture_on_commit_callbacks):
    tournament = open_event(capacity=1)
    tournament.language = "fr"
    tournament.save(update_fields=["language"])
    message = promote_second(tournament, django_capture_on_commit_callbacks)
    assert message.subject.endswith(f"Vous avez une place à {tournament.name}")
    assert "vous êtes maintenant inscrit" in message.body


def test_english_stays_english(django_capture_on_commit_callbacks):
    message = promote_second(open_event(capacity=1), django_capture_on_commit_callbacks)
    assert "You have a place at" in message.subject
    assert "you are now registered" in message.body
