"""Whether an event has any active webhook endpoint (its own or its organisation's), kept in
the cache: most events have none, and each accepted result would otherwise ask the database
after its commit, once for the result's message and once for the standings'.

The answer is kept per event for ``PRESENCE_SECONDS`` and forgotten, once the change commits,
when an endpoint of the event or of its organisation is created, changed or deleted
(``forget``). An event moved into an organisation that has endpoints is heard from when its
answer expires.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q

from notifications.models import WebhookEndpoint
from tournament.models import Tournament

log = logging.getLogger(__name__)

#: how long an event's answer is kept (the longest an event moved into an organisation waits)
PRESENCE_SECONDS = 60


def presence_key(tournament_id: int) -> str:
    return f"webhooks.present.{tournament_id}"


def has_endpoints(tournament_id: int) -> bool:
    """Whether the event or its organisation has an active endpoint (from the cache; one
    query when it is not there)."""
    key = presence_key(tournament_id)
    try:
        known = cache.get(key)
    except Exception:  # noqa: BLE001 - the cache unreachable: ask the database
        known = None
    if known is None:
        known = (
            WebhookEndpoint.objects.filter(active=True)
            .filter(Q(tournament_id=tournament_id) | Q(organisation__events__pk=tournament_id))
            .exists()
        )
        try:
            cache.set(key, known, PRESENCE_SECONDS)
        except Exception:  # noqa: BLE001
            log.warning("webhook presence of event %s not kept: cache unavailable", tournament_id)
    return bool(known)


def forget(owner) -> None:
    """Forget the answer of the owner's events (an event, or each event of an organisation)
    once the caller's transaction commits."""
    if isinstance(owner, Tournament):
        events = [owner.pk]
    else:
        events = list(Tournament.objects.filter(organisation=owner).values_list("pk", flat=True))
    keys = [presence_key(event) for event in events]
    transaction.on_commit(lambda: cache.delete_many(keys), robust=True)
