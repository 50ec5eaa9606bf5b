"""What the result flow tells the live pages, once its transaction commits.

An accepted result goes to the match's and the round's watchers (places and points) and, as
``standings.changed``, to everyone following the event - coalesced per event, at most about one
a second with the last of a burst always sent (``common.live.coalesced_pushes``); a report that
waits goes to the table and the desk. Nobody hears of a change that is rolled back.

The same moments reach the players' and referees' devices as Web Push notifications
(``notifications.services.pushes``): a report waits for the other sides, a dispute goes to the
table and the staff, a correction to the table.
"""

from common.live import coalesced_pushes, realtime
from common.live import push_messages as messages
from matches.models import ResponseDecision
from matches.services.confirmations import sides_cut_short
from notifications.services import pushes


def notify_result_accepted(match, seats=None) -> None:
    """Push a match's accepted result to its match and round, and a standings ping.

    The message is built at once, inside the accepting transaction, from ``seats`` as that
    transaction wrote them (read now when not given), and sent when it commits.
    """
    payload = realtime.build_or_log(
        lambda: messages.result_accepted(match, seats), f"match {match.pk}"
    )
    if payload is None:
        return
    tournament_id = match.round.tournament_id
    ping = messages.standings_changed(tournament_id, match.round_id, match.pk)
    pushes = [
        (realtime.match_group(match.pk), payload),
        (realtime.round_group(match.round_id), payload),
    ]

    def send():
        # the standings ping is coalesced per event: at once, or with the window's last one
        group = realtime.tournament_group(tournament_id)
        if coalesced_pushes.offer(f"standings.{tournament_id}", group, ping):
            realtime.push_many([*pushes, (group, ping)])
        else:
            realtime.push_many(pushes)

    realtime.on_commit_or_log(send, f"match {match.pk}")


def notify_result_waiting(match, version, event: str) -> None:
    """Tell the match's watchers (the players at the table) and the round's (the desk) that a
    result waits for its sides or a referee."""
    payload = messages.result_waiting(match, version.number, event)
    realtime.push_on_commit(realtime.match_group(match.pk), payload)
    realtime.push_on_commit(realtime.round_group(match.round_id), payload)
    if event == "reported":
        pushes.confirmation_waiting(match, version)
    elif event == "disputed":
        disputer = (
            version.responses.filter(decision=ResponseDecision.DISPUTE)
            .order_by("-created_at", "-pk")
            .values_list("entrant_id", flat=True)
            .first()
        )
        pushes.result_disputed(match, disputed_by=disputer)


def notify_result_corrected(match, *, settled_dispute: bool = False) -> None:
    """Tell the table's devices that a referee corrected its result or settled its dispute
    (on commit)."""
    pushes.result_corrected(match, settled_dispute=settled_dispute)


def notify_dispute_windows_closed(round_) -> None:
    """Tell the sides whose time to dispute was cut short by ``round_`` closing (on commit)."""
    for match, entrant_ids in sides_cut_short(round_, round_.completed_at).items():
        pushes.dispute_window_closed(match, entrant_ids)
