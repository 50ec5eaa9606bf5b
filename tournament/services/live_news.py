"""What a page drawn at a given moment has missed of its event's feed or its round's results,
in the sockets' own messages.

Pages that reload on ``round.published`` or ``standings.changed`` pass the time they were drawn
(``after``, server milliseconds). The polling fallback answers with this news, and the event's
socket sends it right after it has joined the event's group (the round socket the results
accepted since), so a change that committed between the page's drawing and its socket's
subscription is not lost: its push went out before the socket listened, and this catches it
up.
"""

from datetime import UTC, datetime

from django.db.models import Prefetch

from matches.models import Match, ResultVersion, Seat, VersionState
from tournament import messages
from tournament.models import PUBLIC_ROUND_STATES, Round, Tournament


def _ms(moment) -> int:
    return int(moment.timestamp() * 1000) if moment else 0


def _moment(ms: int) -> datetime | None:
    """``ms`` (milliseconds since the epoch) as a moment; None beyond the calendar's end."""
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None


def news_since(tournament: Tournament, after_ms: int) -> list[dict]:
    """At most one ``round.published`` (the latest published round) and one
    ``standings.changed`` (the latest accepted result), each only if newer than ``after_ms``
    (two queries). Only what was stamped from ``after_ms`` on is read: the accepted results by
    their decision time (an index), so a page of a big event does not make the database sort
    all of the event's results each time its socket joins."""
    since = _moment(after_ms)
    if since is None:
        return []
    out = []
    latest_round = (
        tournament.rounds.filter(status__in=PUBLIC_ROUND_STATES, published_at__gte=since)
        .order_by("-published_at")
        .first()
    )
    if latest_round is not None and _ms(latest_round.published_at) > after_ms:
        out.append(messages.round_published(latest_round))
    latest_result = (
        ResultVersion.objects.filter(
            match__round__tournament=tournament,
            match__round__status__in=PUBLIC_ROUND_STATES,
            state=VersionState.ACCEPTED,
            decided_at__gte=since,
        )
        .select_related("match")
        .order_by("-decided_at")
        .first()
    )
    if latest_result is not None and _ms(latest_result.decided_at) > after_ms:
        out.append(
            messages.standings_changed(
                tournament.pk, latest_result.match.round_id, latest_result.match_id
            )
        )
    return out


def results_since(round_: Round, after_ms: int) -> list[dict]:
    """``result.accepted`` of each match of ``round_`` whose result was accepted (or corrected)
    after ``after_ms``, in table order (two queries, the second only when there is one)."""
    since = _moment(after_ms)
    if since is None:
        return []
    decided = ResultVersion.objects.filter(
        match__round=round_, state=VersionState.ACCEPTED, decided_at__gte=since
    ).values_list("match_id", "decided_at")
    match_ids = [match_id for match_id, at in decided if _ms(at) > after_ms]
    if not match_ids:
        return []
    seats = Seat.objects.select_related("entrant").order_by("position")
    matches = (
        Match.objects.filter(pk__in=match_ids)
        .select_related("round")
        .prefetch_related(Prefetch("seats", seats))
        .order_by("table_number")
    )
    return [messages.result_accepted(match, match.seats.all()) for match in matches]


def after_from(raw: str | None) -> int | None:
    """A page's ``after`` (milliseconds, not negative) from a query value; None when absent or
    not a whole number."""
    try:
        return max(0, int(raw)) if raw is not None else None
    except ValueError:
        return None
