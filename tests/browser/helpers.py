"""Small steps the browser tests share: logging in, filling a result form, staff users."""

import os
from pathlib import Path

from django.contrib.auth import get_user_model

#: Debian's Chromium, the full browser (package chromium)
FULL_CHROMIUM = Path("/usr/bin/chromium")
#: the same build's headless shell (package chromium-headless-shell, Chromium's "old" headless
#: mode, which Playwright itself runs headless tests in): about a third of the full browser's CPU
#: a page, and the browser tests are most of the suite's time (docs/testing.md, session 24).
#: The binary, not /usr/bin's wrapper script, which would stand between Playwright and it.
HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")
#: what the browser tests drive: TEST_CHROMIUM names another (the full browser:
#: TEST_CHROMIUM=/usr/bin/chromium); tests/browser/test_full_browser.py runs a phone's day in
#: the full browser as well.
CHROMIUM = Path(
    os.environ.get("TEST_CHROMIUM")
    or (HEADLESS_SHELL if HEADLESS_SHELL.exists() else FULL_CHROMIUM)
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    # Shared memory in a container is often 64 MB, too little for Chromium: use /tmp instead.
    "--disable-dev-shm-usage",
]
ROOT = Path(__file__).resolve().parents[2]
#: axe-core, for the tests only: never in static/, so collectstatic never ships it
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
# Tests never write tracked files: screenshots go to var/ (ignored by git) unless
# UPDATE_SCREENSHOTS=1 asks to refresh the ones the README shows.
SCREENSHOTS = (
    ROOT / "docs" / "screenshots"
    if os.environ.get("UPDATE_SCREENSHOTS") == "1"
    else ROOT / "var" / "screenshots"
)
# The browser tests' server writes each e-mail to a file here (EMAIL_URL=file://...).
MAIL_DIR = ROOT / "var" / f"browser-mail-{os.getpid()}"
PHONE = {"width": 390, "height": 844}
NARROW_PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
PASSWORD = "a-long-browser-password"
# Waits are for conditions; this only bounds how long a condition may take to appear.
TIMEOUT_MS = 15_000

# Victory Cup tokens by seat order: distinct, so no two sides tie; every side keeps its one
# character (survivors 1), so the engine needs no tokens for a knocked-out character.
CUP_TOKENS = [6, 4, 2, 1]


def report_for(match) -> dict:
    """A legal report of ``match``: everyone survives; the entrant created first gets the most
    Victory Cup tokens (so the same side wins every game it plays, and no game ties)."""
    seats = list(match.seats.order_by("position"))
    order = sorted(seat.entrant_id for seat in seats)
    sides = [
        {
            "side": str(seat.entrant_id),
            "victory_cup_tokens": CUP_TOKENS[order.index(seat.entrant_id)],
            "survivors": 1,
        }
        for seat in seats
    ]
    return {"ended_by": "time", "sides": sides}


def staff_user(username: str):
    """A user with a verified e-mail address, who may sign in on the site's sign-in page."""
    from allauth.account.models import EmailAddress

    email = f"{username}@example.org"
    user = get_user_model().objects.create_user(username=username, email=email, password=PASSWORD)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def log_in(page, username: str, next_path: str, password: str = PASSWORD) -> None:
    """Sign in through the site's sign-in page and land on ``next_path``."""
    page.goto(f"/accounts/login/?next={next_path}")
    page.get_by_label("Username or e-mail").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"**{next_path}")


def read_mail(to: str, containing: str) -> str:
    """The newest e-mail the server sent to ``to`` whose text contains ``containing``."""
    import re
    import time

    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        files = sorted(MAIL_DIR.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
        for path in files:
            text = path.read_text(errors="replace")
            for message in reversed(text.split("-" * 79)):
                if re.search(rf"^To: {re.escape(to)}$", message, re.M) and containing in message:
                    return message
        time.sleep(0.1)
    raise AssertionError(f"no e-mail to {to} containing {containing!r}")


def link_in(message: str, path_prefix: str) -> str:
    """The path of the first link in ``message`` that starts with ``path_prefix``."""
    import re

    match = re.search(rf"https?://[^/\s]+({re.escape(path_prefix)}[^\s]*)", message)
    assert match, message
    return match.group(1)


def fill_result(page, tokens=None) -> list[int]:
    """Fill an Eye for an Eye result form (referee desk or a player's page) in seat order.

    Returns the tokens given to each seat, so the caller knows who won (seat 1).
    """
    cups = page.locator('input[name$="-victory_cup_tokens"]')
    survivors = page.locator('input[name$="-survivors"]')
    count = cups.count()
    assert count >= 2 and survivors.count() == count
    tokens = list(tokens or CUP_TOKENS[:count])
    ended_by = page.locator('select[name="g-ended_by"]')
    if ended_by.count():
        ended_by.select_option("time")
    for index in range(count):
        cups.nth(index).fill(str(tokens[index]))
        survivors.nth(index).fill("1")
    return tokens


OVERFLOWING = """() => {
  const width = window.innerWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 0.5) {
      wide.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')
        + ' right=' + Math.round(box.right));
    }
  }
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: width,
          wide: wide.slice(0, 8)};
}"""


def assert_no_sideways_overflow(page, name: str) -> None:
    """The page is no wider than its window (no sideways scrolling); names the wide elements."""
    found = page.evaluate(OVERFLOWING)
    width = page.viewport_size["width"]
    assert found["scrollWidth"] <= found["innerWidth"], (
        f"{name} scrolls sideways at {width}px: {found}"
    )


AXE_RUN = """async () => {
  const results = await axe.run(document, {resultTypes: ['violations']});
  const serious = results.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': '
                  + (n.failureSummary || '').replace(/\\s+/g, ' '))}));
  return {checked: results.passes.length + results.violations.length, serious: serious};
}"""


def assert_no_serious_axe_violation(page, name: str) -> None:
    """The vendored axe-core finds no "serious" or "critical" violation on the page.

    axe is evaluated through the DevTools protocol, which the site's content security policy
    does not govern: the page is checked exactly as it is served, policy and all.
    """
    assert page.evaluate(AXE.read_text() + "\n;typeof window.axe") == "object"
    found = page.evaluate(AXE_RUN)
    assert found["checked"] > 10  # axe really ran its rules on the page
    violations = found["serious"]
    assert not violations, f"{name}: " + "\n".join(
        f"[{v['impact']}] {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"])
        for v in violations
    )
