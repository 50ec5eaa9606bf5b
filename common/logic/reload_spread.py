"""How widely the phones of one event spread their reloads after one push.

On ``round.published`` every phone of the event reloads its page (live.js, at a random moment of
a spread). A fixed 2.5 s spread sent a 1,000-player event's reloads at 400 a second, more than a
server's two processes serve, and the reloads waited past the database pool's timeout
(docs/operations.md, "Rehearsal of a convention round"). The spread grows with the phones that
will reload, so that they arrive at about ``RELOADS_PER_SECOND``, within bounds.

The pace is what two web processes on 2 cores serve of the private page beside the rest of the
event (about 20 a second; session 23's rehearsal: at 100 a second 201 of 1,000 reloads went
unanswered for a minute, at 20 none). A phone does not wait for its reload to know its table:
the push itself shows it (the rehearsal's last phone held its next table 3.7 s after the last
confirmation); the reload brings the rest of the page.
"""

from __future__ import annotations

#: the spread of a small event (live.js's default)
SHORTEST_MS = 2500
#: the widest spread: the last phone still shows its table within half a minute
LONGEST_MS = 60000
#: the pace the reloads are spread to
RELOADS_PER_SECOND = 20


def reload_spread_ms(phones: int) -> int:
    """The milliseconds over which ``phones`` reloads are spread."""
    wanted = phones * 1000 // RELOADS_PER_SECOND
    return max(SHORTEST_MS, min(LONGEST_MS, wanted))
