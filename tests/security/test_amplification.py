"""Issue 12.5: small inputs get small answers, every API error is JSON, and a body sent in
chunks is held to the same size limit as one with a ``Content-Length``.

Before: a 1.7 MB report with 140,000 unknown keys was answered with a 9.1 MB list of errors; a
4 MB JSON body got Django's HTML error page; a chunked body skipped the size check.
"""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings

from config.asgi import application
from engine.errors import MAX_PROBLEMS
from matches.models import ResultVersion
from tests.api.conftest import game, user_client
from tests.factories import UserFactory
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_report_with_140000_unknown_keys_gets_a_short_answer(event):
    report = game(event.match)
    report["sides"][0].update({f"k{i}": 1 for i in range(140_000)})
    response = user_client(event.referee).post(
        f"/api/v1/matches/{event.match.pk}/results/", {"report": report}, format="json"
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert len(errors) == MAX_PROBLEMS + 1
    assert "139950 more problems" in errors[-1]["message"]
    assert len(response.content) < 20_000
    assert not ResultVersion.objects.exists()


def test_a_body_with_thousands_of_unknown_fields_gets_a_short_answer(db):
    body = {"name": "X", "slug": "x", **{f"f{i}": 1 for i in range(5000)}}
    response = user_client(UserFactory()).post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 400
    data = response.json()
    assert len(data) == MAX_PROBLEMS + 1
    assert "4950 more unknown fields" in data["non_field_errors"][0]
    assert not Tournament.objects.exists()


def test_a_json_body_over_the_memory_limit_is_a_json_413(event):
    filler = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    response = user_client(event.referee).post(
        f"/api/v1/matches/{event.match.pk}/results/",
        json.dumps({"report": {"note": filler}}),
        content_type="application/json",
    )
    assert response.status_code == 413
    assert "larger than" in response.json()["detail"]


def asgi_post(path: str, chunks: list[bytes], content_type=b"application/json"):
    """POST ``chunks`` to the real ASGI application without a Content-Length (chunked)."""
    messages = [
        {"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1}
        for i, chunk in enumerate(chunks)
    ]
    sent = []

    async def receive():
        if messages:
            return messages.pop(0)
        await asyncio.sleep(10)  # the client waits for the answer; it does not hang up
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", content_type)],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    async_to_sync(application)(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], body, len(messages)


def test_a_chunked_body_over_the_limit_is_refused_while_it_arrives():
    chunk = b"x" * 1_000_000
    count = settings.REQUEST_MAX_BODY_BYTES // len(chunk) + 20
    status, body, unread = asgi_post("/api/v1/auth/token/", [chunk] * count)
    assert status == 413
    assert "larger than" in json.loads(body)["detail"]
    assert unread >= 10  # it stopped reading as soon as the limit was passed


def test_a_chunked_body_over_the_data_limit_gets_a_json_413():
    chunk = b" " * 500_000
    count = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // len(chunk) + 2
    status, body, _ = asgi_post("/api/v1/auth/token/", [chunk] * count)
    assert status == 413 and "larger than" in json.loads(body)["detail"]


def test_a_small_chunked_body_is_read_whole_and_gets_its_length():
    payload = json.dumps({"username": "nobody", "password": "wrong"}).encode()
    chunks = [payload[:10], payload[10:]]
    messages = [
        {"type": "http.request", "body": chunk, "more_body": i == 0}
        for i, chunk in enumerate(chunks)
    ]

    async def receive():
        return messages.pop(0)

    handler = application.application_mapping["http"]
    body_file = async_to_sync(handler.read_body)(receive)
    scope = {"type": "http", "method": "POST", "path": "/api/v1/auth/token/", "headers": []}
    request, error = handler.create_request(scope, body_file)
    assert error is None
    assert request.META["CONTENT_LENGTH"] == str(len(payload))
    assert request.body == payload
