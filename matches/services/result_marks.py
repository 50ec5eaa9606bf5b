"""A match's result progress in one short text, the same whether read from a drawn page's objects
or from the database now.

A player's page reloads on each push about its table's result (reported, confirmed, disputed,
accepted). A push sent after the page was drawn but before its socket joined the match's group
reaches nobody; so the page carries the mark of what it shows, the match socket sends the mark
of what is stored as soon as it has joined (and the polling fallback with every answer), and the
page reloads when the two differ. The mark moves with every step of the result flow: the match's
status, its newest version, and the number of answers (confirmations and disputes) given.
"""

from django.db.models import Count, Max

from matches.models import Match


def result_mark(status: str, newest_version: int | None, answers: int) -> str:
    """The mark of a match in ``status`` whose newest result version is number
    ``newest_version`` (None: none yet) with ``answers`` answers across its versions."""
    return f"{status}.{newest_version or 0}.{answers}"


def mark_of_drawn(match, versions) -> str:
    """The mark of a match as a page draws it: ``versions`` are its result versions with their
    responses loaded (prefetched)."""
    newest = max((v.number for v in versions), default=None)
    answers = sum(len(v.responses.all()) for v in versions)
    return result_mark(match.status, newest, answers)


def stored_mark(match_id: int) -> str | None:
    """The mark of the match as stored now (one query); None when there is no such match."""
    row = (
        Match.objects.filter(pk=match_id)
        .annotate(
            newest=Max("result_versions__number"),
            answers=Count("result_versions__responses"),
        )
        .values_list("status", "newest", "answers")
        .first()
    )
    return None if row is None else result_mark(*row)
