"""The doors that turn a device's notifications on and off (JSON, from ``static/js/push.js``).

* ``POST /me/<token>/notifications/`` with the browser's ``PushSubscription.toJSON()``: the
  side of that private link gets its notifications on this device (201);
* ``POST /me/<token>/notifications/off/`` with ``{"endpoint": ...}``: it no longer does;
* ``POST /events/<slug>/desk/notifications/`` and ``.../off/``: the same for a member of the
  event's staff (signed in), who hears of disputes.

A bad body is a 400 with one list of messages per field and changes nothing; with push off
(no VAPID keys) the doors answer 404.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.rate_limits import rate_limited
from common.webpush.subscription_data import MAX_BODY_BYTES, endpoint_errors, parse_subscription
from common.webpush.vapid import configured_keys
from notifications.services import subscriptions
from tournament.services.permissions import entrant_from_token
from tournament.views.organiser.common import page_actor, staff_tournament

PUSH_OFF = gettext_lazy("Notifications are off on this server.")


def _refused(errors: dict, status: int = 400) -> JsonResponse:
    return JsonResponse(errors, status=status)


def _body(request) -> tuple[object, dict | None]:
    """The request's JSON body, or (None, the 400's errors)."""
    if len(request.body) > MAX_BODY_BYTES:
        return None, {
            "non_field_errors": [
                _("A subscription is at most %(limit)s bytes.") % {"limit": MAX_BODY_BYTES}
            ]
        }
    try:
        return json.loads(request.body.decode("utf-8")), None
    except (UnicodeDecodeError, ValueError):
        return None, {"non_field_errors": [_("The body is not JSON.")]}


def _subscription(request):
    """(the checked subscription, None) or (None, the 400 response)."""
    data, errors = _body(request)
    if errors is None:
        subscription, errors = parse_subscription(
            data,
            service_hosts=settings.WEB_PUSH_SERVICE_HOSTS,
            allow_loopback=settings.WEB_PUSH_ALLOW_LOOPBACK,
        )
        if subscription is not None:
            return subscription, None
    return None, _refused(errors)


def _endpoint(request):
    """(the endpoint of an "off" request, None) or (None, the 400 response)."""
    data, errors = _body(request)
    if errors is None:
        if not isinstance(data, dict) or set(data) != {"endpoint"}:
            errors = {"non_field_errors": [_('Send {"endpoint": "..."} only.')]}
        else:
            problems = endpoint_errors(
                data["endpoint"],
                settings.WEB_PUSH_SERVICE_HOSTS,
                settings.WEB_PUSH_ALLOW_LOOPBACK,
            )
            if not problems:
                return data["endpoint"], None
            errors = {"endpoint": problems}
    return None, _refused(errors)


def _player(token):
    """(the entrant of a private link, None) or (None, the 404 response)."""
    if configured_keys() is None:
        return None, _refused({"detail": str(PUSH_OFF)}, 404)
    entrant = entrant_from_token(None, token)
    if entrant is None:
        return None, _refused({"detail": _("This private link is not valid.")}, 404)
    return entrant, None


def _player_actor(request, entrant) -> Actor:
    return Actor.from_request(request, Channel.PAGE, entrant=entrant)


@rate_limited("private_link")
@require_POST
def player_on(request, token):
    """Subscribe this device to the notifications of a private link's side."""
    entrant, refused = _player(token)
    if refused is None:
        data, refused = _subscription(request)
    if refused is not None:
        return refused
    subscriptions.subscribe_entrant(entrant, data, _player_actor(request, entrant))
    return JsonResponse({"subscribed": True}, status=201)


@rate_limited("private_link")
@require_POST
def player_off(request, token):
    """Stop a private link's notifications on this device."""
    entrant, refused = _player(token)
    if refused is None:
        endpoint, refused = _endpoint(request)
    if refused is not None:
        return refused
    removed = subscriptions.unsubscribe_entrant(entrant, endpoint, _player_actor(request, entrant))
    return JsonResponse({"subscribed": False, "removed": removed})


@require_POST
@login_required
def staff_on(request, slug):
    """Subscribe this device of a referee or organiser to the event's disputes."""
    tournament = staff_tournament(request, slug)
    if configured_keys() is None:
        return _refused({"detail": str(PUSH_OFF)}, 404)
    data, refused = _subscription(request)
    if refused is not None:
        return refused
    subscriptions.subscribe_staff(request.user, tournament, data, page_actor(request))
    return JsonResponse({"subscribed": True}, status=201)


@require_POST
@login_required
def staff_off(request, slug):
    """Stop the event's dispute notifications on this device of a member of its staff."""
    tournament = staff_tournament(request, slug)
    if configured_keys() is None:
        return _refused({"detail": str(PUSH_OFF)}, 404)
    endpoint, refused = _endpoint(request)
    if refused is not None:
        return refused
    removed = subscriptions.unsubscribe_staff(
        request.user, tournament, endpoint, page_actor(request)
    )
    return JsonResponse({"subscribed": False, "removed": removed})
