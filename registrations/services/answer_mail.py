"""The e-mail a player gets when they register: where they stand (in, with their private link;
waitlisted, with their place; awaiting the organiser's review), and the event's calendar entry
attached as an ``.ics`` file when the event has a date (the event feed's own entry, so a
calendar that subscribed to the feed keeps one entry). It speaks the player's saved language,
else the event's, and gives times in the event's zone (``common.locale.event_locale``)."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from common.locale import event_locale
from registrations.models import Registration, RegistrationStatus
from registrations.services.places import waitlist_position
from tournament.services.calendar_feed import calendar_of

CALENDAR_TYPE = "text/calendar; charset=utf-8; method=PUBLISH"


def private_link(registration: Registration, site: str) -> str:
    """The address of the player's private page (their entrant's link)."""
    return site + reverse("matches:my-table", args=[registration.entrant.access_token])


def answer_text(registration: Registration, site: str) -> str:
    """What the e-mail says, by where the registration stands."""
    event = registration.tournament.name
    if registration.status == RegistrationStatus.REGISTERED:
        return _(
            "You are registered for %(event)s.\n\nYour private link (your table, the clock, "
            "your results and check-in): keep it to yourself.\n%(link)s\n\n"
            "If you can no longer come, withdraw from that page so the next player gets "
            "your place."
        ) % {"event": event, "link": private_link(registration, site)}
    if registration.status == RegistrationStatus.WAITLISTED:
        return _(
            "%(event)s is full: you are on its waitlist, position %(position)d. When a place "
            "frees up the first on the waitlist moves in at once, and we e-mail you then."
        ) % {"event": event, "position": waitlist_position(registration) or 0}
    return _(
        "Your registration for %(event)s awaits the organiser's review; we e-mail you their answer."
    ) % {"event": event}


def calendar_attachment(registration: Registration, site: str) -> bytes | None:
    """The event's calendar entry (as its feed serves it), or None when it has no date."""
    event = registration.tournament
    if event.starts_on is None:
        return None
    page = site + reverse("tournament:detail", args=[event.slug])
    host = site.split("://", 1)[-1].split(":")[0] or "localhost"
    return calendar_of(event.name, [event], lambda _event: page, host, time_zone=event.time_zone)


def send_answer(registration: Registration, site: str) -> None:
    """Send the e-mail now (to the account's address; none, no e-mail), in the player's language
    (else the event's) and the event's time zone."""
    if not registration.user.email:
        return
    with event_locale(registration.tournament, registration.user):
        _send_answer(registration, site)


def _send_answer(registration: Registration, site: str) -> None:
    subject = _("Your registration for %(event)s") % {"event": registration.tournament.name}
    message = EmailMessage(
        settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + subject,
        answer_text(registration, site),
        None,
        [registration.user.email],
    )
    calendar = calendar_attachment(registration, site)
    if calendar is not None:
        message.attach(f"{registration.tournament.slug}.ics", calendar, CALENDAR_TYPE)
    message.send()


def tell_registered(registration: Registration, site: str = "") -> None:
    """Once the transaction commits, e-mail the player where their new registration stands."""
    transaction.on_commit(lambda: send_answer(registration, site), robust=True)
