"""A push made in a request's thread under the ASGI server is handed to the server's loop.

``config.asgi_http`` sets ``realtime.server_loop`` for each request; ``realtime.push_many`` then
queues the sends on that loop and returns without waiting for the channel layer, and a failure
is logged there. Without a server loop (a test client, a command) the push waits, as before.
"""

import asyncio
import contextvars
import logging
import threading

import pytest
from channels.layers import get_channel_layer

from common.live import realtime


@pytest.fixture
def server_loop():
    """An event loop running in its own thread, as the ASGI server's does."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def in_request_thread(loop, work):
    """Run ``work`` as a request's thread would: with ``server_loop`` set to ``loop``."""
    context = contextvars.copy_context()
    context.run(realtime.server_loop.set, loop)
    return context.run(work)


def test_a_push_from_a_request_reaches_the_group_through_the_server_loop(server_loop):
    layer = get_channel_layer()

    async def join():
        channel = await layer.new_channel()
        await layer.group_add("match.424242", channel)
        return channel

    channel = asyncio.run_coroutine_threadsafe(join(), server_loop).result(5)
    queued = in_request_thread(
        server_loop, lambda: realtime.push_many([("match.424242", {"type": "result.accepted"})])
    )
    assert queued is True
    message = asyncio.run_coroutine_threadsafe(layer.receive(channel), server_loop).result(5)
    assert message["payload"] == {"type": "result.accepted"}


def test_a_failed_push_from_a_request_is_logged_not_raised(server_loop, monkeypatch, caplog):
    layer = get_channel_layer()
    sent = threading.Event()

    async def broken(group, message):
        sent.set()
        raise ConnectionError("redis is down")

    monkeypatch.setattr(layer, "group_send", broken)
    with caplog.at_level(logging.WARNING, logger="common.live.realtime"):
        queued = in_request_thread(
            server_loop, lambda: realtime.push_many([("match.1", {"type": "x"})])
        )
        assert queued is True
        assert sent.wait(5)
        for _ in range(50):
            if "redis is down" in caplog.text:
                break
            threading.Event().wait(0.05)
    assert "live push to match.1 failed" in caplog.text


def test_without_a_server_loop_a_push_waits_and_reports_failure(monkeypatch):
    layer = get_channel_layer()

    async def broken(group, message):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(layer, "group_send", broken)
    assert realtime.server_loop.get() is None
    assert realtime.push_many([("match.1", {"type": "x"})]) is False
