"""The folder drives Debian's headless shell (``tests/browser/helpers.py``); this module runs a
phone's live table in the full browser (``/usr/bin/chromium``) as well: a report refused and
corrected, a confirmation and a dispute reaching the reporter's page over its socket. A page
that works in one and not the other would fail here."""

import pytest

from tests.browser.conftest import module_chromium
from tests.browser.helpers import CHROMIUM, FULL_CHROMIUM

# The phone's day of test_players_day.py, collected again in this module, on this module's browser.
from tests.browser.test_players_day import (  # noqa: F401
    test_a_refused_report_then_confirmations_and_a_dispute_arrive_live,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not FULL_CHROMIUM.exists() or CHROMIUM == FULL_CHROMIUM,
        reason=f"the folder already runs in the full browser, or {FULL_CHROMIUM} is missing",
    ),
]


@pytest.fixture(scope="module")
def browser(playwright_manager):
    """The full browser for this module's tests (``new_context`` asks for ``browser``)."""
    with module_chromium(playwright_manager, executable=FULL_CHROMIUM) as chromium:
        yield chromium


def test_the_module_drives_the_full_browser(browser):
    assert browser.executable == FULL_CHROMIUM
    assert browser.current.version.split(".")[0].isdigit()  # it launched
