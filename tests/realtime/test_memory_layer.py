"""Issue 18.5: the embedded default's channel layer fans out to thousands of sockets without
walking every channel on each receive, and still drops what expires and what overflows."""

import asyncio

from asgiref.sync import async_to_sync

from config import memory_layer
from config.memory_layer import FanOutInMemoryChannelLayer


def test_a_group_send_reaches_every_member_once_and_nobody_else():
    async def scenario():
        layer = FanOutInMemoryChannelLayer()
        members = [await layer.new_channel() for _ in range(50)]
        outsider = await layer.new_channel()
        for name in members:
            await layer.group_add("event", name)
        await layer.send(outsider, {"type": "other"})
        await layer.group_send("event", {"type": "push", "n": 1})
        got = [await layer.receive(name) for name in members]
        assert got == [{"type": "push", "n": 1}] * 50
        assert await layer.receive(outsider) == {"type": "other"}
        assert all(name not in layer.channels for name in members)  # emptied queues go

    async_to_sync(scenario)()


def test_a_full_channel_misses_the_message_and_the_others_get_it():
    async def scenario():
        layer = FanOutInMemoryChannelLayer(capacity=1)
        full, free = await layer.new_channel(), await layer.new_channel()
        for name in (full, free):
            await layer.group_add("event", name)
        await layer.send(full, {"type": "first"})
        await layer.group_send("event", {"type": "push"})
        assert await layer.receive(full) == {"type": "first"}
        assert await layer.receive(free) == {"type": "push"}
        assert full not in layer.channels  # nothing more waits for it

    async_to_sync(scenario)()


def test_expired_messages_are_swept_at_most_once_a_second(monkeypatch):
    async def scenario():
        layer = FanOutInMemoryChannelLayer()
        stale, reader = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("event", stale)
        layer.expiry = 0  # the group's message is stale at once; the reader's are not
        await layer.group_send("event", {"type": "push"})
        layer.expiry = 60
        await asyncio.sleep(0.01)
        layer._last_sweep = 0.0
        await layer.send(reader, {"type": "x"})
        await layer.receive(reader)  # sweeps: the stale channel leaves its group
        assert "event" not in layer.groups or stale not in layer.groups["event"]
        # within the second after a sweep, receiving sweeps nothing (a new stale one stays)
        monkeypatch.setattr(memory_layer, "SWEEP_SECONDS", 3600)
        await layer.group_add("event", stale)
        layer.expiry = 0
        await layer.group_send("event", {"type": "push"})
        layer.expiry = 60
        await asyncio.sleep(0.01)
        await layer.send(reader, {"type": "x"})
        await layer.receive(reader)
        assert stale in layer.groups["event"]

    async_to_sync(scenario)()
