"""What each moment of an event tells the webhooks that want it: one function per event type,
called by the service that owns the moment (no signals), acting once its transaction commits.

After the commit each reads the active endpoints of the event and of its organisation that want
the type (one query; none for an event without any: ``webhook_presence``), builds the message
once (``notifications.logic.webhook_payloads``; the Discord preset's through
``notifications.logic.discord`` in the site's language) and hands one delivery per endpoint to
``webhook_delivery``. ``standings.changed`` is coalesced per event as the live standings ping
is (``common.live.coalesced_pushes``): a burst of results sends the first and the last.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from common.live import coalesced_pushes
from notifications.logic import discord, webhook_payloads
from notifications.logic.webhook_payloads import EventRef, Line
from notifications.models import WebhookEndpoint, WebhookKind
from notifications.services.webhook_delivery import schedule
from notifications.services.webhook_presence import has_endpoints
from tournament.models import Tournament
from tournament.services.standings import cached_standings

log = logging.getLogger(__name__)


def _url(name: str, *args) -> str:
    return settings.SITE_URL + reverse(name, args=args)


def event_ref(tournament) -> EventRef:
    return EventRef(
        tournament.pk, tournament.slug, tournament.name, _url("tournament:detail", tournament.slug)
    )


def _points(value) -> float | None:
    return None if value is None else float(value)


def new_message_id() -> str:
    """A message's id: the same on every attempt of it (receivers drop repeats by it)."""
    return "msg_" + secrets.token_hex(12)


def bodies(event_type: str, data: dict) -> dict[str, str]:
    """The JSON body of one message, by endpoint kind (Discord's in the site's language)."""
    envelope = webhook_payloads.envelope(event_type, data, timezone.now())
    with translation.override(settings.LANGUAGE_CODE):
        for_discord = discord.message(envelope, gettext)
    return {
        WebhookKind.STANDARD: json.dumps(envelope, separators=(",", ":")),
        WebhookKind.DISCORD: json.dumps(for_discord, separators=(",", ":")),
    }


def deliver(endpoints: list[WebhookEndpoint], event_type: str, data: dict) -> str:
    """Hand one message to each endpoint (on commit); the message's id."""
    message_id = new_message_id()
    by_kind = bodies(event_type, data)
    for endpoint in endpoints:
        schedule(endpoint.pk, message_id, event_type, by_kind[endpoint.kind])
    return message_id


def wanting(tournament_id: int, event_type: str) -> list[WebhookEndpoint]:
    """The active endpoints of the event and of its organisation that want ``event_type``."""
    found = WebhookEndpoint.objects.filter(active=True).filter(
        Q(tournament_id=tournament_id) | Q(organisation__events__pk=tournament_id)
    )
    return [endpoint for endpoint in found.distinct() if event_type in endpoint.events]


def _emit(tournament_id: int, event_type: str, build) -> None:
    def now():
        if not has_endpoints(tournament_id):
            return
        endpoints = wanting(tournament_id, event_type)
        if endpoints:
            deliver(endpoints, event_type, build())

    transaction.on_commit(now, robust=True)


def registration_opened(tournament) -> None:
    """``registration.opened``: players may sign up and check in."""
    _emit(
        tournament.pk,
        "registration.opened",
        lambda: webhook_payloads.registration_opened(
            event_ref(tournament), _url("tournament:detail", tournament.slug)
        ),
    )


def round_published(round_) -> None:
    """``round.published``: a round's tables are up, with the link to its pairings."""
    tournament = round_.tournament
    _emit(
        tournament.pk,
        "round.published",
        lambda: webhook_payloads.round_published(
            event_ref(tournament),
            round_.number,
            round_.stage.label or round_.stage.get_kind_display(),
            round_.matches.count(),
            _url("tournament:round-pairings", tournament.slug, round_.number),
        ),
    )


def _result(match, accepted_number: int) -> dict:
    seats = sorted(
        match.seats.select_related("entrant"), key=lambda s: (s.place is None, s.place or 0)
    )
    lines = [
        Line(seat.entrant_id, seat.entrant.display_name, seat.place, _points(seat.points))
        for seat in seats
    ]
    return webhook_payloads.result(
        event_ref(match.round.tournament),
        match.round.number,
        match.table_number,
        match.pk,
        accepted_number,
        lines,
    )


def result_accepted(match, version_number: int, *, corrected: bool) -> None:
    """``result.accepted`` (or ``result.corrected``) for a table, then ``standings.changed``."""
    tournament_id = match.round.tournament_id
    event_type = "result.corrected" if corrected else "result.accepted"
    _emit(tournament_id, event_type, lambda: _result(match, version_number))
    transaction.on_commit(lambda: standings_changed(tournament_id), robust=True)


def _standings(tournament_id: int) -> dict:
    tournament = Tournament.objects.get(pk=tournament_id)
    rows = cached_standings(tournament)[: webhook_payloads.STANDINGS_TOP]
    lines = [Line(int(row.entrant_id), row.name, row.rank, row.points) for row in rows]
    return webhook_payloads.standings_changed(
        event_ref(tournament), lines, _url("tournament:standings", tournament.slug)
    )


def standings_changed(tournament_id: int) -> None:
    """``standings.changed`` (after a commit): at once when the event was quiet, else the
    window's last one when the window ends."""
    if not has_endpoints(tournament_id) or not wanting(tournament_id, "standings.changed"):
        return

    def send(_payload: dict) -> None:
        endpoints = wanting(tournament_id, "standings.changed")
        if endpoints:
            deliver(endpoints, "standings.changed", _standings(tournament_id))

    def trailing(payload: dict) -> None:  # on the window owner's thread
        try:
            send(payload)
        finally:
            if threading.current_thread() is not threading.main_thread():
                connections.close_all()  # the owner thread's own connections end with it

    key = f"webhook.standings.{tournament_id}"
    if coalesced_pushes.offer_to(key, {"tournament": tournament_id}, trailing):
        send({})


def elimination_seated(round_) -> None:
    """``elimination.seated``: an elimination stage (or tie-break games) seated."""
    tournament = round_.tournament

    def build() -> dict:
        groups = [
            {
                "label": match.group_label,
                "table": match.table_number,
                "sides": [seat.entrant_id for seat in match.seats.all()],
            }
            for match in round_.matches.prefetch_related("seats").order_by("table_number")
        ]
        return webhook_payloads.elimination_seated(
            event_ref(tournament),
            round_.stage.label or round_.stage.get_kind_display(),
            round_.number,
            groups,
            _url("tournament:bracket", tournament.slug),
        )

    _emit(tournament.pk, "elimination.seated", build)


def champion_decided(tournament) -> None:
    """``champion.decided``: the event has its winner."""

    def build() -> dict:
        champion = Tournament.objects.select_related("champion").get(pk=tournament.pk).champion
        line = Line(champion.pk, champion.display_name, 1, None)
        return webhook_payloads.champion_decided(
            event_ref(tournament), line, _url("tournament:standings", tournament.slug)
        )

    _emit(tournament.pk, "champion.decided", build)


def send_test(endpoint: WebhookEndpoint) -> str:
    """Send ``webhook.test`` to one endpoint, whatever it wants; the message's id."""
    owner = endpoint.tournament or endpoint.organisation
    event = event_ref(endpoint.tournament) if endpoint.tournament_id else None
    data = webhook_payloads.test_event(event, str(owner))
    return deliver([endpoint], webhook_payloads.TEST, data)
