"""Issue 12, "Also": private pages are never cached, tokens never reach a log line, and a POST
to an address without its trailing slash gets a clear 404, never a 500."""

import logging

import pytest

from config.log_redaction import RedactPrivateLinks, redact
from matches.models import ResultVersion
from tests.api.conftest import game, user_client

pytestmark = pytest.mark.django_db


def test_private_pages_and_token_requests_are_not_stored(client, event, anon):
    token = event.players[0].access_token
    page = client.get(f"/me/{token}/")
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    api = anon.get("/api/v1/tournaments/spring-cup/", HTTP_X_ENTRANT_TOKEN=token)
    assert api["Cache-Control"] == "no-store"
    assert "no-store" not in client.get("/events/spring-cup/standings/").get("Cache-Control", "")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('GET /me/Abc-123_xyz/ HTTP/1.1" 200', 'GET /me/<redacted>/ HTTP/1.1" 200'),
        ("Not Found: /me/Abc123", "Not Found: /me/<redacted>"),
        ("/events/cup/live.json?token=s3cret&x=1", "/events/cup/live.json?token=<redacted>&x=1"),
        ("/ws/matches/4/?round=2&token=s3cret", "/ws/matches/4/?round=2&token=<redacted>"),
        ("/events/cup/standings/", "/events/cup/standings/"),
    ],
)
def test_tokens_are_cut_out_of_log_lines(line, expected):
    assert redact(line) == expected


def test_every_server_log_line_passes_the_redaction_filter():
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1,
        '%s - "%s %s HTTP/%s" %d', ("127.0.0.1:5000", "GET", "/me/T0ken/", "1.1", 200), None,
    )  # fmt: skip
    assert RedactPrivateLinks().filter(record)
    assert record.getMessage() == '127.0.0.1:5000 - "GET /me/<redacted>/ HTTP/1.1" 200'
    for name in ("django.server", "uvicorn.access", "daphne", "django.request"):
        logger = logging.getLogger(name)
        while not logger.handlers and logger.propagate and logger.parent:
            logger = logger.parent
        ours = [h for h in logger.handlers if not type(h).__module__.startswith("_pytest")]
        assert ours, name
        assert all(
            any(isinstance(f, RedactPrivateLinks) for f in handler.filters) for handler in ours
        ), name


@pytest.mark.parametrize("debug", [True, False])
def test_a_post_without_the_trailing_slash_is_a_clear_404(event, client, settings, debug):
    settings.DEBUG = debug
    referee = user_client(event.referee)
    response = referee.post(
        f"/api/v1/matches/{event.match.pk}/results", {"report": game(event.match)}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["detail"].endswith(f"/api/v1/matches/{event.match.pk}/results/")
    assert not ResultVersion.objects.exists()
    page = client.post(f"/me/{event.players[0].access_token}", {"action": "report"})
    assert page.status_code == 404 and b"ends with a slash" in page.content
    # Reading without the slash still redirects, as before.
    assert client.get("/events/spring-cup").status_code == 301
