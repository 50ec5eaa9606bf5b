"""Turning a device's notifications on and off, for a side's private link or a referee.

A device that subscribes again (the browser renewed its keys, or the player pressed the button
twice) updates its row instead of adding one; an owner keeps at most
``MAX_DEVICES_PER_OWNER`` devices, the oldest going first. Each change is in the event's audit
trail, without the endpoint (it is a capability).
"""

from __future__ import annotations

from django.db import transaction

from common.audit.actor import Actor
from common.audit.services import record_change
from common.webpush.subscription_data import SubscriptionData
from notifications.models import MAX_DEVICES_PER_OWNER, PushSubscription


def _subscribe(owner: dict, tournament, data: SubscriptionData, actor: Actor) -> PushSubscription:
    subscription, created = PushSubscription.objects.update_or_create(
        endpoint=data.endpoint,
        **owner,
        defaults={
            "tournament": tournament,
            "p256dh": data.p256dh,
            "auth": data.auth,
            "failures": 0,
            "last_error": "",
        },
    )
    kept = PushSubscription.objects.filter(**owner).order_by("-created_at", "-id")
    surplus = list(kept.values_list("pk", flat=True)[MAX_DEVICES_PER_OWNER:])
    if surplus:
        PushSubscription.objects.filter(pk__in=surplus).delete()
    if created:
        record_change(
            tournament,
            "notifications.subscribed",
            subscription,
            after={"owner": "staff" if "user" in owner else "side", "devices": kept.count()},
            actor=actor,
        )
    return subscription


def _unsubscribe(owner: dict, tournament, endpoint: str, actor: Actor) -> int:
    found = list(PushSubscription.objects.filter(endpoint=endpoint, **owner))
    for subscription in found:
        record_change(
            tournament,
            "notifications.unsubscribed",
            subscription,
            after={"owner": "staff" if "user" in owner else "side"},
            actor=actor,
        )
    PushSubscription.objects.filter(pk__in=[s.pk for s in found]).delete()
    return len(found)


@transaction.atomic
def subscribe_entrant(entrant, data: SubscriptionData, actor: Actor) -> PushSubscription:
    """Send ``entrant``'s notifications (its table, its results) to the device of ``data``."""
    return _subscribe({"entrant": entrant}, entrant.tournament, data, actor)


@transaction.atomic
def unsubscribe_entrant(entrant, endpoint: str, actor: Actor) -> int:
    """Stop ``entrant``'s notifications to the device at ``endpoint``; how many rows went."""
    return _unsubscribe({"entrant": entrant}, entrant.tournament, endpoint, actor)


@transaction.atomic
def subscribe_staff(user, tournament, data: SubscriptionData, actor: Actor) -> PushSubscription:
    """Send ``tournament``'s disputes to a member of its staff, on the device of ``data``."""
    return _subscribe({"user": user, "tournament": tournament}, tournament, data, actor)


@transaction.atomic
def unsubscribe_staff(user, tournament, endpoint: str, actor: Actor) -> int:
    """Stop a member of staff's notifications of ``tournament`` to the device at ``endpoint``."""
    return _unsubscribe({"user": user, "tournament": tournament}, tournament, endpoint, actor)


def forget_devices(entrant) -> int:
    """Drop every device subscribed with ``entrant``'s private link (the link was replaced:
    whoever had the old one hears nothing more)."""
    deleted, _ = PushSubscription.objects.filter(entrant=entrant).delete()
    return deleted
