"""Pushes about a player's registration: a waitlisted player was given a place.

Sent to the devices of the player's account subscribed at the event and of their entrant's
private link, once the transaction commits (``delivery.schedule``); with push off (no VAPID
keys) a no-op. Worded in the player's saved language, else the event's.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse

from common.webpush.vapid import configured_keys
from notifications.logic import texts
from notifications.models import PushSubscription
from notifications.services.delivery import schedule
from notifications.services.push_language import worded

PLACE_TTL_SECONDS = 24 * 60 * 60


def place_given(tournament, entrant, user_id: int) -> int:
    """Tell a promoted player's devices that they have a place in ``tournament``."""
    if configured_keys() is None:
        return 0
    devices = PushSubscription.objects.filter(
        Q(entrant=entrant) | Q(user_id=user_id, tournament=tournament)
    ).values_list("pk", flat=True)
    player = get_user_model().objects.select_related("language_preference").get(pk=user_id)
    url = reverse("matches:my-table", args=[entrant.access_token])
    message = worded(
        tournament,
        player,
        lambda translate=texts.as_is: texts.message(
            tournament.name,
            translate(texts.PLACE_GIVEN),
            url,
            f"t{tournament.pk}-registration",
            PLACE_TTL_SECONDS,
        ),
    )
    pushes = [(pk, message) for pk in devices]
    schedule(pushes)
    return len(pushes)
