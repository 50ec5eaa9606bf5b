"""Which language a push speaks: its device owner's saved choice, else the event's.

A device belongs to a member of staff (their account) or to a side's private link (the account
of the side's player, if it has one; a team's link has none). Each push is sent to one device,
so each is worded in its own reader's language (``common.locale.recipient_language``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils import translation

from common.locale import recipient_language
from common.logic.push_message import PushMessage
from common.logic.words import Translate

#: what to read with a device's subscription to find its owner's saved language
OWNER_FIELDS = ("user__language_preference", "entrant__player__user__language_preference")


def device_owner(subscription):
    """The account whose language a device's pushes speak, or None."""
    if subscription.user_id is not None:
        return subscription.user
    player = subscription.entrant.player if subscription.entrant_id else None
    return player.user if player is not None else None


def worded(tournament, user, words: Callable[[Translate], PushMessage]) -> PushMessage:
    """``words`` written in ``user``'s language (None: the event's)."""
    with translation.override(recipient_language(tournament, user)):
        return words(translate=translation.gettext)
