"""``/healthz`` and ``/readyz``: what they answer, to whom, and what they cost."""

import json

import pytest
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client

from config import readiness, worker_heartbeat

PROBE_HOST = "10.42.0.17"  # a pod's address: in no ALLOWED_HOSTS


@pytest.fixture
def production(settings):
    """What DEBUG=0 switches on that a probe could trip over: host check and HTTPS redirect."""
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["events.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "private_link": "1/1m"}


@pytest.fixture
def migrations_checked_afresh():
    readiness._migrated.clear()
    yield
    readiness._migrated.clear()


def probe(path, **extra):
    return Client().get(path, HTTP_HOST=PROBE_HOST, **extra)


def test_healthz_answers_any_host_over_http_and_touches_no_database(production):
    # no database mark: pytest-django fails any query of this test, so none is made
    response = probe("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert response["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in response and not response.cookies
    # the same host on any other page is refused, and plain HTTP redirected: only the probes
    # are let through
    assert probe("/").status_code == 400
    other = Client().get("/", HTTP_HOST="events.example.org")
    assert other.status_code == 301 and other["Location"].startswith("https://")


@pytest.mark.django_db
def test_readyz_is_ok_on_a_migrated_database_and_then_costs_one_query(
    production, migrations_checked_afresh, django_assert_num_queries
):
    first = probe("/readyz")
    assert first.status_code == 200, first.content
    assert first.json() == {
        "status": "ok",
        "checks": {"database": "ok", "migrations": "ok", "redis": "skipped", "worker": "skipped"},
    }
    for _ in range(3):  # a probe every few seconds: one SELECT 1, the migrations remembered
        with django_assert_num_queries(1):
            assert probe("/readyz").status_code == 200


@pytest.mark.django_db
def test_readyz_says_503_and_which_check_failed_when_a_migration_is_missing(
    migrations_checked_afresh,
):
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app="tournament").order_by("-id").first().delete()
    response = probe("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["checks"]["migrations"] == "1 not applied"
    assert body["checks"]["database"] == "ok"


@pytest.mark.django_db
def test_probes_are_never_rate_limited_nor_need_csrf(production):
    for _ in range(30):
        assert probe("/healthz?token=guess").status_code == 200
    csrf_client = Client(enforce_csrf_checks=True)
    assert csrf_client.post("/healthz", HTTP_HOST=PROBE_HOST).status_code == 405
    assert csrf_client.head("/readyz", HTTP_HOST=PROBE_HOST).status_code == 200


@pytest.fixture
def probe_redis(redis_url, settings):
    """Celery with a real broker as far as /readyz is concerned, on the test's Redis."""
    settings.REDIS_URL = redis_url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    client = worker_heartbeat.client(redis_url)
    client.delete(worker_heartbeat.KEY)
    yield client
    client.delete(worker_heartbeat.KEY)


@pytest.mark.django_db
def test_readyz_wants_a_recent_worker_heartbeat_when_celery_is_not_eager(probe_redis, settings):
    silent = probe("/readyz")
    assert silent.status_code == 503
    assert silent.json()["checks"]["redis"] == "ok"
    assert silent.json()["checks"]["worker"] == "no heartbeat in the last 60 s"
    worker_heartbeat.beat()
    assert probe("/readyz").json()["checks"]["worker"] == "ok"
    probe_redis.set(worker_heartbeat.KEY, "1000.0")  # a heartbeat from long ago
    assert probe("/readyz").status_code == 503


@pytest.mark.django_db
def test_an_unreachable_redis_is_named_without_its_address(settings):
    settings.REDIS_URL = "redis://:s3cret-pw@127.0.0.1:1/0"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    response = probe("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"]["redis"] == "unreachable"
    text = response.content.decode()
    for secret in ("127.0.0.1", "s3cret", connection.settings_dict["NAME"]):
        assert secret not in text
    assert json.loads(text)["checks"]["database"] == "ok"
