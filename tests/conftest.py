"""Shared fixtures and the switches for tests that need real services."""

from pathlib import Path

import celery
import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils import translation

from config.celery import app as project_celery_app
from tests import hypothesis_profiles
from tests.database_template import test_database_from_template

# Hypothesis's profile ("dev" or "ci", HYPOTHESIS_PROFILE), loaded before any test module
# builds its @settings; no wall-clock checks in either (tests/hypothesis_profiles.py).
hypothesis_profiles.load()


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with an empty cache (cached standings, rate-limit counters)."""
    cache.clear()
    yield


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Test users' passwords need no slow hashing (PBKDF2 costs ~0.2 s per user made).

    PBKDF2 stays second in the list, so a password hashed by a fixture wider than one test
    (before this override applied) still verifies.
    """
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


@pytest.fixture(autouse=True)
def project_celery_app_stays_current():
    """A test that makes another Celery app current fails itself, not a later test.

    ``Celery(...)`` makes itself the current app unless told ``set_as_current=False``, and every
    ``@shared_task`` then resolves to it, with its own (not eager) conf: session 20's CI saw a
    round's job stay queued three files later. The project's app is made current again.
    """
    yield
    if celery.current_app._get_current_object() is not project_celery_app:
        project_celery_app.set_current()
        pytest.fail("this test left another Celery app current: pass set_as_current=False")


@pytest.fixture(autouse=True)
def site_language_after_each_test():
    """Each test starts in the site's language. A test client's request in German leaves its
    thread speaking German (``LocaleMiddleware`` activates, nothing deactivates), and session 22's
    CI saw a later test in that worker build a bracket with translated stage names."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(scope="session")
def django_db_setup(
    request,
    django_test_environment,
    django_db_blocker,
    django_db_keepdb,
    django_db_modify_db_settings,
):
    """pytest-django's test databases, the default one copied from a migrated template when
    there is one (tests/database_template.py): each test process no longer migrates its own.
    ``--reuse-db`` keeps the databases after the run, as in pytest-django."""
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _get_databases_for_setup

    aliases, serialized_aliases = _get_databases_for_setup(request.session.items)
    verbosity = request.config.option.verbose
    with django_db_blocker.unblock(), test_database_from_template() as copied:
        databases = setup_databases(
            verbosity=verbosity,
            interactive=False,
            aliases=aliases,
            serialized_aliases=serialized_aliases,
            keepdb=copied or django_db_keepdb,
        )
    yield
    if not django_db_keepdb:
        with django_db_blocker.unblock():
            teardown_databases(databases, verbosity=verbosity)


@pytest.fixture
def on_postgres():
    """Skip the test unless it runs against PostgreSQL (DATABASE_URL set)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL set")


# Fixtures through which a test reaches the database (pytest-django's, and the module-wide data
# the browser tests commit through ``django_db_setup``).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "django_db_setup",
        "live_server",
    }
)


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help=(
            "CI's second run, on PostgreSQL: only the tests that can reach the database (marked "
            "django_db, or asking for a database fixture), without the browser folder and the "
            "pages' rendering (tests/browser, tests/pages), except the page tests that count "
            "queries or are marked also_on_postgres. See docs/testing.md."
        ),
    )


def reaches_the_database(item) -> bool:
    """Whether ``item`` may run queries: pytest-django lets only these near the database."""
    if item.get_closest_marker("django_db") is not None:
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


# Folders whose tests render pages over the services (Chromium, or the test client's HTML):
# CI's PostgreSQL run leaves them out, since the services, the API, the races and the servers
# they call are tested on PostgreSQL in their own folders (docs/testing.md, "What the PostgreSQL
# run proves").
RENDERING_FOLDERS = ("browser/", "pages/")
# A page test asking for one of these counts queries: the count can differ by database
# (tests/pages/test_result_queries.py), so it runs on PostgreSQL too.
QUERY_COUNT_FIXTURES = frozenset({"django_assert_num_queries", "django_assert_max_num_queries"})


def runs_on_postgres_too(item) -> bool:
    """Whether CI's PostgreSQL run (``--database-tests-only``) runs ``item``: a test that can
    reach the database, outside the rendering folders unless it counts queries or is marked
    ``also_on_postgres``."""
    if not reaches_the_database(item):
        return False
    if not path_in_tests(item).startswith(RENDERING_FOLDERS):
        return True
    if item.get_closest_marker("also_on_postgres") is not None:
        return True
    return not QUERY_COUNT_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


# The files whose tests take longest, slowest first (measured with --durations; see
# docs/testing.md). They run first, so that on pytest-xdist's workers no long test starts last
# and holds the run while the other worker idles.
SLOW_FILES = (
    "browser/test_whole_event.py",
    "browser/test_production.py",
    "browser/test_season.py",
    "browser/test_players_day.py",
    "browser/test_missed_pushes.py",
    "browser/test_front_door.py",
    "browser/test_shared_phone.py",
    "browser/test_offline.py",
    "browser/test_console_desk.py",
    # PostgreSQL run only (skipped on SQLite): migrates an empty database, starts web and worker
    "deploy/test_entrypoint.py",
    "fuzz/test_form_fuzz.py",
    "operations/test_backup_drill.py",
    "algorithms/test_standings_totals.py",
    "algorithms/test_pairing_pods.py",
    "fuzz/test_csv_hostile.py",
    "foundation/test_database_tests_only.py",
    "contract/test_generated_client.py",
    "foundation/test_readme_api.py",
    "foundation/test_settings.py",
    "fuzz/test_api_schema_fuzz.py",
    "services/test_simulate_event.py",
    "api/test_result_fuzz.py",
)
TESTS = Path(__file__).parent


def path_in_tests(item) -> str:
    """``item``'s file relative to tests/ ("browser/test_pages.py"; "" outside tests/)."""
    return item.path.relative_to(TESTS).as_posix() if item.path.is_relative_to(TESTS) else ""


def run_order(item) -> tuple[int, int]:
    """Where ``item`` runs: the browser tests first, as one block (tests/browser/conftest.py),
    then the others; in each part the slow files first (in :data:`SLOW_FILES` order), then the
    rest as collected."""
    path = path_in_tests(item)
    part = 0 if path.startswith("browser/") else 2
    if path in SLOW_FILES:
        return (part, SLOW_FILES.index(path))
    return (part + 1, 0)


def pytest_collection_modifyitems(config, items):
    """With ``--database-tests-only``, deselect the tests CI's PostgreSQL run leaves out
    (:func:`runs_on_postgres_too`); run the slowest tests first (a stable sort: the order
    within a file stays)."""
    if config.getoption("--database-tests-only"):
        kept, left = [], []
        for item in items:
            (kept if runs_on_postgres_too(item) else left).append(item)
        if left:
            config.hook.pytest_deselected(items=left)
            items[:] = kept
    items.sort(key=run_order)
