"""What the player's pages read about their own registrations: their place on the waitlist, the
size of the waitlist, whether they may still withdraw, and every registration of an account.

Reads only; each is a fixed number of queries, however long the waitlist or the list.
"""

from __future__ import annotations

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from registrations.models import Registration, RegistrationStatus
from tournament.models import Tournament, TournamentStatus
from tournament.services.registration import OPEN_STATES

#: the registrations "My games" lists, at most (the newest first)
MAX_LISTED = 50

#: the statuses in which a player may still withdraw (before the event)
WITHDRAWABLE = (
    RegistrationStatus.PENDING,
    RegistrationStatus.REGISTERED,
    RegistrationStatus.WAITLISTED,
)


def _waitlisted(**outer) -> QuerySet:
    return Registration.objects.filter(status=RegistrationStatus.WAITLISTED, **outer)


def with_waitlist_place(registrations: QuerySet) -> QuerySet:
    """``registrations`` with ``waitlist_position`` (1 is the front; counted for every row, read
    only for the waitlisted) and ``waitlist_size`` (how many wait in the row's event)."""

    def count_of(rows: QuerySet) -> Coalesce:
        counted = rows.order_by().values("tournament_id").annotate(n=Count("pk")).values("n")
        return Coalesce(Subquery(counted, output_field=IntegerField()), 0)

    ahead = _waitlisted(
        tournament_id=OuterRef("tournament_id"), queue_number__lte=OuterRef("queue_number")
    )
    return registrations.annotate(
        waitlist_position=count_of(ahead),
        waitlist_size=count_of(_waitlisted(tournament_id=OuterRef("tournament_id"))),
    )


def registration_of(tournament: Tournament, user) -> Registration | None:
    """The account's registration for the event, with its waitlist place, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    rows = Registration.objects.filter(tournament=tournament, user=user)
    return with_waitlist_place(rows.select_related("tournament", "entrant")).first()


def before_the_event(tournament: Tournament) -> bool:
    """Whether the event has not begun: no round made yet (afterwards leaving is a drop)."""
    return tournament.status in OPEN_STATES and not tournament.rounds.exists()


def may_withdraw(registration: Registration) -> bool:
    """Whether the player may withdraw this registration from their own pages now."""
    return registration.status in WITHDRAWABLE and before_the_event(registration.tournament)


def registrations_of(user) -> list[Registration]:
    """The account's registrations for events not finished, the newest first, each with its
    waitlist place and its event (one query)."""
    rows = (
        Registration.objects.filter(user=user)
        .exclude(tournament__status=TournamentStatus.FINISHED)
        .select_related("tournament", "entrant")
        .order_by("-created_at", "-pk")
    )
    return list(with_waitlist_place(rows)[:MAX_LISTED])
