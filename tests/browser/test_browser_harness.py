"""The browser tests' own safety net: a Chromium that dies is reported and launched again, and a
failed test's report says where its pages were and what they showed."""

import os
import signal
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.harness import describe_pages

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
