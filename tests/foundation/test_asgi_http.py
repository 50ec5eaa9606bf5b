"""HTTP through the ASGI application: the whole middleware chain and the view in one thread.

``config.asgi_http`` builds Django's middleware chain in sync mode under ASGI; these requests
go through ``config.asgi.application`` exactly as an ASGI server sends them.
"""

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator

from config.asgi import django_asgi_app
from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db(transaction=True)


def request(method, url, body=b"", headers=()):
    from config.asgi import application

    headers = [(b"host", b"127.0.0.1"), *headers]
    communicator = HttpCommunicator(application, method, url, body=body, headers=headers)
    return async_to_sync(communicator.get_response)(timeout=10)


def header(response, name):
    return dict(response["headers"]).get(name.encode(), b"").decode()


def test_the_chain_is_built_in_sync_mode():
    assert not asyncio.iscoroutinefunction(django_asgi_app._middleware_chain)


def test_a_page_through_asgi_gets_every_middleware():
    TournamentFactory(slug="asgi-cup", name="ASGI Cup")
    response = request("GET", "/events/asgi-cup/")
    assert response["status"] == 200
    assert b"ASGI Cup" in response["body"]
    assert "default-src 'self'" in header(response, "Content-Security-Policy")
    assert header(response, "X-Frame-Options") == "DENY"
    assert header(response, "X-Content-Type-Options") == "nosniff"


def test_api_errors_through_asgi_are_json():
    missing = request("GET", "/api/v1/tournaments/nobody-here/")
    assert missing["status"] == 404
    assert "detail" in json.loads(missing["body"])
    refused = request(
        "POST",
        "/api/v1/tournaments/",
        body=b"{not json",
        headers=[(b"content-type", b"application/json")],
    )
    assert refused["status"] in (400, 401, 403)
    assert "detail" in json.loads(refused["body"])


def test_a_nul_in_the_address_is_refused_before_any_view():
    response = request("GET", "/api/v1/tournaments/%00/")
    assert response["status"] == 400


def test_a_request_crosses_from_its_thread_back_to_the_loop_no_more(monkeypatch):
    """Django's own handler adapted the chain with ``async_to_sync`` below our sync middleware,
    then hopped thread and loop for each middleware method; this one stays in the thread."""
    from asgiref import sync

    TournamentFactory(slug="hop-cup")
    crossings = []
    original = sync.AsyncToSync.__call__

    def counted(self, *args, **kwargs):
        crossings.append(getattr(self.awaitable, "__qualname__", repr(self.awaitable)))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(sync.AsyncToSync, "__call__", counted)
    response = request("GET", "/events/hop-cup/")
    assert response["status"] == 200
    # Only the test's own entry into the loop (async_to_sync around the communicator).
    assert len(crossings) == 1, crossings
