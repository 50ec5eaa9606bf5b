"""Django's Redis cache with one connection pool per process instead of one per request.

Django keeps cache objects per request context under ASGI (``caches`` is not thread-critical),
and each ``RedisCache`` builds its own client with its own connection pool: every request then
opened a fresh TCP connection to Redis for its first cache call (rate limits, standings) and
dropped it at the end. This backend hands every ``RedisCache`` of the process the same client for
the same servers and options; redis-py's pools are thread-safe and reset themselves after a fork.
That client also keeps its ``redis.Redis`` objects (one per server) instead of building one for
every cache call, as Django's does: building one cost more than the ``GET`` it then sent.
"""

from __future__ import annotations

import threading

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[tuple, object] = {}
_clients_lock = threading.Lock()


class ReusedRedisClient(RedisCacheClient):
    """Django's Redis cache client, keeping one ``redis.Redis`` per connection pool.

    A ``redis.Redis`` holds no connection of its own (each command borrows one from the pool),
    so one object serves every thread.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._redis_by_pool: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._redis_by_pool.get(id(pool))
        if client is None:
            client = self._redis_by_pool[id(pool)] = self._client(connection_pool=pool)
        return client


class SharedPoolRedisCache(RedisCache):
    """``RedisCache`` whose client (and connection pool) is shared by the whole process."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedRedisClient

    @cached_property
    def _cache(self):
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _clients_lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client

    def count_in_window(self, key: str, timeout: int) -> int:
        """Add one to the counter ``key`` (created with ``timeout`` seconds to live) and return
        it, in one round trip: ``INCR`` and ``EXPIRE ... NX`` in a transaction."""
        key = self.make_and_validate_key(key)
        client = self._cache.get_client(key, write=True)
        with client.pipeline(transaction=True) as pipe:
            pipe.incr(key)
            pipe.expire(key, timeout, nx=True)
            count, _ = pipe.execute()
        return int(count)

    def set_and_add(self, set_key: str, value, add_key: str, timeout: int) -> bool:
        """``set(set_key, value)`` then ``add(add_key, 1)``, both with ``timeout`` seconds to live,
        in one round trip; True if ``add_key`` was added (it did not exist)."""
        set_key = self.make_and_validate_key(set_key)
        add_key = self.make_and_validate_key(add_key)
        client = self._cache.get_client(add_key, write=True)
        dumps = self._cache._serializer.dumps
        seconds = self.get_backend_timeout(timeout)
        with client.pipeline(transaction=False) as pipe:
            pipe.set(set_key, dumps(value), ex=seconds)
            pipe.set(add_key, dumps(1), ex=seconds, nx=True)
            _, added = pipe.execute()
        return bool(added)
