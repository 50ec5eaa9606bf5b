"""Browser tests: a real ASGI server (daphne) on the test database, and Debian's Chromium.

* ``asgi_server`` starts daphne (once for the folder, per test process; see below) in a
  subprocess on a free 127.0.0.1 port with the test
  database of this run (SQLite: the test database is a file under ``var/``, or
  ``SQLITE_TEST_PATH``; PostgreSQL: the test database's name) and no ``REDIS_URL``, so the
  in-memory channel layer carries the websockets inside that one process and Celery runs
  eagerly in it. It serves ``tests.browser.asgi`` (the project's application plus the static
  files, as ``runserver`` would). Rows the tests write must be committed to be seen by it: the
  tests are ``django_db(transaction=True)`` or build their data outside any test transaction
  (and are still marked ``django_db``, or pytest-django would not set the test database up).
* ``browser`` drives ``/usr/bin/chromium`` through Playwright (never a downloaded browser),
  one Chromium for the folder per test process (each test has contexts of its own);
  every test here is skipped with a reason when it is missing. If Chromium's process dies, it
  is launched again and the test it died under runs once more (``harness.Chromium``).
* ``new_context`` opens separate browser contexts (separate cookies: an organiser, a referee,
  players) and closes them after the test. A failed test's report lists the pages they had
  open, with what each showed (``harness.describe_pages``).
* ``reused_tabs`` keeps tabs open across a module's tests that only look at pages (a new tab
  costs Chromium far more CPU than a navigation): see ``tabs.ReusedTabs``.
"""

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from tests.browser.harness import Chromium, describe_pages
from tests.browser.helpers import CHROMIUM, DESKTOP, MAIL_DIR, ROOT, TIMEOUT_MS
from tests.browser.tabs import ReusedTabs


def pytest_collection_modifyitems(items):
    """Skip the browser tests cleanly where Debian's Chromium or Playwright is missing; where
    they run, run a test once more if Chromium's process died under it (see :class:`Chromium`)."""
    reason = None
    if not CHROMIUM.exists():
        reason = (
            f"needs Debian's Chromium at {CHROMIUM} "
            "(apt-get install chromium-headless-shell, or chromium)"
        )
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            reason = "needs Playwright's Python package (pip install playwright)"
    here = Path(__file__).parent
    for item in items:
        if not item.path.is_relative_to(here):
            continue
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))
        elif item.get_closest_marker("flaky") is None:  # a test's own rerun rule comes first
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[BROWSER_DIED]))


# What Playwright raises when the browser's process is gone (pytest-rerunfailures matches it
# against the failure's text).
BROWSER_DIED = "TargetClosedError"


BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_env() -> dict:
    """Environment variables that point a subprocess at this run's test database."""
    s = connection.settings_dict
    test_name = s.get("TEST", {}).get("NAME")
    if s["NAME"] != test_name and not str(s["NAME"]).startswith("test_"):
        # pytest-django sets the test database up only when a collected test is marked
        # django_db (or asks for db); never let a server loose on the real database.
        raise RuntimeError(f"not a test database: {s['NAME']}; mark the test django_db")
    if connection.vendor == "postgresql":
        host, port = s["HOST"] or "127.0.0.1", s["PORT"] or 5432
        url = f"postgres://{s['USER']}:{s['PASSWORD']}@{host}:{port}/{s['NAME']}"
        return {"DATABASE_URL": url, "DB_POOL_MIN": "1", "DB_POOL_MAX": "4"}
    if connection.vendor == "sqlite":
        name = str(s["NAME"])
        if name == ":memory:" or "mode=memory" in name:
            pytest.skip("the SQLite test database is in memory: a server process cannot open it")
        return {"SQLITE_PATH": name, "SQLITE_TEST_PATH": name}
    pytest.skip(f"browser tests do not know how to share a {connection.vendor} database")


def server_env(django_db_blocker, **settings) -> dict:
    """The environment of a server process on this run's test database: e-mail to files the
    tests read (helpers.read_mail), no Redis (the in-memory channel layer, eager Celery), and
    ``settings`` (DEBUG and the like) on top."""
    with django_db_blocker.unblock():
        env = dict(os.environ)
        env.update(database_env())
    env.update(DJANGO_SETTINGS_MODULE="config.settings", PYTHONUNBUFFERED="1", **settings)
    env["EMAIL_URL"] = f"file:///{MAIL_DIR}"
    for name in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        env.pop(name, None)
    return env


# A server's start is a Django import: seconds of CPU, and on a machine whose cores are shared
# (the suite's own workers, Chromium, other runs) many more seconds of wall time. 30 s was seen
# to run out under load; the wait ends as soon as the port answers, so a long bound costs
# nothing when the server is up.
SERVER_START_SECONDS = 120


@contextlib.contextmanager
def running_server(command: list[str], env: dict, port: int, name: str):
    """Run ``command`` (a server listening on 127.0.0.1:``port``) until the block ends.

    Its output goes to a log under ``var/``; a traceback in it is printed when it stops.
    """
    log = (ROOT / "var").joinpath(f"browser-{name}-{port}.log")
    log.parent.mkdir(exist_ok=True)
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited: {log.read_text()[-3000:]}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not start in {SERVER_START_SECONDS} s")
            time.sleep(0.1)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        text = log.read_text(errors="replace")
        log.unlink(missing_ok=True)
        shutil.rmtree(MAIL_DIR, ignore_errors=True)
        if "Traceback" in text:
            # A server-side error is worth seeing even when the pages coped with it.
            sys.stderr.write(f"\n--- {name} log (port {port}) ---\n{text[-6000:]}\n")


