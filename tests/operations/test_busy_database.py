"""Issue 37.9: a request that finds no free database connection within ``DB_POOL_TIMEOUT`` is
answered 503 with ``Retry-After`` (``config.busy_database``), with one warning and no ERROR line;
every other failure stays a 500.

In the rehearsal of a convention round a thousand phones reloading at once waited past the
pool's timeout and got 500s, each an ERROR line with its traceback.
"""

import logging

import pytest
from django.db import connection
from django.test import Client
from django.urls import path
from psycopg_pool import ConnectionPool, PoolTimeout

from config.busy_database import RETRY_SECONDS
from config.urls import urlpatterns as site_urls

pytestmark = pytest.mark.django_db


def held_pool_view(request):
    """Ask a real pool of one connection, whose connection is held, for another."""
    params = connection.get_connection_params()
    conninfo = " ".join(f"{k}={v}" for k, v in params.items() if k in CONNINFO_KEYS and v)
    pool = ConnectionPool(conninfo, min_size=1, max_size=1, timeout=0.2)
    with pool, pool.connection(), connection.wrap_database_errors:
        pool.getconn()  # waits 0.2 s, then PoolTimeout as Django's OperationalError
    return None


def timed_out_view(request):
    """What a view sees when the pool has no connection for it (Django wraps it on PostgreSQL)."""
    with connection.wrap_database_errors:
        raise PoolTimeout("couldn't get a connection after 10.00 sec")


def broken_view(request):
    raise RuntimeError("a bug")


CONNINFO_KEYS = ("dbname", "user", "password", "host", "port")
urlpatterns = [
    path("busy/", timed_out_view),
    path("api/v1/busy/", timed_out_view),
    path("held/", held_pool_view),
    path("broken/", broken_view),
    *site_urls,
]
handler500 = "config.busy_database.server_error"


@pytest.fixture
def site(settings):
    settings.ROOT_URLCONF = __name__
    return Client(raise_request_exception=False)


def retry_after(response) -> int:
    seconds = int(response["Retry-After"])
    assert RETRY_SECONDS[0] <= seconds <= RETRY_SECONDS[1]
    return seconds


def test_a_page_that_found_no_connection_is_busy_and_asks_again_by_itself(site, caplog):
    caplog.set_level(logging.WARNING)
    response = site.get("/busy/")
    assert response.status_code == 503
    seconds = retry_after(response)
    page = response.content.decode()
    assert f'<meta http-equiv="refresh" content="{seconds}">' in page
    assert f"Try again in {seconds} seconds" in page
    assert response["Cache-Control"] == "no-store"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [
        "database busy: no pooled connection for GET /busy/ within DB_POOL_TIMEOUT; answered 503"
    ]


def test_the_api_answers_busy_in_json(site):
    response = site.get("/api/v1/busy/", HTTP_ACCEPT="application/json")
    assert response.status_code == 503
    seconds = retry_after(response)
    assert response.json() == {
        "detail": f"The site is very busy right now: nothing was changed. Try again in "
        f"{seconds} seconds."
    }


def test_a_real_pool_timeout_is_busy(site, on_postgres):
    response = site.get("/held/")
    assert response.status_code == 503
    retry_after(response)


def test_any_other_failure_is_still_a_server_error(site, caplog):
    response = site.get("/broken/")
    assert response.status_code == 500
    assert "Retry-After" not in response
    assert "Something went wrong on our side" in response.content.decode()
    assert [r for r in caplog.records if r.levelno >= logging.ERROR]
