"""Sending pushes, as a Celery task, and writing down how each send went.

``deliver_pushes`` takes (subscription id, message) pairs: it reads the subscriptions, sends
the messages a few at a time (``WEB_PUSH_CONCURRENCY`` threads: the time goes in waiting for
the push services), then deletes the subscriptions the push service called gone (404/410) or
that failed ``MAX_FAILURES`` times in a row, and stamps the others' last success or failure.
It runs on a worker when ``REDIS_URL`` is set; on the embedded default (Celery eager) it runs
in the web process, on a background thread (``WEB_PUSH_IN_BACKGROUND``), so the organiser's
"Publish" does not wait for 200 phones' pushes (bench/push_delivery.py). ``schedule`` hands it
the pushes once the caller's transaction commits.

The task lives beside the services that schedule it (a service cannot import the doors'
``tasks`` module); ``notifications.tasks`` names it for the workers' autodiscovery.
"""

from __future__ import annotations

import logging
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from common.logic.push_message import PushMessage
from common.webpush import sender
from common.webpush.subscription_data import SubscriptionData, endpoint_errors
from common.webpush.vapid import configured_keys
from notifications.models import MAX_FAILURES, PushSubscription
from notifications.services.background import hand_over

log = logging.getLogger(__name__)

#: pushes per task: a round of 500 players is ten tasks, which several workers share
BATCH = 50


def schedule(pushes: list[tuple[int, PushMessage]]) -> None:
    """Deliver ``pushes`` once the current transaction commits (at once outside one).

    A failure to hand them over (the task queue down) is logged, never raised: a push never
    breaks the action that caused it.
    """
    items = [[subscription_id, message.as_dict()] for subscription_id, message in pushes]
    for start in range(0, len(items), BATCH):
        batch = items[start : start + BATCH]
        transaction.on_commit(lambda batch=batch: _hand_over(batch), robust=True)


def _hand_over(batch: list) -> None:
    """Queue a batch for a worker, or (eager) send it from a background thread."""
    hand_over(deliver_pushes, (batch,), in_background=settings.WEB_PUSH_IN_BACKGROUND)


def _send_one(args) -> sender.Outcome:
    subscription, message, keys, timeout = args
    # checked again before each send: a subscription stored under older rules (any port of a
    # push host, a host no longer listed) is dropped, never sent to
    problems = endpoint_errors(
        subscription.endpoint,
        settings.WEB_PUSH_SERVICE_HOSTS,
        settings.WEB_PUSH_ALLOW_LOOPBACK,
    )
    if problems:
        return sender.Outcome(gone=True, error=problems[0][:200])
    data = SubscriptionData(subscription.endpoint, subscription.p256dh, subscription.auth)
    return sender.send(data, message, keys, timeout=timeout)


def record_outcomes(outcomes: list[tuple[PushSubscription, sender.Outcome]]) -> Counter:
    """Write how each send went; the counts of delivered, gone and failed sends."""
    now = timezone.now()
    counts = Counter()
    delivered = [s.pk for s, o in outcomes if o.delivered]
    gone = [s.pk for s, o in outcomes if o.gone]
    PushSubscription.objects.filter(pk__in=delivered).update(
        last_success_at=now, failures=0, last_error=""
    )
    for subscription, outcome in outcomes:
        if outcome.delivered or outcome.gone:
            continue
        counts["failed"] += 1
        log.warning("push subscription %s: %s", subscription.pk, outcome.error)
        PushSubscription.objects.filter(pk=subscription.pk).update(
            last_failure_at=now, failures=F("failures") + 1, last_error=outcome.error
        )
    given_up = PushSubscription.objects.filter(pk__in=[s.pk for s, _ in outcomes]).filter(
        failures__gte=MAX_FAILURES
    )
    counts["given_up"] = given_up.delete()[0]
    counts["gone"] = PushSubscription.objects.filter(pk__in=gone).delete()[0]
    counts["delivered"] = len(delivered)
    return counts


@shared_task(name="notifications.deliver_pushes", ignore_result=True)
def deliver_pushes(items: list) -> dict:
    """Send each ``[subscription id, message]`` of ``items``; the counts of how they went."""
    keys = configured_keys()
    if keys is None:
        return {}
    wanted = {int(subscription_id): PushMessage.from_dict(m) for subscription_id, m in items}
    subscriptions = PushSubscription.objects.filter(pk__in=wanted).only(
        "endpoint", "p256dh", "auth"
    )
    jobs = [(s, wanted[s.pk], keys, settings.WEB_PUSH_TIMEOUT_SECONDS) for s in subscriptions]
    if not jobs:
        return {}
    workers = max(1, min(settings.WEB_PUSH_CONCURRENCY, len(jobs)))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="push") as pool:
        results = list(pool.map(_send_one, jobs))
    counts = record_outcomes(
        [(job[0], outcome) for job, outcome in zip(jobs, results, strict=True)]
    )
    log.info("pushes sent: %s", dict(counts))
    return dict(counts)
