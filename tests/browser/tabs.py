"""Browser tabs kept open across the read-only tests of a module (``reused_tabs`` in conftest).

A new tab costs Chromium about 1.5 s of CPU (a renderer process, its first navigation), a
navigation in an open tab about 0.4 s (measured: docs/testing.md, session 23). Tests that only
look at pages (``test_pages.py``: some 200 visits) therefore visit them in one tab per visitor:
the same cookies (who is logged in, which language), the same window size.

Every visit still starts as a first visit: after a test its tab's session storage is cleared,
and before the next page the tab's site data (local storage, a registered service worker, its
caches) is cleared too, so no page sees what the one before it left. Only the HTTP cache of the
static files is kept, which serves the same files. The tab is not sent to a blank page between
tests (so that no live page ticks on in an idle tab): measured, that cost more CPU, not less. A
test that fails drops every tab (the next test gets new ones), and its report lists the pages
its tab showed, as for a test with contexts of its own.
"""

from collections import OrderedDict

# What "Clear site data" clears, cookies excepted (they say who the visitor is).
SITE_DATA = "local_storage,service_workers,cache_storage,indexeddb,file_systems,websql"
FORGET_SESSION_STORAGE = "() => { try { window.sessionStorage.clear(); } catch (e) {} }"


class ReusedTabs:
    """Open tabs by visitor (a key the caller chooses: role, window size, language).

    At most ``keep`` tabs stay open (``test_pages.py`` has twelve visitors: four roles at three
    window sizes); the one used longest ago is closed first.
    """

    def __init__(self, browser, base_url: str, timeout_ms: int, keep: int = 12):
        self._browser = browser
        self._base_url = base_url
        self._timeout_ms = timeout_ms
        self._keep = keep
        self._tabs = OrderedDict()  # key -> (context, page, CDP session)

    def page(self, key, *, make_context):
        """The tab of ``key``, its site data cleared; ``make_context(browser)`` makes the
        context of a new one (cookies and all)."""
        if key in self._tabs and not self._tabs[key][0].browser.is_connected():
            del self._tabs[key]  # its browser died: start afresh
        if key not in self._tabs:
            context = make_context(self._browser)
            context.set_default_timeout(self._timeout_ms)
            page = context.new_page()
            self._tabs[key] = (context, page, context.new_cdp_session(page))
            while len(self._tabs) > self._keep:
                self._close(next(iter(self._tabs)))
        self._tabs.move_to_end(key)
        context, page, cdp = self._tabs[key]
        cdp.send(
            "Storage.clearDataForOrigin", {"origin": self._base_url, "storageTypes": SITE_DATA}
        )
        return context, page

    def leave(self, key) -> None:
        """The test of ``key``'s tab is over: forget its session storage."""
        if key not in self._tabs or not self._tabs[key][0].browser.is_connected():
            return
        page = self._tabs[key][1]
        if page.url.startswith(self._base_url):
            page.evaluate(FORGET_SESSION_STORAGE)

    def _close(self, key) -> None:
        context = self._tabs.pop(key)[0]
        if context.browser is not None and context.browser.is_connected():
            context.close()

    def close_all(self) -> None:
        for key in list(self._tabs):
            self._close(key)
