"""Issue 12.13: after Redis restarts, the first push and the first cache read still work.

Before: every pooled connection of a process was dead after a restart, and the first command
on each failed (``Connection closed by server``), so the first websocket handshakes answered
500 or timed out. The test runs its own Redis server (Debian's ``redis-server``) so that it can
restart it without disturbing anything else.
"""

import asyncio
import shutil
import socket
import subprocess
import time

import pytest
from django.core.cache.backends.redis import RedisCache

from config import redis_layer
from tests.realtime.test_redis_layer_config import layer_for

pytestmark = pytest.mark.services


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OwnRedis:
    """A redis-server of the test's own, started, stopped and restarted on one port."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), 0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)

    def restart(self):
        self.stop()
        self.start()


@pytest.fixture
def own_redis():
    if shutil.which("redis-server") is None:
        pytest.skip("needs Debian's redis-server (apt-get install redis-server)")
    server = OwnRedis()
    server.start()
    yield server
    server.stop()


def test_the_channel_layer_reconnects_after_a_redis_restart(own_redis):
    layer = layer_for(own_redis.url)

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("g", channel)
        await layer.group_send("g", {"type": "push", "n": 1})
        assert (await layer.receive(channel))["n"] == 1
        own_redis.restart()
        # The very first commands after the restart succeed on fresh connections.
        await layer.group_add("g", channel)
        await layer.group_send("g", {"type": "push", "n": 2})
        assert (await asyncio.wait_for(layer.receive(channel), 10))["n"] == 2
        await layer.flush()

    asyncio.run(scenario())


def test_the_cache_reconnects_after_a_redis_restart(settings, own_redis):
    options = settings.CACHES["default"].get("OPTIONS") or redis_layer.cache_options()
    cache = RedisCache(own_redis.url, {"OPTIONS": options})
    cache.set("k", 1)
    own_redis.restart()
    assert cache.get("k") is None  # the restart emptied Redis; the read itself works
    cache.set("k", 2)
    assert cache.get("k") == 2
