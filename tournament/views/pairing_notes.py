"""The round page's "how this round was paired" lines, translated from the pairing's record
(``Round.pairing_report``): how the seats were rotated and how even they are, and whether
clubmates were kept apart (and why not, where a table still seats them), and which late
entries were left out until they check in."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.services.pairable import left_out_sentence
from tournament.services.rounds import LEFT_OUT


def pairing_notes(report: dict) -> list[str]:
    """The sentences for one round's pairing record (none for a record without these parts)."""
    notes = []
    seats = report.get("seat_order")
    if seats:
        notes.append(seat_note(seats))
    parts = [report, *(report.get("by_size") or {}).values()]
    notes += [club_note(part["clubs"]) for part in parts if part.get("clubs")]
    if report.get(LEFT_OUT):
        notes.append(left_out_sentence(report[LEFT_OUT]))
    return notes


def seat_note(record: dict) -> str:
    """How the seats were rotated, with the imbalance after and without the rotation."""
    after, before = record["after"], record["before"]
    return _(
        "Seats rotated: at each table seat 1 went to the side that had sat first least often, "
        "and so on. After this round a side's most- and least-used seats differ by at most "
        "%(after)d (mean %(mean)s; %(before)d without the rotation); the most first seats any "
        "side has had is %(firsts)d."
    ) % {
        "after": after["largest"],
        "mean": after["mean"],
        "before": before["largest"],
        "firsts": after["most_first_seats"],
    }


def club_note(record: dict) -> str:
    """Whether clubmates were kept apart, and why a table still seats them."""
    tables = record["tables_with_clubmates"]
    if not tables:
        return _("Clubmates kept apart: no table seats two players of one club.")
    head = ngettext(
        "%(count)d table seats clubmates (table %(tables)s)",
        "%(count)d tables seat clubmates (tables %(tables)s)",
        len(tables),
    ) % {"count": len(tables), "tables": ", ".join(map(str, tables))}
    if record["reason"] == "crowded":
        clubs = ", ".join(f"{club} ({n})" for club, n in record["crowded_clubs"].items())
        why = _("too many players from %(clubs)s for the round's tables") % {"clubs": clubs}
    elif record["reason"] == "cost":
        why = _("keeping them apart would have cost a repeat opponent or the points grouping")
    else:
        why = _("no grouping found keeps every club apart")
    return f"{head}: {why}."
