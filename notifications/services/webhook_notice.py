"""The e-mail that tells an endpoint's owner it was switched off after repeated failures."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils.translation import gettext as _

from leagues.models import OrganisationStaff
from notifications.models import WebhookEndpoint
from tournament.models import StaffRole, StaffRoleKind

log = logging.getLogger(__name__)


def owner_addresses(endpoint: WebhookEndpoint) -> list[str]:
    """The e-mail addresses of whoever runs the endpoint's event or organisation."""
    if endpoint.tournament_id:
        tournament = endpoint.tournament
        users = [tournament.organiser] + [
            role.user
            for role in StaffRole.objects.filter(
                tournament=tournament, role=StaffRoleKind.ORGANISER
            ).select_related("user")
        ]
    else:
        users = [
            staff.user
            for staff in OrganisationStaff.objects.filter(
                organisation_id=endpoint.organisation_id
            ).select_related("user")
        ]
    return sorted({user.email for user in users if user.email})


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
    owner = endpoint.tournament or endpoint.organisation
    addresses = owner_addresses(endpoint)
    if not addresses:
        return 0
    subject = _("A webhook of %(owner)s was switched off") % {"owner": owner}
    body = _(
        "The webhook of %(owner)s to %(host)s failed %(count)s times in a row and has been "
        "switched off: %(reason)s.\n\nSee its deliveries and switch it on again at %(url)s"
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
