"""The browser tests' own safety net: a Chromium that dies is reported and launched again, a
failed test's report says where its pages were and what they showed, and a tab reused across
tests forgets what each page left behind."""

import os
import signal
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.harness import describe_pages
from tests.browser.helpers import TIMEOUT_MS
from tests.browser.tabs import ReusedTabs

pytestmark = [pytest.mark.browser]


def chromium_processes_of_this_test_process() -> list[int]:
    """Pids of the Chromium processes launched by this pytest process's Playwright driver."""
    parents = {}
    names = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces, so split after its closing bracket.
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        parents[int(entry.name)] = ppid
        names[int(entry.name)] = comm
    drivers = {pid for pid, ppid in parents.items() if ppid == os.getpid()}
    return [
        pid for pid, ppid in parents.items() if ppid in drivers and names[pid].startswith("chrom")
    ]


def test_a_chromium_that_dies_is_reported_and_launched_again(browser):
    first = browser.current
    assert first.new_context().new_page().evaluate("1 + 1") == 2
    victims = chromium_processes_of_this_test_process()
    assert victims, "found no Chromium process under this test's Playwright driver"
    for pid in victims:
        os.kill(pid, signal.SIGKILL)

    with pytest.warns(UserWarning, match=r"Chromium's process died during .*test_a_chromium"):
        with pytest.raises(PlaywrightError):
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                first.new_context().close()
                time.sleep(0.1)
        assert not first.is_connected()

    context = browser.new_context()
    try:
        assert context.new_page().evaluate("2 + 2") == 4
    finally:
        context.close()
    assert browser.current is not first


@pytest.mark.django_db(transaction=True)
def test_a_failure_report_shows_each_open_page_and_its_text(new_context):
    page = new_context().new_page()
    page.goto("/accounts/login/")
    text = describe_pages([page.context])
    assert text.startswith("context 1: http://127.0.0.1:")
    assert "/accounts/login/" in text
    assert "h1: 'sign in'" in text.lower()
    assert "messages: ''" in text


@pytest.mark.django_db(transaction=True)
def test_a_reused_tab_starts_each_visit_as_a_first_visit(browser, asgi_server):
    """``ReusedTabs`` keeps the tab and its cookies, but not what a page left behind."""
    tabs = ReusedTabs(browser, asgi_server, TIMEOUT_MS)
    try:

        def make_context(chromium):
            context = chromium.new_context(base_url=asgi_server)
            context.add_cookies([{"name": "visitor", "value": "kept", "url": asgi_server}])
            return context

        _, page = tabs.page("visitor", make_context=make_context)
        page.goto("/accounts/login/")
        page.evaluate(LEAVE_SITE_DATA)
        tabs.leave("visitor")

        _, again = tabs.page("visitor", make_context=make_context)
        assert again is page  # the same tab: no new renderer
        again.goto("/accounts/login/")
        assert again.evaluate(READ_SITE_DATA) == {"local": None, "session": None}
        assert "visitor=kept" in again.evaluate("document.cookie")
    finally:
        tabs.close_all()


LEAVE_SITE_DATA = """() => {
  localStorage.setItem("left", "local");
  sessionStorage.setItem("left", "session");
}"""
READ_SITE_DATA = """() => ({local: localStorage.getItem("left"),
                      session: sessionStorage.getItem("left")})"""
