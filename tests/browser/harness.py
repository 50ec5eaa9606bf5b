"""The browser tests' harness: a Chromium that is launched again when its process dies, and what
a failed test's report shows of the pages it had open. The fixtures in ``conftest.py`` use both.
"""

import contextlib
import os
import warnings
from pathlib import Path

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS


class Chromium:
    """Debian's Chromium for one test module, launched again if its process dies.

    A browser that dies under a test (killed for memory, say) fails that test with
    ``TargetClosedError``; the marker ``conftest.pytest_collection_modifyitems`` puts on every test
    runs it once more, on a fresh browser, and a warning names the test the crash happened in
    and the memory the machine had left, so a crash is never silent.
    """

    def __init__(self, manager, extra_args=(), executable=CHROMIUM):
        self._manager = manager
        self.executable = executable
        self._args = [*CHROMIUM_ARGS, *extra_args]
        self._browser = None

    def _launch(self):
        browser = self._manager.chromium.launch(
            executable_path=str(self.executable), args=self._args, headless=True
        )
        browser.on("disconnected", self._disconnected)
        return browser

    def _disconnected(self, browser):
        if browser is self._browser:
            self._browser = None
            test = os.environ.get("PYTEST_CURRENT_TEST", "outside a test")
            warnings.warn(
                f"Chromium's process died during {test} ({available_memory()}); "
                "the next browser step launches it again",
                stacklevel=1,
            )

    @property
    def current(self):
        """The running browser, launched first if there is none."""
        if self._browser is None or not self._browser.is_connected():
            self._browser = self._launch()
        return self._browser

    def new_context(self, **options):
        return self.current.new_context(**options)

    def close(self):
        browser, self._browser = self._browser, None
        if browser is not None and browser.is_connected():
            browser.close()


def available_memory() -> str:
    """The machine's available memory as /proc/meminfo states it, for a crash's warning."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return "available memory " + line.split(":", 1)[1].strip()
    return "available memory unknown"


# What a failed browser test's report shows of each page it had open: where the page was and
# what it said (the heading, the flash messages, the start of its text).
PAGE_AT_FAILURE = """() => {
  const text = (selector) => Array.from(document.querySelectorAll(selector))
    .map(el => el.innerText.trim()).filter(Boolean).join(" | ");
  return {h1: text("h1"), messages: text(".messages"),
          body: (document.body ? document.body.innerText : "").slice(0, 400)};
}"""


def describe_pages(contexts) -> str:
    """The URL and visible text of every page still open in ``contexts``, for a failure."""
    # Imported here: without Playwright the browser tests are skipped, and this module must
    # still import for conftest.py to say so.
    from playwright.sync_api import Error

    lines = []
    for number, context in enumerate(contexts, 1):
        if context.browser is None or not context.browser.is_connected():
            lines.append(f"context {number}: its browser is gone")
            continue
        for page in context.pages:
            try:
                seen = page.evaluate(PAGE_AT_FAILURE)
            except Error as error:
                seen = {"unreadable": str(error).splitlines()[0]}
            lines.append(f"context {number}: {page.url}")
            lines.extend(f"    {key}: {value!r}" for key, value in seen.items())
    return "\n".join(lines)
