"""The Redis cache keeps one connection pool per process, whatever the request context.

Under ASGI each request sees its own cache object; with Django's plain ``RedisCache`` each of
them opened its own pool, hence a new TCP connection to Redis per request.
"""

import asyncio

from asgiref.sync import sync_to_async
from django.core.cache import caches

from config.redis_cache import SharedPoolRedisCache


def make(location, **options):
    return SharedPoolRedisCache(location, {"OPTIONS": options})


def test_caches_for_the_same_server_share_one_client():
    first, second = make("redis://127.0.0.1:1/0"), make("redis://127.0.0.1:1/0")
    assert first is not second
    assert first._cache is second._cache


def test_different_servers_or_options_get_their_own_client():
    base = make("redis://127.0.0.1:1/0")
    assert make("redis://127.0.0.1:1/1")._cache is not base._cache
    assert make("redis://127.0.0.1:1/0", socket_timeout=3)._cache is not base._cache


def test_requests_in_separate_contexts_reuse_one_connection(redis_url, settings):
    settings.CACHES = {
        "default": {"BACKEND": "config.redis_cache.SharedPoolRedisCache", "LOCATION": redis_url}
    }
    seen = set()

    def request(i):
        cache = caches["default"]  # a new object per context, as each ASGI request gets
        cache.set(f"pool-test-{i}", i)
        assert cache.get(f"pool-test-{i}") == i
        pool = cache._cache._get_connection_pool(write=True)
        seen.add(id(pool))
        return pool

    async def many_requests():
        return await asyncio.gather(*(sync_to_async(request)(i) for i in range(20)))

    pools = asyncio.run(many_requests())
    assert len(seen) == 1
    created = pools[0]._created_connections
    assert created <= 2, f"{created} connections opened for 20 sequential requests"


def test_a_window_counter_counts_and_keeps_its_first_expiry(redis_url):
    cache = make(redis_url)
    key = "count-test"
    cache.delete(key)
    assert [cache.count_in_window(key, 60) for _ in range(3)] == [1, 2, 3]
    client = cache._cache.get_client(cache.make_and_validate_key(key))
    ttl = client.ttl(cache.make_and_validate_key(key))
    assert 0 < ttl <= 60
    cache.count_in_window(key, 600)  # a later event does not push the window's end back
    assert client.ttl(cache.make_and_validate_key(key)) <= 60
    cache.delete(key)


def test_set_and_add_is_set_then_add_in_one_round_trip(redis_url):
    cache = make(redis_url)
    cache.delete_many(["mark-test", "window-test"])
    assert cache.set_and_add("mark-test", {"last": 1}, "window-test", 10) is True
    assert cache.set_and_add("mark-test", {"last": 2}, "window-test", 10) is False
    # the value set is read back as the cache's own set would store it; the added key holds 1
    assert cache.get("mark-test") == {"last": 2}
    assert cache.get("window-test") == 1
    client = cache._cache.get_client(cache.make_and_validate_key("window-test"))
    assert 0 < client.ttl(cache.make_and_validate_key("window-test")) <= 10
    assert 0 < client.ttl(cache.make_and_validate_key("mark-test")) <= 10
    cache.delete("window-test")
    assert cache.set_and_add("mark-test", {"last": 3}, "window-test", 10) is True
    cache.delete_many(["mark-test", "window-test"])


def test_rate_limits_count_in_redis(redis_url, settings, monkeypatch):
    from common import rate_limits

    settings.CACHES = {
        "default": {"BACKEND": "config.redis_cache.SharedPoolRedisCache", "LOCATION": redis_url}
    }
    settings.RATE_LIMITS = {"results": "3/1m"}
    monkeypatch.setattr(rate_limits, "clock", lambda: 60 * 29_000_000 + 20.0)
    ident = "203.0.113.9-redis-test"
    caches["default"].clear()
    outcomes = [rate_limits.hit("results", ident) for _ in range(5)]
    assert outcomes[:3] == [None, None, None]
    assert outcomes[3] == outcomes[4] == 41  # seconds to the end of the window, and one more


def test_the_client_object_is_built_once_per_server(redis_url):
    cache = make(redis_url)
    first = cache._cache.get_client("a", write=True)
    assert cache._cache.get_client("b") is first
    cache.set("reuse-test", 1)
    assert cache.get("reuse-test") == 1
    cache.delete("reuse-test")
