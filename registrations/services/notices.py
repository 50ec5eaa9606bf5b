"""What a promoted player is told, once the promotion commits: an e-mail with their private
link, and a push to their devices."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from common.locale import event_locale
from notifications.services.registration_pushes import place_given
from registrations.models import Registration


def _mail_promotion(registration: Registration, site: str) -> None:
    event = registration.tournament
    link = site + reverse("matches:my-table", args=[registration.entrant.access_token])
    send_mail(
        settings.ACCOUNT_EMAIL_SUBJECT_PREFIX
        + _("You have a place at %(event)s") % {"event": event.name},
        _(
            "A place came free at %(event)s and you were first on the waitlist: you are now "
            "registered.\n\nYour private link (tables, results, check-in):\n%(link)s\n\n"
            "If you can no longer come, please withdraw so the next player gets the place."
        )
        % {"event": event.name, "link": link},
        None,
        [registration.user.email],
    )


def _mail_in_locale(registration: Registration, site: str) -> None:
    """The promotion e-mail in the player's language (else the event's) and the event's zone."""
    with event_locale(registration.tournament, registration.user):
        _mail_promotion(registration, site)


def tell_promoted(registration: Registration, site: str = "") -> None:
    """After the commit: e-mail the promoted player (if the account has an address) and push
    to their devices."""
    if registration.user.email:
        transaction.on_commit(lambda: _mail_in_locale(registration, site), robust=True)
    place_given(registration.tournament, registration.entrant, registration.user_id)
