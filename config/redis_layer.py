"""The Redis channel layer's and cache's settings, in one place for the settings module and the
tests.

Two defaults of redis-py 8 do not fit channels-redis, and both closed live sockets with 1011
(internal error) under load (found with ``bench/ws_fanout.py``, 5,000 clients):

* its 5-second socket read timeout equals channels-redis's 5-second ``BZPOPMIN`` wait, so when
  no message came for a while the empty reply could arrive a moment after the client had given
  up: the consumer's receive loop raised ``TimeoutError`` and the socket was closed;
* its pool allows 100 connections per process, and a crowd connecting or leaving at once (a
  room's phones after a Wi-Fi drop) asks for more: ``Too many connections``.

And one gap: after Redis restarts, every pooled connection is dead, and the first command on
each failed (``Connection closed by server``) - a websocket handshake answered 500 or hung
until the pool had replaced them all. Commands now retry a connection error on a fresh
connection (a few quick attempts), so a restart costs a reconnect, not an error.
"""

from urllib.parse import urlsplit

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry as SyncRetry

#: seconds channels-redis blocks on Redis waiting for a message (its ``brpop_timeout``)
RECEIVE_WAIT_SECONDS = 5
#: a read from Redis gives up after this long: well above the receive wait, still finite
SOCKET_TIMEOUT_SECONDS = 15
#: Redis connections per process for the channel layer (Redis allows 10,000 by default)
MAX_CONNECTIONS = 1000
#: attempts after a connection error, each on a fresh connection (50 ms, 100 ms, 200 ms apart)
RECONNECT_ATTEMPTS = 3


def reconnecting_retry() -> Retry:
    """A fresh retry policy: connection errors and timeouts are tried again, quickly."""
    return Retry(ExponentialBackoff(cap=0.5, base=0.05), RECONNECT_ATTEMPTS)


def cache_options() -> dict:
    """The Redis cache's connection options: short timeouts, and a retry on a fresh connection
    after a connection error (a Redis restart), as the channel layer has."""
    return {
        "socket_connect_timeout": 2,
        "socket_timeout": 2,
        "retry": SyncRetry(ExponentialBackoff(cap=0.5, base=0.05), RECONNECT_ATTEMPTS),
        "retry_on_error": [RedisConnectionError, RedisTimeoutError],
    }


def database_number(url: str) -> int:
    """The database number of a ``redis://host:port/N`` URL (0 when it names none)."""
    path = urlsplit(url).path.strip("/")
    return int(path) if path.isdigit() else 0


#: the Redis channel layers: "pubsub" publishes a group message once for every process (each
#: process hands it to its own sockets), "core" queues one copy per socket in Redis lists
LAYER_KINDS = ("pubsub", "core")


def redis_channel_layer(url: str, kind: str = "pubsub") -> dict:
    """The ``CHANNEL_LAYERS["default"]`` entry for the Redis at ``url``.

    ``pubsub`` (the default): a push to an event's 5,000 phones is one ``PUBLISH``; each server
    process gets it once and fans it out in memory. ``core`` sends one copy per socket through a
    Redis list, and each process then reads its sockets' copies one round trip at a time - about
    a second at 5,000 sockets on 4 processes (``bench/ws_fanout.py``). Pub/sub delivers to the
    processes connected at that moment, which is what a live page needs: a phone that reconnects
    reads the current state anyway.
    """
    if kind == "pubsub":
        return {
            "BACKEND": "config.pubsub_layer.PipelinedPubSubChannelLayer",
            "CONFIG": {
                # Redis's pub/sub ignores the database number: name the channels after it, so
                # two sites (or two test workers) on one Redis never hear each other.
                "prefix": f"asgi-db{database_number(url)}",
                "hosts": [
                    {
                        "address": url,
                        "socket_timeout": SOCKET_TIMEOUT_SECONDS,
                        "retry": reconnecting_retry(),
                        "retry_on_error": [RedisConnectionError, RedisTimeoutError],
                    }
                ],
            },
        }
    return {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": url,
                    "socket_timeout": SOCKET_TIMEOUT_SECONDS,
                    "max_connections": MAX_CONNECTIONS,
                    "retry": reconnecting_retry(),
                    "retry_on_error": [RedisConnectionError, RedisTimeoutError],
                }
            ],
            # One ASGI process receives every push for all its sockets on one queue: room for a
            # few thousand phones per process before a message would be dropped.
            "capacity": 10000,
            "expiry": 30,
        },
    }
