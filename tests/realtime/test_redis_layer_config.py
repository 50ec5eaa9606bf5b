"""The Redis channel layers as configured (``config/redis_layer.py``), against a real Redis.

The pub/sub layer (the default) hands a group message to each process once. For the core layer
(``REDIS_CHANNEL_LAYER=core``): both cases below closed live sockets with 1011 in
``bench/ws_fanout.py`` before the settings named the socket timeout and the pool size: redis-py's
defaults (5 s reads, 100 connections) do not fit channels-redis (5 s blocking receives, one Redis
operation per socket joining or leaving).
"""

import asyncio

import pytest
from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer

from config import redis_layer
from config.pubsub_layer import PipelinedPubSubChannelLayer


def layer_for(redis_url, **changes) -> RedisChannelLayer:
    config = redis_layer.redis_channel_layer(redis_url, "core")["CONFIG"]
    config["hosts"] = [{**config["hosts"][0], **changes}]
    return RedisChannelLayer(**config)


def test_reads_wait_longer_than_a_blocking_receive(redis_url):
    layer = layer_for(redis_url)
    assert layer.brpop_timeout == redis_layer.RECEIVE_WAIT_SECONDS
    pool = layer.create_pool(0)
    assert pool.connection_kwargs["socket_timeout"] > layer.brpop_timeout + 5


def test_an_idle_receive_outlasts_the_blocking_wait(redis_url):
    """A socket with nothing to hear for longer than one blocking wait keeps listening."""
    layer = layer_for(redis_url)

    async def idle_then_message():
        channel = await layer.new_channel()
        waiting = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(layer.brpop_timeout + 1.5)  # at least one empty BZPOPMIN reply
        assert not waiting.done(), waiting.exception() if waiting.done() else None
        await layer.send(channel, {"type": "push", "payload": {"n": 1}})
        message = await asyncio.wait_for(waiting, 10)
        await layer.flush()
        return message

    assert asyncio.run(idle_then_message())["payload"] == {"n": 1}


def test_a_crowd_joining_and_leaving_at_once_is_served(redis_url):
    layer = layer_for(redis_url)
    names = [f"specific.crowd!{i}" for i in range(400)]

    async def crowd():
        await asyncio.gather(*(layer.group_add("round.crowd", n) for n in names))
        await asyncio.gather(*(layer.group_discard("round.crowd", n) for n in names))
        await layer.flush()

    asyncio.run(crowd())


def test_the_crowd_overran_redis_py_s_default_pool(redis_url):
    """The same crowd on a pool of 100 connections fails: what the setting is for."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    layer = layer_for(redis_url, max_connections=100)
    names = [f"specific.crowd!{i}" for i in range(400)]

    async def crowd():
        results = await asyncio.gather(
            *(layer.group_add("round.small-pool", n) for n in names), return_exceptions=True
        )
        await layer.flush()
        return [r for r in results if isinstance(r, Exception)]

    errors = asyncio.run(crowd())
    assert errors and all(isinstance(e, RedisConnectionError) for e in errors)


def test_the_settings_use_it(settings, redis_url):
    settings.CHANNEL_LAYERS = {"default": redis_layer.redis_channel_layer(redis_url, "core")}
    host = get_channel_layer().hosts[0]
    assert host["max_connections"] == redis_layer.MAX_CONNECTIONS
    assert host["socket_timeout"] == redis_layer.SOCKET_TIMEOUT_SECONDS


def test_the_pubsub_layer_reaches_every_member_of_a_crowd_once(redis_url):
    """The default layer: one publish reaches each of 400 channels of a process exactly once,
    and a channel that left the group hears nothing."""
    config = redis_layer.redis_channel_layer(redis_url)
    assert config["BACKEND"] == "config.pubsub_layer.PipelinedPubSubChannelLayer"
    layer = PipelinedPubSubChannelLayer(**config["CONFIG"])

    async def crowd():
        names = [await layer.new_channel() for _ in range(400)]
        await asyncio.gather(*(layer.group_add("round.pubsub-crowd", n) for n in names))
        await layer.group_discard("round.pubsub-crowd", names[-1])
        await asyncio.sleep(0.2)  # the subscriptions are in place
        await layer.group_send("round.pubsub-crowd", {"type": "push", "payload": {"n": 7}})
        got = await asyncio.gather(*(asyncio.wait_for(layer.receive(n), 10) for n in names[:-1]))
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(names[-1]), 0.5)
        await layer.flush()
        return got

    got = asyncio.run(crowd())
    assert len(got) == 399 and all(m["payload"] == {"n": 7} for m in got)


def test_two_databases_on_one_redis_do_not_hear_each_other(redis_url):
    """Pub/sub ignores Redis's database numbers; the layer's prefix carries them instead."""
    base = redis_url.rsplit("/", 1)[0]
    first = PipelinedPubSubChannelLayer(**redis_layer.redis_channel_layer(f"{base}/11")["CONFIG"])
    second = PipelinedPubSubChannelLayer(**redis_layer.redis_channel_layer(f"{base}/12")["CONFIG"])

    async def two_sites():
        here, there = await first.new_channel(), await second.new_channel()
        await first.group_add("tournament.1", here)
        await second.group_add("tournament.1", there)
        await asyncio.sleep(0.2)
        await first.group_send("tournament.1", {"type": "push", "payload": {"site": 11}})
        heard = await asyncio.wait_for(first.receive(here), 10)
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(second.receive(there), 0.5)
        await first.flush()
        await second.flush()
        return heard

    assert asyncio.run(two_sites())["payload"] == {"site": 11}
    assert redis_layer.database_number("redis://h:6379/7") == 7
    assert redis_layer.database_number("redis://h:6379") == 0
