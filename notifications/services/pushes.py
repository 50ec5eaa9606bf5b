"""What each event tells whose devices: one function per topic, called by the service that
owns the event (no signals), sending once its transaction commits.

* ``table_published`` - a round's tables are up: each seated side hears its table and where
  it starts ("Round 3: table 7, start on Orange");
* ``confirmation_waiting`` - a side reported a result: the other sides at the table;
* ``result_disputed`` - the table's other sides, and the event's staff ("a dispute at table 7");
* ``result_corrected`` - a referee corrected a result, or settled a dispute: the table's sides;
* ``dispute_window_closed`` - the round closed before the time to dispute a result accepted on
  one confirmation ended: the sides that had not answered it.

With push off (no VAPID keys) each is a no-op. Each reads the recipients in one or two queries
whatever the size of the round. Each push is worded in its device owner's language
(``push_language``).
"""

from __future__ import annotations

from functools import partial

from django.db.models import Q
from django.urls import reverse

from common.webpush.vapid import configured_keys
from notifications.logic import texts
from notifications.models import PushSubscription
from notifications.services.delivery import schedule
from notifications.services.push_language import OWNER_FIELDS, device_owner, worded
from tournament.models import StaffRole


def _player_url(entrant) -> str:
    return reverse("matches:my-table", args=[entrant.access_token])


def _side_subscriptions(entrant_ids) -> list[PushSubscription]:
    return list(
        PushSubscription.objects.filter(entrant_id__in=list(entrant_ids)).select_related(
            "entrant", *OWNER_FIELDS
        )
    )


def _staff_subscriptions(tournament) -> list[PushSubscription]:
    """The event's staff subscriptions of users who are still its staff."""
    staff = (
        Q(user_id=tournament.organiser_id)
        | Q(user__is_superuser=True)
        | Q(user__in=StaffRole.objects.filter(tournament=tournament).values("user_id"))
    )
    return list(
        PushSubscription.objects.filter(tournament=tournament, user__isnull=False)
        .filter(staff)
        .select_related("user__language_preference")
    )


def table_published(round_) -> int:
    """Tell every seated side of a published round its table; how many pushes were queued."""
    if configured_keys() is None:
        return 0
    tournament = round_.tournament
    seats = {
        seat.entrant_id: seat
        for seat in round_.seats.select_related("match").only(
            "entrant_id", "flower_colour", "match__table_number", "match__is_bye"
        )
    }
    starting_flowers = bool(tournament.game_mode.get("starting_flowers"))
    starts_by_centre = bool(tournament.game_mode.get("starts_by_centre"))
    pushes = []
    for subscription in _side_subscriptions(seats):
        seat = seats[subscription.entrant_id]
        pushes.append(
            (
                subscription.pk,
                worded(
                    tournament,
                    device_owner(subscription),
                    partial(
                        texts.table_published,
                        tournament.name,
                        tournament.pk,
                        round_.number,
                        seat.match.table_number,
                        bye=seat.match.is_bye,
                        flower_colour=seat.flower_colour,
                        starting_flowers=starting_flowers,
                        starts_by_centre=starts_by_centre,
                        url=_player_url(subscription.entrant),
                    ),
                ),
            )
        )
    schedule(pushes)
    return len(pushes)


def _to_sides(match, entrant_ids, words) -> int:
    tournament = match.round.tournament
    pushes = [
        (
            subscription.pk,
            worded(
                tournament,
                device_owner(subscription),
                partial(
                    words,
                    tournament.name,
                    match.round.number,
                    match.table_number,
                    match.pk,
                    _player_url(subscription.entrant),
                ),
            ),
        )
        for subscription in _side_subscriptions(entrant_ids)
    ]
    schedule(pushes)
    return len(pushes)


def _sides_of(match, *, but=None) -> list[int]:
    return [pk for pk in match.seats.values_list("entrant_id", flat=True) if pk != but]


def confirmation_waiting(match, version) -> int:
    """Tell the sides that did not report ``version`` that it waits for their confirmation."""
    if configured_keys() is None:
        return 0
    return _to_sides(match, _sides_of(match, but=version.entrant_id), texts.confirmation_waiting)


def result_disputed(match, disputed_by=None) -> int:
    """Tell the table's other sides and the event's staff that a result is disputed."""
    if configured_keys() is None:
        return 0
    count = _to_sides(match, _sides_of(match, but=disputed_by), texts.result_disputed)
    tournament = match.round.tournament
    url = reverse("matches:desk-match", args=[tournament.slug, match.pk])
    message = partial(
        texts.dispute_for_staff,
        tournament.name,
        match.round.number,
        match.table_number,
        match.pk,
        url,
    )
    staff = [
        (subscription.pk, worded(tournament, subscription.user, message))
        for subscription in _staff_subscriptions(tournament)
    ]
    schedule(staff)
    return count + len(staff)


def result_corrected(match, *, settled_dispute: bool = False) -> int:
    """Tell the table's sides that a referee corrected its result (or settled its dispute)."""
    if configured_keys() is None:
        return 0
    words = texts.dispute_settled if settled_dispute else texts.result_corrected
    return _to_sides(match, _sides_of(match), words)


def dispute_window_closed(match, entrant_ids) -> int:
    """Tell these sides that the round closed before their time to dispute its result ended."""
    if configured_keys() is None:
        return 0
    return _to_sides(match, entrant_ids, texts.dispute_window_closed)
