"""Session 24 (issue 37.9): a push reaches the socket without channels' hop to a worker thread
to close old database connections (``common.live.consumer.NO_DATABASE_MESSAGES``): in the
rehearsal's rush each push to a thousand sockets made a thousand such hops. Other messages
still go through channels' dispatch."""

import asyncio

import channels.consumer

from common.live.consumer import LiveConsumer


def sockets_view(monkeypatch):
    """A consumer whose frames are recorded, and the hops channels' dispatch made."""
    hops, frames = [], []

    async def hop():
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", hop)
    consumer = LiveConsumer()

    async def send(text_data=None, **kwargs):
        frames.append(text_data)

    consumer.send = send
    return consumer, hops, frames


def test_a_push_makes_no_hop(monkeypatch):
    consumer, hops, frames = sockets_view(monkeypatch)
    asyncio.run(consumer.dispatch({"type": "push", "text": '{"type":"x"}'}))
    asyncio.run(consumer.dispatch({"type": "push", "payload": {"type": "y"}}))
    assert frames == ['{"type":"x"}', '{"type":"y"}'] and hops == []


def test_another_message_goes_through_channels_dispatch(monkeypatch):
    consumer, hops, frames = sockets_view(monkeypatch)
    consumer.link_revoked = lambda event: asyncio.sleep(0)
    asyncio.run(consumer.dispatch({"type": "link.revoked"}))
    assert hops == [1]
