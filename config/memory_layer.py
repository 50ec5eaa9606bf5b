"""The embedded default's channel layer: Channels' in-memory layer, made to fan out to thousands.

Channels' ``InMemoryChannelLayer`` sweeps every channel for expired messages on each
``receive`` and each ``group_send``. Once a push reaches N sockets, each of their N consumers
receives, and each receive walks all N channels: N x N steps per push. With 5,000 sockets one
standings ping took seconds of the server's only event loop (bench/ws_fanout.py --measure
result). It also copied the message once per channel and made one task per channel.

This layer keeps the same behaviour (capacity, expiry, groups) but sweeps at most once a
``SWEEP_SECONDS``, and a group send copies the message once and puts it straight on each
channel's queue (no task each). Every member of a group then holds the same copy: consumers
must not change a message they receive (the project's only pass it on).
"""

import asyncio
import contextlib
import time
from copy import deepcopy

from channels.layers import InMemoryChannelLayer

#: how often expired messages and group memberships are swept away (at most)
SWEEP_SECONDS = 1.0


class FanOutInMemoryChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` with a sweep at most once a second and a cheap group send."""

    _last_sweep = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._last_sweep < SWEEP_SECONDS:
            return
        self._last_sweep = now
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        copied = deepcopy(message)
        expires = time.time() + self.expiry
        for channel in list(self.groups.get(group, {})):
            queue = self.channels.setdefault(
                channel, asyncio.Queue(maxsize=self.get_capacity(channel))
            )
            # a full channel misses this one, as with Channels' own layer
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait((expires, copied))
