"""An event's or an organisation's webhook endpoints: made, changed, rotated, removed, tested.

Only the event's organisers (``is_organiser``) or the organisation's staff (``is_org_staff``)
act on them. The URL is a capability (a Discord webhook URL is its own password), so the trail
keeps its host, never the URL or the secret. A refusal is a ``WebhookError`` whose message
names what is wrong, and changes nothing.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from common.errors import ServiceError
from common.outbound.address import url_errors
from leagues.models import Organisation
from leagues.services.organisations import is_org_staff, log_change
from notifications.logic import webhook_signature
from notifications.logic.webhook_payloads import EVENT_TYPES
from notifications.logic.webhook_policy import unknown_events
from notifications.models import (
    MAX_ENDPOINTS_PER_OWNER,
    MAX_URL_LENGTH,
    WebhookEndpoint,
    WebhookKind,
)
from notifications.services import webhook_events
from notifications.services.webhook_presence import forget
from notifications.services.webhook_settings import setting
from tournament.models import Tournament
from tournament.services.permissions import is_organiser


class WebhookError(ServiceError):
    """A webhook change that cannot be made; the message says why."""


def may_manage(user, owner) -> bool:
    """Whether ``user`` may see and change ``owner``'s webhooks (an event or organisation)."""
    if isinstance(owner, Organisation):
        return is_org_staff(user, owner)
    return is_organiser(user, owner)


def _owner_of(endpoint: WebhookEndpoint):
    return endpoint.tournament if endpoint.tournament_id else endpoint.organisation


def _owner_filter(owner) -> dict:
    return {"organisation": owner} if isinstance(owner, Organisation) else {"tournament": owner}


def input_errors(url, kind, events) -> dict[str, list[str]]:
    """What is wrong with an endpoint's fields, by field (empty when nothing)."""
    errors: dict[str, list[str]] = {}
    problems = url_errors(
        url, max_length=MAX_URL_LENGTH, allow_loopback=setting("WEBHOOK_ALLOW_LOOPBACK")
    )
    if problems:
        errors["url"] = problems
    if kind not in WebhookKind.values:
        errors["kind"] = [
            _("Choose the kind: %(kinds)s.") % {"kinds": ", ".join(WebhookKind.values)}
        ]
    if not isinstance(events, list) or not events or not all(isinstance(e, str) for e in events):
        errors["events"] = [_("Choose at least one event type.")]
    elif unknown := unknown_events(events, list(EVENT_TYPES)):
        errors["events"] = [
            _("Unknown event types: %(names)s.") % {"names": ", ".join(unknown[:5])[:200]}
        ]
    return errors


def _check(url, kind, events) -> None:
    errors = input_errors(url, kind, events)
    if errors:
        raise WebhookError(
            " ".join(message for messages in errors.values() for message in messages)
        )


def _require(owner, actor: Actor) -> None:
    if not may_manage(actor.user, owner):
        raise WebhookError(
            _("Only the organisers of %(owner)s may change its webhooks.") % {"owner": owner}
        )


def _record(owner, action: str, endpoint: WebhookEndpoint, actor: Actor, after=None) -> None:
    after = {"host": urlsplit(endpoint.url).hostname, "kind": endpoint.kind, **(after or {})}
    if isinstance(owner, Organisation):
        log_change(owner, action, endpoint, actor, after=after)
    else:
        record_change(owner, action, endpoint, after=after, actor=actor)


def _lock_owner(owner):
    model = Organisation if isinstance(owner, Organisation) else Tournament
    return model.objects.select_for_update().get(pk=owner.pk)


@transaction.atomic
def create_endpoint(owner, *, url, kind, events, actor: Actor) -> tuple[WebhookEndpoint, str]:
    """A new endpoint for ``owner`` (an event or an organisation); with its secret, which is
    shown this once."""
    _require(owner, actor)
    _check(url, kind, events)
    owner = _lock_owner(owner)
    if WebhookEndpoint.objects.filter(**_owner_filter(owner)).count() >= MAX_ENDPOINTS_PER_OWNER:
        raise WebhookError(
            _("%(owner)s has %(max)s webhooks already: remove one before adding another.")
            % {"owner": owner, "max": MAX_ENDPOINTS_PER_OWNER}
        )
    secret = webhook_signature.new_secret()
    endpoint = WebhookEndpoint.objects.create(
        **_owner_filter(owner),
        url=url,
        kind=kind,
        events=sorted(set(events)),
        secret=secret,
        created_by=actor.user if getattr(actor.user, "pk", None) else None,
    )
    _record(owner, "webhook.created", endpoint, actor, {"events": endpoint.events})
    forget(owner)
    return endpoint, secret


def _locked(endpoint: WebhookEndpoint) -> WebhookEndpoint:
    return (
        # of=self: PostgreSQL refuses FOR UPDATE on the nullable side of an outer join
        WebhookEndpoint.objects.select_for_update(of=("self",))
        .select_related("tournament", "organisation")
        .get(pk=endpoint.pk)
    )


@transaction.atomic
def update_endpoint(endpoint, *, url, events, active: bool, actor: Actor) -> WebhookEndpoint:
    """Change an endpoint's URL, events or switch; switching it on again clears its failures."""
    endpoint = _locked(endpoint)
    _require(_owner_of(endpoint), actor)
    _check(url, endpoint.kind, events)
    if active and not endpoint.active:
        endpoint.consecutive_failures, endpoint.failing_since = 0, None
        endpoint.disabled_reason = ""
    endpoint.url, endpoint.events, endpoint.active = url, sorted(set(events)), bool(active)
    endpoint.save()
    _record(
        _owner_of(endpoint),
        "webhook.changed",
        endpoint,
        actor,
        {"events": endpoint.events, "active": endpoint.active},
    )
    forget(_owner_of(endpoint))
    return endpoint


@transaction.atomic
def rotate_secret(endpoint, actor: Actor) -> str:
    """A new secret for the endpoint (the old one stops signing at once); shown this once."""
    endpoint = _locked(endpoint)
    _require(_owner_of(endpoint), actor)
    endpoint.secret = webhook_signature.new_secret()
    endpoint.save(update_fields=["secret"])
    _record(_owner_of(endpoint), "webhook.secret_rotated", endpoint, actor)
    return endpoint.secret


@transaction.atomic
def delete_endpoint(endpoint, actor: Actor) -> None:
    """Remove the endpoint and its delivery log."""
    endpoint = _locked(endpoint)
    owner = _owner_of(endpoint)
    _require(owner, actor)
    _record(owner, "webhook.deleted", endpoint, actor)
    endpoint.delete()
    forget(owner)


def send_test_event(endpoint: WebhookEndpoint, actor: Actor) -> str:
    """Send ``webhook.test`` to an active endpoint (whatever events it wants); its message id."""
    endpoint = WebhookEndpoint.objects.select_related("tournament", "organisation").get(
        pk=endpoint.pk
    )
    _require(_owner_of(endpoint), actor)
    if not endpoint.active:
        raise WebhookError(_("Switch the webhook on before sending it a test event."))
    return webhook_events.send_test(endpoint)
