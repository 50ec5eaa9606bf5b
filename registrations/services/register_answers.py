"""Registering with the answers to the organiser's questions, in one transaction: a refused
answer registers nothing, and a registration keeps the answers given with it."""

from collections.abc import Mapping

from django.db import transaction

from common.audit.actor import Actor
from registrations.models import RegistrationQuestion
from registrations.services.answers import checked_answers, save_answers
from registrations.services.question_rules import answers_locked
from registrations.services.register import Entry, register_once, standing_of
from tournament.models import Tournament


def asked_questions(tournament: Tournament) -> list[RegistrationQuestion]:
    """The questions a newcomer answers (none once the answers are locked)."""
    questions = list(tournament.registration_questions.order_by("position", "id"))
    return [] if not questions or answers_locked(tournament) else questions


@transaction.atomic
def register_with_answers(
    tournament: Tournament, user, *, answers: Mapping[int, object], actor: Actor, **register
) -> Entry:
    """``register_once`` (``register`` names its fields), then the answers of a new
    registration; once the answers are locked a newcomer is asked nothing. A newcomer's
    answers are checked before the registration takes the event's lock (a wrong one is
    refused without waiting for it); a repeat's are not read."""
    questions = asked_questions(tournament)
    if questions and getattr(user, "is_authenticated", False) and not standing_of(tournament, user):
        checked_answers(questions, answers)
    entry = register_once(tournament, user, actor=actor, **register)
    if entry.created and questions:
        save_answers(entry.registration, answers, actor)
    return entry
