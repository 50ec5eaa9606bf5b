"""The e-mail that tells an endpoint's owner it was switched off after repeated failures.

Each owner reads it in their saved language, else the event's (an organisation's endpoint: the
site's); one message per language."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.locale import recipient_language
from leagues.models import OrganisationStaff
from notifications.models import WebhookEndpoint
from tournament.models import StaffRole, StaffRoleKind

log = logging.getLogger(__name__)


def owners(endpoint: WebhookEndpoint) -> list:
    """The accounts of whoever runs the endpoint's event or organisation."""
    if endpoint.tournament_id:
        tournament = endpoint.tournament
        users = [tournament.organiser] + [
            role.user
            for role in StaffRole.objects.filter(
                tournament=tournament, role=StaffRoleKind.ORGANISER
            ).select_related("user__language_preference")
        ]
    else:
        users = [
            staff.user
            for staff in OrganisationStaff.objects.filter(
                organisation_id=endpoint.organisation_id
            ).select_related("user__language_preference")
        ]
    return users


def addresses_by_language(endpoint: WebhookEndpoint) -> dict[str, list[str]]:
    """The owners' e-mail addresses, by the language each reads."""
    found: dict[str, set[str]] = {}
    for user in owners(endpoint):
        if user.email:
            found.setdefault(recipient_language(endpoint.tournament, user), set()).add(user.email)
    return {language: sorted(addresses) for language, addresses in found.items()}


def manage_url(endpoint: WebhookEndpoint) -> str:
    """The page where the owner sees the endpoint's deliveries and switches it on again."""
    if endpoint.tournament_id:
        return settings.SITE_URL + reverse(
            "notifications:webhooks", args=[endpoint.tournament.slug]
        )
    return settings.SITE_URL + reverse(
        "notifications:org-webhooks", args=[endpoint.organisation.slug]
    )


def tell_owner_disabled(endpoint: WebhookEndpoint) -> int:
    """E-mail the owners that the endpoint is off; how many messages were sent."""
    endpoint = WebhookEndpoint.objects.select_related("tournament", "organisation").get(
        pk=endpoint.pk
    )
    return sum(
        _send_notice(endpoint, language, addresses)
        for language, addresses in addresses_by_language(endpoint).items()
    )


def _send_notice(endpoint: WebhookEndpoint, language: str, addresses: list[str]) -> int:
    owner = endpoint.tournament or endpoint.organisation
    with translation.override(language):
        subject = _("A webhook of %(owner)s was switched off") % {"owner": owner}
        body = ngettext(
            "The webhook of %(owner)s to %(host)s failed %(count)s time in a row and has been "
            "switched off: %(reason)s.\n\nSee its deliveries and switch it on again at %(url)s",
            "The webhook of %(owner)s to %(host)s failed %(count)s times in a row and has been "
            "switched off: %(reason)s.\n\nSee its deliveries and switch it on again at %(url)s",
            endpoint.consecutive_failures,
        ) % {
            "owner": owner,
            "host": urlsplit(endpoint.url).hostname,
            "count": endpoint.consecutive_failures,
            "reason": endpoint.disabled_reason,
            "url": manage_url(endpoint),
        }
    try:
        return send_mail(subject, body, None, addresses)
    except Exception:  # noqa: BLE001 - the notice must not break the delivery's bookkeeping
        log.exception("webhook %s: the owner's notice was not sent", endpoint.pk)
        return 0
