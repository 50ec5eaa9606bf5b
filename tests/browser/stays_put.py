"""Proving that a live page does *not* reload, without sleeping for it.

A page reloads a moment after a message tells it something changed (``static/js/live.js``:
300 ms plus a random spread, up to a minute for a big event's round), or at once from a
handler (``console.js``). The tests used to wait a few seconds and see that the page had not
reloaded. Instead:

* :func:`watch` installs Playwright's clock in the context (the page's timers are Playwright's:
  time still flows, and the test can run it forward) and a script that notes every message the
  page's live layer handled, by container, and whether the page started to leave
  (``beforeunload``, which Chromium fires the moment a page calls ``location.reload()``);
* :func:`mark` marks the document the page shows;
* :func:`wait_caught_up` waits until every live container has handled a pong after a given
  point: a socket's catch-up (what it sends on joining) comes before its answer to the ping the
  page sends on opening, so by then every catch-up message has been handled and any reload it
  asks for is scheduled;
* :func:`assert_stays` runs the page's clock past the longest reload delay (every timer due
  fires at once) and checks the page is the marked document and never started to leave.
"""

# live.js spreads a reload over at most 60 s (MAX_RELOAD_SPREAD_MS) after 300 ms; a reload put
# off by a form being sent waits at most 10 s more (SENDING_MS).
RELOAD_WITHIN_MS = 60_300 + 10_000

HEARD = """
window.__heard = [];
window.__leaving = false;
window.addEventListener("beforeunload", () => { window.__leaving = true; });
document.addEventListener("live:message", (event) => {
  window.__heard.push({root: event.target.getAttribute("data-live-ws"), type: event.detail.type});
}, true);
"""

CAUGHT_UP = """(since) => {
  const roots = Array.from(document.querySelectorAll("[data-live-ws]"));
  const pongs = window.__heard.slice(since).filter((m) => m.type === "pong").map((m) => m.root);
  return roots.length > 0 && roots.every((r) => pongs.includes(r.getAttribute("data-live-ws")));
}"""


def watch(context, *, clock: bool = True) -> None:
    """Install the listener in ``context`` (before its pages load), and the clock unless told
    not to (a test that fakes the device's clock itself)."""
    context.add_init_script(HEARD)
    if clock:
        context.clock.install()


def mark(page, then: str = "") -> int:
    """Mark the document ``page`` shows now (:func:`assert_stays` finds the mark, a reloaded
    page would not) and run the script ``then`` at the same moment (closing its sockets, say);
    returns how many live messages it had handled (a point for :func:`wait_caught_up`)."""
    return page.evaluate(
        f"() => {{ window.__marked = true; const heard = window.__heard.length; {then}; "
        "return heard; }"
    )


def wait_caught_up(page, since: int = 0) -> None:
    """Wait until each live container of ``page`` has handled a pong after message ``since``."""
    page.wait_for_function(CAUGHT_UP, arg=since)


def assert_stays(page) -> None:
    """Run the page's timers past any reload it could have scheduled; it must not leave."""
    page.clock.run_for(RELOAD_WITHIN_MS)
    stayed = page.evaluate("window.__marked === true && window.__leaving === false")
    assert stayed, "the page reloaded (or started to)"
