"""Celery tasks of the registrations app: the organiser's e-mail to a large field."""

from celery import shared_task

from registrations.services.mail import send_registered

#: from this many recipients on, the e-mail goes out in a background task, not the request
IN_TASK_FROM = 50


@shared_task(name="registrations.send_registered_mail")
def send_registered_mail(
    tournament_id: int, ids: list[int], subject: str, body: str, site: str
) -> int:
    """Send the organiser's message to each registration of ``ids`` (with its link)."""
    return send_registered(tournament_id, ids, subject, body, site)


def deliver(tournament_id: int, ids: list[int], subject: str, body: str, site: str) -> None:
    """Send now (a small field) or in a background task (a large one)."""
    if len(ids) >= IN_TASK_FROM:
        send_registered_mail.delay(tournament_id, ids, subject, body, site)
    else:
        send_registered(tournament_id, ids, subject, body, site)
