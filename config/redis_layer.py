"""The Redis channel layer's settings, in one place for the settings module and the tests.

Two defaults of redis-py 8 do not fit channels-redis, and both closed live sockets with 1011
(internal error) under load (found with ``bench/ws_fanout.py``, 5,000 clients):

* its 5-second socket read timeout equals channels-redis's 5-second ``BZPOPMIN`` wait, so when
  no message came for a while the empty reply could arrive a moment after the client had given
  up: the consumer's receive loop raised ``TimeoutError`` and the socket was closed;
* its pool allows 100 connections per process, and a crowd connecting or leaving at once (a
  room's phones after a Wi-Fi drop) asks for more: ``Too many connections``.
"""

#: seconds channels-redis blocks on Redis waiting for a message (its ``brpop_timeout``)
RECEIVE_WAIT_SECONDS = 5
#: a read from Redis gives up after this long: well above the receive wait, still finite
SOCKET_TIMEOUT_SECONDS = 15
#: Redis connections per process for the channel layer (Redis allows 10,000 by default)
MAX_CONNECTIONS = 1000


def redis_channel_layer(url: str) -> dict:
    """The ``CHANNEL_LAYERS["default"]`` entry for the Redis at ``url``."""
    return {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": url,
                    "socket_timeout": SOCKET_TIMEOUT_SECONDS,
                    "max_connections": MAX_CONNECTIONS,
                }
            ],
            # One ASGI process receives every push for all its sockets on one queue: room for a
            # few thousand phones per process before a message would be dropped.
            "capacity": 10000,
            "expiry": 30,
        },
    }
