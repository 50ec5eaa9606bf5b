""" "E-mail everyone registered": the organiser's message to each registered player, with that
player's own private link appended (audited with the count; sent after the commit)."""

from collections.abc import Callable

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.models import Registration, RegistrationStatus
from registrations.services.eligibility import require_organiser
from registrations.services.question_rules import QuestionError
from tournament.models import Tournament
from tournament.services.player_links import link_path

MAX_SUBJECT = 150
MAX_BODY = 5000


class MailRefused(QuestionError):
    """A message that cannot be sent as written; the sentence says why."""


def check_message(subject: str, body: str) -> tuple[str, str]:
    """The subject and body trimmed, or ``MailRefused`` saying what is wrong with them."""
    subject, body = subject.strip(), body.strip()
    if not subject or not body:
        raise MailRefused(_("Write a subject and a message."))
    if "\n" in subject or "\r" in subject:
        raise MailRefused(_("The subject is one line."))
    if len(subject) > MAX_SUBJECT:
        raise MailRefused(_("The subject is at most %(max)d characters.") % {"max": MAX_SUBJECT})
    if len(body) > MAX_BODY:
        raise MailRefused(_("The message is at most %(max)d characters.") % {"max": MAX_BODY})
    return subject, body


def recipients(tournament_id: int):
    """The event's registered players with a place in the field and an e-mail address."""
    return (
        Registration.objects.filter(
            tournament_id=tournament_id, status=RegistrationStatus.REGISTERED, entrant__isnull=False
        )
        .exclude(user__email="")
        .select_related("user", "entrant", "tournament")
        .order_by("queue_number")
    )


def send_registered(tournament_id: int, ids: list[int], subject: str, body: str, site: str) -> int:
    """Send the message to each registration of ``ids`` still registered, each with its own
    link; how many were sent."""
    chosen = recipients(tournament_id).filter(pk__in=ids)
    messages = [_message(r, subject, body, site) for r in chosen]
    return send_mass_mail(messages, fail_silently=False) if messages else 0


def _message(registration: Registration, subject: str, body: str, site: str) -> tuple:
    link = site + link_path(registration.entrant)
    footer = _("Your private link for %(event)s (keep it to yourself):") % {
        "event": registration.tournament.name
    }
    text = f"{body}\n\n-- \n{footer}\n{link}\n"
    prefix = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX
    return (prefix + subject, text, None, [registration.user.email])


@transaction.atomic
def email_registered(
    tournament: Tournament,
    subject: str,
    body: str,
    *,
    site: str,
    actor: Actor,
    deliver: Callable[[int, list[int], str, str, str], object] = send_registered,
) -> int:
    """Audit the message and hand it to ``deliver`` after the commit (the door sends a large
    field through a background task); how many players it goes to."""
    require_organiser(tournament, actor)
    subject, body = check_message(subject, body)
    ids = list(recipients(tournament.pk).values_list("pk", flat=True))
    if not ids:
        raise MailRefused(_("Nobody registered has an e-mail address yet."))
    record_change(
        tournament,
        "registrations.emailed",
        tournament,
        after={"subject": subject, "sent": len(ids)},
        actor=actor,
    )
    transaction.on_commit(lambda: deliver(tournament.pk, ids, subject, body, site))
    return len(ids)
