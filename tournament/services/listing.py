"""The public listing of events: what is running, what is coming, what just finished.

Only public events are listed (``is_public``: the same rule as ``tournament.views.visibility``
for a visitor without a private link). One page of the listing costs a fixed number of queries
whatever the number of events: the events with their organisation and champion, and their
entrant count, in one query; the paginator's count in another.

Dates: an event stores a day (``starts_on``), with no time of day and no time zone, so the
listing shows that day as stored; "today" is the site's ``TIME_ZONE`` day (``localdate``). When
events gain a start time and a venue time zone, the listing should show them in that zone.
"""

import datetime
from dataclasses import dataclass

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Case, Count, DateField, F, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.models import EntrantStatus, Tournament, TournamentStatus
from tournament.services.registration import OPEN_STATES

#: events per page of the listing
PAGE_SIZE = 20
#: a finished (or never started) event stays in the listing this many days after its date
RECENT_DAYS = 60
#: the organisations offered by the filter, at most
MAX_ORGANISATIONS = 500

RUNNING_STATES = (TournamentStatus.SWISS, TournamentStatus.ELIMINATION)


class Phase:
    """Where an event is, as the listing groups it (and sorts it, in this order)."""

    RUNNING = "running"
    UPCOMING = "upcoming"
    RECENT = "recent"

    LABELS = {RUNNING: _("Running now"), UPCOMING: _("Upcoming"), RECENT: _("Recent")}
    ORDER = {RUNNING: 0, UPCOMING: 1, RECENT: 2}


def phase_of(tournament: Tournament) -> str:
    """The listing's phase of an event, from its status."""
    if tournament.status in RUNNING_STATES:
        return Phase.RUNNING
    if tournament.status == TournamentStatus.FINISHED:
        return Phase.RECENT
    return Phase.UPCOMING


@dataclass(frozen=True)
class ListingFilters:
    """What the visitor narrowed the listing to (all empty: everything current)."""

    game: str = ""
    organisation: str = ""
    region: str = ""
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None


def _phase_rank():
    return Case(
        When(status__in=RUNNING_STATES, then=Value(Phase.ORDER[Phase.RUNNING])),
        When(status=TournamentStatus.FINISHED, then=Value(Phase.ORDER[Phase.RECENT])),
        default=Value(Phase.ORDER[Phase.UPCOMING]),
        output_field=IntegerField(),
    )


def listed_events(filters: ListingFilters, today: datetime.date) -> QuerySet:
    """The public events the listing shows, running first, then upcoming (soonest first, dates
    to be announced last), then recent (latest first). Without a date filter, events whose day
    is more than ``RECENT_DAYS`` ago are left out unless they are running."""
    events = Tournament.objects.filter(is_public=True)
    if filters.game:
        events = events.filter(game_system=filters.game)
    if filters.organisation:
        events = events.filter(organisation__slug=filters.organisation)
    if filters.region:
        events = events.filter(
            Q(organisation__region__icontains=filters.region)
            | Q(address__icontains=filters.region)
            | Q(venue__icontains=filters.region)
        )
    if filters.date_from:
        events = events.filter(starts_on__gte=filters.date_from)
    else:
        cutoff = today - datetime.timedelta(days=RECENT_DAYS)
        events = events.filter(
            Q(starts_on__isnull=True) | Q(starts_on__gte=cutoff) | Q(status__in=RUNNING_STATES)
        )
    if filters.date_to:
        events = events.filter(starts_on__lte=filters.date_to)
    rank = _phase_rank()
    upcoming_day = Case(
        When(status=TournamentStatus.FINISHED, then=Value(None)),
        default=F("starts_on"),
        output_field=DateField(),
    )
    return (
        events.select_related("organisation", "champion", "registration_policy")
        .annotate(
            entrant_count=Count("entrants"),
            field_count=Count("entrants", filter=~Q(entrants__status=EntrantStatus.DROPPED)),
            phase_rank=rank,
            upcoming_day=upcoming_day,
        )
        .order_by(
            "phase_rank",
            F("upcoming_day").asc(nulls_last=True),
            F("starts_on").desc(nulls_last=True),
            "name",
            "id",
        )
    )


@dataclass(frozen=True)
class ListingRow:
    """One event as the listing shows it.

    ``places_left`` and ``registration_closes_at`` come from the event's registration policy
    (read through the reverse relation ``registration_policy``) when its players register
    themselves: None means no limit, or no closing time to show.
    """

    event: Tournament
    phase: str
    mode_label: str
    entrant_count: int
    places_left: int | None = None
    registration_closes_at: datetime.datetime | None = None

    @property
    def phase_label(self) -> str:
        return str(Phase.LABELS[self.phase])


def _self_service_policy(event: Tournament):
    """The event's registration policy when its players register themselves, else None."""
    try:
        policy = event.registration_policy
    except ObjectDoesNotExist:
        return None
    return policy if policy.self_service else None


def registration_figures(event: Tournament, now: datetime.datetime) -> dict:
    """Places left and the closing time of a self-service registration still to come (both
    None otherwise); ``event`` carries ``field_count`` (``listed_events``)."""
    policy = _self_service_policy(event)
    if policy is None or event.status not in OPEN_STATES:
        return {}
    figures = {}
    if policy.capacity is not None:
        figures["places_left"] = max(policy.capacity - event.field_count, 0)
    if policy.closes_at is not None and policy.closes_at > now:
        figures["registration_closes_at"] = policy.closes_at
    return figures


def listing_rows(events) -> list[ListingRow]:
    """The rows of one page of ``listed_events`` (no further query)."""
    now = timezone.now()
    return [
        ListingRow(
            event=event,
            phase=phase_of(event),
            mode_label=event.mode_label,
            entrant_count=event.entrant_count,
            **registration_figures(event, now),
        )
        for event in events
    ]


def listed_organisations() -> list[tuple[str, str]]:
    """(slug, name) of the organisations that have a public event, by name (one query)."""
    rows = (
        Tournament.objects.filter(is_public=True, organisation__isnull=False)
        .values_list("organisation__slug", "organisation__name")
        .distinct()
        .order_by("organisation__name", "organisation__slug")
    )
    return list(rows[:MAX_ORGANISATIONS])
