"""channels-redis's pub/sub channel layer, with several groups' messages published at once.

An accepted result goes to three groups (its match, its round and, coalesced, its event). The
layer's ``group_send`` publishes one message per call, and each shard's publishes queue behind
one lock, one Redis round trip after another: on the result bench those three round trips were
a fifth of the server's event-loop time. ``group_send_many`` serializes the messages the same
way and sends each shard's ``PUBLISH`` commands in one pipeline, under the same lock, so the
subscribers receive exactly what ``group_send`` would have sent them.

It reaches into the layer's per-loop internals (``_get_layer``, ``_get_shard``, the shard's
lock and client), which is why channels-redis is pinned in requirements.txt; the tests
(``tests/realtime/test_pubsub_layer.py``) deliver through a real Redis and fail if they change.
"""

from __future__ import annotations

from channels_redis.pubsub import RedisPubSubChannelLayer


class PipelinedPubSubChannelLayer(RedisPubSubChannelLayer):
    """``RedisPubSubChannelLayer`` plus ``group_send_many``."""

    async def group_send_many(self, messages: list[tuple[str, dict]]) -> None:
        """Send each (group, message) as ``group_send`` would, one round trip per shard."""
        layer = self._get_layer()
        by_shard: dict[object, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            channel = layer._get_group_channel_name(group)
            shard = layer._get_shard(channel)
            by_shard.setdefault(shard, []).append((channel, self.serialize(message)))
        for shard, publishes in by_shard.items():
            async with shard._lock:
                shard._ensure_redis()
                async with shard._redis.pipeline(transaction=False) as pipe:
                    for channel, data in publishes:
                        pipe.publish(channel, data)
                    await pipe.execute()
