"""Parallel test workers never share a Redis database (their event ids collide)."""

from tests.realtime.conftest import redis_url_for_worker


def test_each_xdist_worker_gets_its_own_redis_database():
    assert redis_url_for_worker("redis://127.0.0.1:6390/0", "gw0") == "redis://127.0.0.1:6390/1"
    assert redis_url_for_worker("redis://127.0.0.1:6390/0", "gw1") == "redis://127.0.0.1:6390/2"
    assert redis_url_for_worker("redis://127.0.0.1:6390", "gw1") == "redis://127.0.0.1:6390/2"


def test_a_run_without_workers_keeps_the_url():
    assert redis_url_for_worker("redis://127.0.0.1:6390/0", "") == "redis://127.0.0.1:6390/0"
