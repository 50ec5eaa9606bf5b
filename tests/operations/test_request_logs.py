"""JSON log lines with a request id: from the request's own lines into the job it started."""

import io
import json
import logging
import logging.config

import pytest
from django.conf import settings as django_settings
from django.test import Client

from config.log_config import logging_config
from tests.factories import EntrantFactory, TournamentFactory
from tournament.models import GenerationJob, StaffRole, StaffRoleKind


@pytest.fixture
def json_logs():
    """The project's logging with LOG_FORMAT=json, its lines written to a buffer to read."""
    config = logging_config("INFO", "json")
    buffer = io.StringIO()
    config["handlers"]["console"]["stream"] = buffer
    logging.config.dictConfig(config)

    def lines():
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return [json.loads(line) for line in text.splitlines()]

    yield lines
    logging.config.dictConfig(django_settings.LOGGING)


def test_a_request_log_line_is_json_with_the_request_id(json_logs):
    response = Client().get("/no-such-page/", HTTP_X_REQUEST_ID="probe-7f3a.1")
    assert response.status_code == 404
    assert response["X-Request-ID"] == "probe-7f3a.1"
    (line,) = [entry for entry in json_logs() if entry["logger"] == "django.request"]
    assert line["request_id"] == "probe-7f3a.1"
    assert line["level"] == "WARNING" and "Not Found: /no-such-page/" in line["message"]
    assert set(line) <= {"time", "level", "logger", "message", "request_id"}


@pytest.mark.django_db
def test_private_links_stay_out_of_json_lines(json_logs):
    Client().get("/me/abcdefghijklmnopqrstuvwxyz012345/", HTTP_X_REQUEST_ID="r1")
    text = json.dumps(json_logs())
    assert "abcdefghijklmnopqrstuvwxyz012345" not in text
    assert "<redacted>" in text


@pytest.mark.parametrize(
    "hostile",
    [
        "x" * 65,
        "id with spaces",
        "abc\u2028def",
        '"},"level":"CRITICAL',
        "",
        "id;rm -rf",
    ],
)
def test_a_hostile_request_id_is_replaced(hostile, json_logs):
    response = Client().get("/no-such-page/", HTTP_X_REQUEST_ID=hostile)
    replaced = response["X-Request-ID"]
    assert replaced != hostile and len(replaced) == 32 and int(replaced, 16) >= 0
    (line,) = [entry for entry in json_logs() if entry["logger"] == "django.request"]
    assert line["request_id"] == replaced


def test_each_request_gets_its_own_id(json_logs):
    first = Client().get("/healthz")["X-Request-ID"]
    second = Client().get("/healthz")["X-Request-ID"]
    assert first != second


@pytest.mark.django_db(transaction=True)
def test_the_request_id_reaches_the_log_lines_of_the_job_it_started(json_logs):
    """Eager Celery: the job runs when the request's transaction commits, inside it."""
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    StaffRole.objects.create(
        tournament=tournament, user=tournament.organiser, role=StaffRoleKind.ORGANISER
    )
    client = Client()
    client.force_login(tournament.organiser)
    json_logs()  # forget the set-up's lines
    response = client.post(
        f"/events/{tournament.slug}/manage/rounds/generate/", HTTP_X_REQUEST_ID="round-request-42"
    )
    assert response.status_code in (200, 302), response.status_code
    lines = json_logs()
    job = GenerationJob.objects.get(tournament=tournament)
    assert (job.status, job.error) == ("done", ""), (job.message, lines)
    job_lines = [e for e in lines if e["logger"] == "tournament.tasks"]
    assert any("done" in e["message"] for e in job_lines), (lines, logging_state())
    assert {e["request_id"] for e in job_lines} == {"round-request-42"}


def logging_state() -> dict:
    """What decides whether the job's lines reach the buffer (shown when they do not)."""
    task_logger = logging.getLogger("tournament.tasks")
    return {
        "root": (logging.getLogger().level, logging.getLogger().handlers),
        "tournament.tasks": (
            task_logger.getEffectiveLevel(),
            task_logger.disabled,
            task_logger.propagate,
            task_logger.handlers,
        ),
        "disable": logging.root.manager.disable,
    }
