"""The pub/sub layer's ``group_send_many`` (``config/pubsub_layer.py``), against a real Redis:
several groups' messages in one round trip, each member hearing exactly what ``group_send``
would have told it."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from common.live import realtime
from config import redis_layer
from config.pubsub_layer import PipelinedPubSubChannelLayer


def layer_on(redis_url) -> PipelinedPubSubChannelLayer:
    return PipelinedPubSubChannelLayer(**redis_layer.redis_channel_layer(redis_url)["CONFIG"])


async def joined(layer, groups: list[str]) -> dict[str, str]:
    """A channel in each group; the subscriptions in place."""
    channels = {group: await layer.new_channel() for group in groups}
    for group, channel in channels.items():
        await layer.group_add(group, channel)
    await asyncio.sleep(0.2)
    return channels


def test_each_group_hears_its_own_message_once(redis_url):
    layer = layer_on(redis_url)

    async def scenario():
        channels = await joined(layer, ["match.71", "round.72", "tournament.73"])
        bystander = await layer.new_channel()
        await layer.group_add("match.74", bystander)
        await asyncio.sleep(0.2)
        await layer.group_send_many(
            [
                ("match.71", {"type": "push", "payload": {"to": "match"}}),
                ("round.72", {"type": "push", "payload": {"to": "round"}}),
                ("tournament.73", {"type": "push", "payload": {"to": "event"}}),
            ]
        )
        got = {
            group: (await asyncio.wait_for(layer.receive(channel), 5))["payload"]["to"]
            for group, channel in channels.items()
        }
        for channel in [*channels.values(), bystander]:  # nothing more, nothing for others
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(layer.receive(channel), 0.3)
        await layer.flush()
        return got

    assert asyncio.run(scenario()) == {
        "match.71": "match",
        "round.72": "round",
        "tournament.73": "event",
    }


def test_a_group_hears_several_messages_in_the_order_given(redis_url):
    layer = layer_on(redis_url)

    async def scenario():
        (channel,) = (await joined(layer, ["round.81"])).values()
        await layer.group_send_many([("round.81", {"type": "push", "n": n}) for n in range(5)])
        got = [(await asyncio.wait_for(layer.receive(channel), 5))["n"] for _ in range(5)]
        await layer.flush()
        return got

    assert asyncio.run(scenario()) == [0, 1, 2, 3, 4]


def test_the_projects_pushes_go_through_it(redis_url, settings):
    """``realtime.push_many`` with the Redis layer: the payloads arrive as pushes."""
    settings.CHANNEL_LAYERS = {"default": redis_layer.redis_channel_layer(redis_url)}
    layer = get_channel_layer()
    assert isinstance(layer, PipelinedPubSubChannelLayer)

    async def listen():
        channels = await joined(layer, ["match.91", "round.92"])
        sent = await asyncio.to_thread(
            realtime.push_many, [("match.91", {"type": "a"}), ("round.92", {"type": "b"})]
        )
        got = [(await asyncio.wait_for(layer.receive(c), 5))["payload"] for c in channels.values()]
        await layer.flush()
        return sent, got

    sent, got = asyncio.run(listen())
    assert sent is True
    assert got == [{"type": "a"}, {"type": "b"}]