@contextlib.contextmanager
def daphne_server(django_db_blocker):
    """Run daphne serving ``tests.browser.asgi`` on the test database; yields its base URL."""
    env = server_env(django_db_blocker, DEBUG="1")
    port = free_port()
    command = [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port)]
    with running_server([*command, "tests.browser.asgi:application"], env, port, "daphne"):
        yield f"http://127.0.0.1:{port}"


# One server and one browser for the whole folder, per test process: starting daphne and
# Chromium for every module cost seconds each time. The root conftest runs this folder's tests
# first, so a worker of pytest-xdist runs them in one block and starts both once ("package"
# scope: should it come back to the folder after other tests, they start again, and the tests
# outside the folder never see Playwright's loop or its switch). A module that needs another
# server (settings in its environment) or another browser (extra arguments) overrides the
# fixture with a module-scoped one.
@pytest.fixture(scope="package")
def asgi_server(django_db_setup, django_db_blocker):
    """The base URL of a daphne process serving the project on the test database."""
    with daphne_server(django_db_blocker) as url:
        yield url


@pytest.fixture(scope="package")
def playwright_manager():
    """Playwright's driver (sync API), for the folder; see :func:`playwright_running`."""
    with playwright_running() as manager:
        yield manager


@pytest.fixture(scope="package")
def browser(playwright_manager):
    """Chromium through Playwright, for the folder (a :class:`Chromium`)."""
    with module_chromium(playwright_manager) as chromium:
        yield chromium


@pytest.fixture(autouse=True, scope="module")
def no_mail_of_other_modules():
    """The server outlives a module: each module reads only the e-mails sent in it."""
    for path in MAIL_DIR.glob("*.log"):
        path.unlink(missing_ok=True)


@contextlib.contextmanager
def playwright_running():
    """Playwright's synchronous API, started.

    It runs an asyncio loop in this thread, so Django would refuse the tests' own ORM calls as
    "async unsafe"; the switch is set only while it runs (package scope, so no test outside
    this folder ever sees the loop or the switch).
    """
    from playwright.sync_api import sync_playwright

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    manager = sync_playwright().start()
    try:
        yield manager
    finally:
        manager.stop()
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@contextlib.contextmanager
def module_chromium(manager, extra_args=(), executable=CHROMIUM):
    """A :class:`Chromium` of ``manager`` (``executable``, the folder's own by default) launched
    with ``extra_args`` besides the usual ones; closed when the block ends."""
    chromium = Chromium(manager, extra_args, executable)
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report also shows where each of its pages was and what it said."""
    report = yield
    if report.failed:
        item.tab_failed = True  # reused_tab starts the next test in new tabs
    contexts = getattr(item, "browser_contexts", None)
    if report.when == "call" and report.failed and contexts:
        report.sections.append(("browser pages at the failure", describe_pages(contexts)))
    return report


@pytest.fixture
def new_context(request, browser, asgi_server):
    """``new_context(viewport=..., user=... or session=...)``: a fresh browser context.

    Each context has its own cookies. With ``user`` (or a ready ``session`` key) it carries a
    logged-in session of that user (a real session row, made by Django's test client), for
    pages that are not about logging in.
    """
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    opened = request.node.browser_contexts = []

    def make(viewport=None, user=None, session=None, **options):
        context = browser.new_context(base_url=asgi_server, viewport=viewport or DESKTOP, **options)
        context.set_default_timeout(TIMEOUT_MS)
        if user is not None:
            session = session_key(user)
        if session is not None:
            context.add_cookies([{"name": "sessionid", "value": session, "url": asgi_server}])
        opened.append(context)
        return context

    yield make
    for context in opened:
        # A context of a browser that died is gone with it; closing it would raise.
        if context.browser is not None and context.browser.is_connected():
            context.close()


@pytest.fixture(scope="module")
def reused_tabs(browser, asgi_server):
    """Tabs kept open across the module's tests (:class:`ReusedTabs`), closed at its end."""
    tabs = ReusedTabs(browser, asgi_server, TIMEOUT_MS)
    try:
        yield tabs
    finally:
        tabs.close_all()


@pytest.fixture
def reused_tab(request, reused_tabs):
    """``reused_tab(key, make_context)``: the module's open tab of ``key`` (a new one the first
    time, made in ``make_context(browser)``), with its site data cleared (its session storage
    after the test). A failed test closes every tab, so the next test starts in new ones; its
    report shows the tab's page."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    used = request.node.browser_contexts = []
    keys = []

    def tab(key, make_context):
        context, page = reused_tabs.page(key, make_context=make_context)
        used.append(context)
        keys.append(key)
        return page

    yield tab
    if getattr(request.node, "tab_failed", False):
        reused_tabs.close_all()
    for key in keys:
        reused_tabs.leave(key)


def session_key(user) -> str:
    """The key of a new logged-in session of ``user``."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value
