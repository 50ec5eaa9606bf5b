"""Registering with the answers to the organiser's questions, in one transaction: a refused
answer registers nothing, and a registration keeps the answers given with it."""

from collections.abc import Mapping

from django.db import transaction

from common.audit.actor import Actor
from registrations.services.answers import save_answers
from registrations.services.question_rules import answers_locked
from registrations.services.register import Entry, register_once
from tournament.models import Tournament


@transaction.atomic
def register_with_answers(
    tournament: Tournament, user, *, answers: Mapping[int, object], actor: Actor, **register
) -> Entry:
    """``register_once`` (``register`` names its fields), then the answers of a new
    registration; once the answers are locked a newcomer is asked nothing."""
    entry = register_once(tournament, user, actor=actor, **register)
    asked = tournament.registration_questions.exists() and not answers_locked(tournament)
    if entry.created and asked:
        save_answers(entry.registration, answers, actor)
    return entry
