"""The "My events" dashboard: the events a person runs or referees, each with its state now."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches.models import MatchStatus
from tournament.models import EntrantStatus, RoundStatus, StaffRole, StaffRoleKind, Tournament
from tournament.views.organiser.common import champion_name, current_round

#: events listed on one dashboard (the newest first)
MAX_EVENTS = 100


@dataclass(frozen=True)
class EventRow:
    """One event on the dashboard: the event, the person's role in it, and its state in words."""

    tournament: Tournament
    role: str  # "organiser" or "referee"
    state: str

    @property
    def organises(self) -> bool:
        return self.role == "organiser"


def role_in(user, tournament: Tournament, roles: dict[int, set[str]]) -> str:
    if user.is_superuser or tournament.organiser_id == user.pk:
        return "organiser"
    return "organiser" if StaffRoleKind.ORGANISER in roles.get(tournament.pk, ()) else "referee"


def state_of(tournament: Tournament) -> str:
    """Where the event is, as a sentence: registration, round N and its missing results, ..."""
    if tournament.status == "finished":
        name = champion_name(tournament)
        return _("Finished: %(name)s is the champion.") % {"name": name} if name else _("Finished.")
    round_ = current_round(tournament)
    if round_ is not None:
        tables = round_.matches.filter(is_bye=False).aggregate(
            total=Count("id"), done=Count("id", filter=Q(status=MatchStatus.ACCEPTED))
        )
        label = (
            _("Elimination: round %(number)s")
            if tournament.status == "elimination"
            else _("Round %(number)s")
        ) % {"number": round_.number}
        if round_.status == RoundStatus.DRAFT:
            return _("%(round)s drafted, not yet published.") % {"round": label}
        missing = tables["total"] - tables["done"]
        if missing:
            return ngettext(
                "%(round)s running: %(missing)s of %(total)s result missing.",
                "%(round)s running: %(missing)s of %(total)s results missing.",
                tables["total"],
            ) % {"round": label, "missing": missing, "total": tables["total"]}
        return _("%(round)s: every result is in; close the round.") % {"round": label}
    if tournament.status in ("swiss", "elimination"):
        played = tournament.rounds.count()
        return ngettext(
            "%(stage)s: %(count)s round complete; the next is not paired yet.",
            "%(stage)s: %(count)s rounds complete; the next is not paired yet.",
            played,
        ) % {"stage": tournament.get_status_display(), "count": played}
    counts = tournament.entrants.aggregate(
        registered=Count("id", filter=~Q(status=EntrantStatus.DROPPED)),
        checked_in=Count("id", filter=Q(status=EntrantStatus.CHECKED_IN)),
    )
    if tournament.status == "setup":
        return _("Being set up: %(registered)s registered.") % counts
    return _("%(stage)s: %(registered)s registered, %(checked_in)s checked in.") % {
        "stage": tournament.get_status_display(),
        **counts,
    }


def events_of(user) -> list[EventRow]:
    """The events ``user`` organises or referees (superusers: their own too), newest first."""
    staff_rows = StaffRole.objects.filter(user=user).values_list("tournament_id", "role")
    roles: dict[int, set[str]] = {}
    for tournament_id, role in staff_rows:
        roles.setdefault(tournament_id, set()).add(role)
    tournaments = (
        Tournament.objects.filter(Q(organiser=user) | Q(pk__in=list(roles)))
        .select_related("champion")
        .order_by("-starts_on", "-created_at")[:MAX_EVENTS]
    )
    return [EventRow(t, role_in(user, t, roles), state_of(t)) for t in tournaments]
