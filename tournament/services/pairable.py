"""Who the next Swiss round pairs: the one place that rule is read (engine/decisions.py).

Every entrant still in the event, except a late entry that has not checked in: a side with no
table yet in an event whose round 1 is already paired. Before round 1 everyone not dropped is
paired, as before (the desk's "drop everyone not checked in" clears the no-shows first).
"""

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import ngettext

from matches.models import Seat
from tournament.models import Entrant, EntrantStatus, Tournament


def waiting_late_entries(tournament: Tournament) -> QuerySet[Entrant]:
    """The late entries left out of the next pairing until they check in, by name."""
    if not tournament.rounds.exists():
        return tournament.entrants.none()
    seated = Seat.objects.filter(entrant=OuterRef("pk"))
    return (
        tournament.entrants.filter(status=EntrantStatus.REGISTERED)
        .exclude(Exists(seated))
        .order_by("display_name", "id")
    )


def pairable_entrants(tournament: Tournament) -> QuerySet[Entrant]:
    """The entrants the next Swiss round seats: not dropped, and not a waiting late entry."""
    active = tournament.entrants.exclude(status=EntrantStatus.DROPPED)
    waiting = waiting_late_entries(tournament).values("pk")
    return active.exclude(pk__in=waiting)


def left_out_names(tournament: Tournament) -> list[str]:
    """The names of the late entries the next round leaves out (for the pages and the audit)."""
    return list(waiting_late_entries(tournament).values_list("display_name", flat=True))


def left_out_sentence(names: list[str]) -> str:
    """Which late entries a round leaves out, and why, in one sentence (empty for none)."""
    if not names:
        return ""
    return ngettext(
        "Not paired: %(names)s, a late entry not checked in yet (paired once checked in).",
        "Not paired: %(names)s, late entries not checked in yet (paired once checked in).",
        len(names),
    ) % {"names": ", ".join(names)}
