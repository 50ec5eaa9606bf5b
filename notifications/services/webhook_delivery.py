"""Delivering webhook messages, as a Celery task, and writing down how each attempt went.

``deliver_webhook`` signs a message (``notifications.logic.webhook_signature``) and POSTs it to
the endpoint's checked address (``common.outbound.post``, 5 s at most). A failed attempt with no
answer, a 408, a 429 or a 5xx is tried again after a wait that doubles each time (bounded
attempts, ``notifications.logic.webhook_policy``): on a worker through Celery's countdown, on
the embedded default by waiting on the background thread. Every attempt is a
``WebhookDelivery`` row (the answer's first 500 characters at most); an endpoint that fails
``DISABLE_AFTER_FAILURES`` attempts in a row, or for ``DISABLE_AFTER_HOURS``, is switched off
and its owner gets an e-mail.

The task lives beside the services that schedule it; ``notifications.tasks`` names it.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from celery import shared_task
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from common.outbound.post import Response, post
from notifications.logic import webhook_signature
from notifications.logic.webhook_policy import backoff_seconds, retry_after, should_disable
from notifications.models import WebhookDelivery, WebhookEndpoint
from notifications.models.webhooks import (
    DISABLE_AFTER_FAILURES,
    DISABLE_AFTER_HOURS,
    KEEP_DAYS,
    KEEP_DELIVERIES,
)
from notifications.services.background import hand_over
from notifications.services.webhook_notice import tell_owner_disabled
from notifications.services.webhook_settings import setting

log = logging.getLogger(__name__)

USER_AGENT = "EyeForAnEye-Webhooks/1"


def schedule(endpoint_id: int, message_id: str, event_type: str, body: str) -> None:
    """Deliver ``body`` to the endpoint once the current transaction commits (at once outside
    one). A failure to hand it over is logged, never raised."""
    args = (endpoint_id, message_id, event_type, body)
    transaction.on_commit(
        lambda: hand_over(deliver_webhook, args, in_background=setting("WEBHOOK_IN_BACKGROUND")),
        robust=True,
    )


def send(endpoint: WebhookEndpoint, message_id: str, body: str) -> Response:
    """One signed POST of ``body`` to the endpoint."""
    raw = body.encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        **webhook_signature.headers(endpoint.secret, message_id, int(time.time()), raw),
    }
    return post(
        endpoint.url,
        raw,
        headers,
        timeout=setting("WEBHOOK_TIMEOUT_SECONDS"),
        allow_loopback=setting("WEBHOOK_ALLOW_LOOPBACK"),
    )


def _prune(endpoint: WebhookEndpoint) -> None:
    old = timezone.now() - timedelta(days=KEEP_DAYS)
    kept = endpoint.deliveries.order_by("-created_at", "-id").values_list("pk", flat=True)
    surplus = list(kept[KEEP_DELIVERIES:])
    WebhookDelivery.objects.filter(endpoint=endpoint).filter(created_at__lt=old).delete()
    if surplus:
        WebhookDelivery.objects.filter(pk__in=surplus).delete()


@transaction.atomic
def record(
    endpoint: WebhookEndpoint,
    message_id: str,
    event_type: str,
    attempt: int,
    response: Response,
    retry_in: float | None,
) -> WebhookEndpoint:
    """Write one attempt, the endpoint's run of failures, and switch it off when it is given up."""
    WebhookDelivery.objects.create(
        endpoint=endpoint,
        message_id=message_id[:40],
        event_type=event_type[:40],
        attempt=attempt,
        status_code=response.status,
        duration_ms=response.duration_ms,
        error=response.error[:200] if not response.ok else "",
        response_excerpt=response.excerpt[:500],
        retry_in=retry_in,
    )
    _prune(endpoint)
    endpoint = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
    now = timezone.now()
    if response.ok:
        WebhookEndpoint.objects.filter(pk=endpoint.pk).update(
            consecutive_failures=0, failing_since=None, last_success_at=now
        )
        return endpoint
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(
        consecutive_failures=F("consecutive_failures") + 1,
        failing_since=endpoint.failing_since or now,
    )
    endpoint.refresh_from_db()
    if endpoint.active and should_disable(
        endpoint.consecutive_failures,
        endpoint.failing_since,
        now,
        max_failures=DISABLE_AFTER_FAILURES,
        max_hours=DISABLE_AFTER_HOURS,
    ):
        endpoint.active = False
        endpoint.disabled_reason = (
            f"switched off after {endpoint.consecutive_failures} failed attempts; "
            f"last: {response.error or response.status}"
        )[:200]
        endpoint.save(update_fields=["active", "disabled_reason"])
        transaction.on_commit(lambda: tell_owner_disabled(endpoint), robust=True)
    return endpoint


@shared_task(bind=True, name="notifications.deliver_webhook", ignore_result=True, max_retries=None)
def deliver_webhook(self, endpoint_id: int, message_id: str, event_type: str, body: str) -> str:
    """One attempt to deliver a message; a retry is scheduled when the policy says so."""
    endpoint = WebhookEndpoint.objects.filter(pk=endpoint_id, active=True).first()
    if endpoint is None:
        return "skipped"
    attempt = self.request.retries + 1
    response = send(endpoint, message_id, body)
    wait = None
    if not response.ok and retry_after(attempt, setting("WEBHOOK_MAX_ATTEMPTS"), response.status):
        wait = backoff_seconds(
            attempt, setting("WEBHOOK_BACKOFF_SECONDS"), setting("WEBHOOK_BACKOFF_MAX_SECONDS")
        )
    endpoint = record(endpoint, message_id, event_type, attempt, response, wait)
    if wait is None or not endpoint.active:
        return "delivered" if response.ok else "failed"
    log.info("webhook %s: attempt %s failed, again in %s s", endpoint.pk, attempt, wait)
    if self.request.is_eager:
        # no worker to keep a countdown (an eager retry would also raise out of the caller):
        # this thread waits it out and makes the next attempt itself
        time.sleep(wait)
        self.apply(args=(endpoint_id, message_id, event_type, body), retries=attempt)
        return "retried"
    raise self.retry(countdown=wait)
