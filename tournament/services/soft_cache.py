"""Cache reads and writes that never take a page down: a cache outage means computing again.

The cache (Redis when ``REDIS_URL`` is set) only saves work: standings, rendered tables. When
it is unreachable, ``soft_get`` answers "not cached" and ``soft_set`` drops the value, each
with a warning in the log, so the pages and the API keep answering from the database
(docs/operations.md, fault table).
"""

import logging

from django.core.cache import cache

log = logging.getLogger("tournament.cache")


def soft_get(key: str, default=None):
    """The cached value of ``key``, or ``default`` when absent or the cache is unreachable."""
    try:
        return cache.get(key, default)
    except Exception as exc:  # noqa: BLE001 - any cache failure means "not cached"
        log.warning("cache read of %s skipped: cache unavailable (%s)", key.split(":")[0], exc)
        return default


def soft_set(key: str, value, timeout: int) -> None:
    """Keep ``value`` under ``key`` for ``timeout`` seconds, unless the cache is unreachable."""
    try:
        cache.set(key, value, timeout)
    except Exception as exc:  # noqa: BLE001 - a value not kept is only work to redo
        log.warning("cache write of %s skipped: cache unavailable (%s)", key.split(":")[0], exc)


def soft_get_many(keys: list[str]) -> dict:
    """The cached values of ``keys`` that are there (one round trip), or none when the cache is
    unreachable."""
    try:
        return cache.get_many(keys)
    except Exception as exc:  # noqa: BLE001 - any cache failure means "not cached"
        log.warning("cache read of %d keys skipped: cache unavailable (%s)", len(keys), exc)
        return {}


def soft_set_many(values: dict, timeout: int) -> None:
    """Keep each of ``values`` (key to value) for ``timeout`` seconds, unless the cache is
    unreachable."""
    try:
        cache.set_many(values, timeout)
    except Exception as exc:  # noqa: BLE001 - values not kept are only work to redo
        log.warning("cache write of %d keys skipped: cache unavailable (%s)", len(values), exc)


def soft_add(key: str, value, timeout: int) -> bool:
    """Keep ``value`` under ``key`` only if nothing is there: whether it was kept. True when the
    cache is unreachable (the caller goes on as if it had the key: only work is repeated)."""
    try:
        return bool(cache.add(key, value, timeout))
    except Exception as exc:  # noqa: BLE001 - no cache: nobody else can be waited for
        log.warning("cache add of %s skipped: cache unavailable (%s)", key.split(":")[0], exc)
        return True


def soft_delete(key: str) -> None:
    """Forget ``key``, unless the cache is unreachable (it then expires by itself)."""
    try:
        cache.delete(key)
    except Exception as exc:  # noqa: BLE001 - it expires by itself
        log.warning("cache delete of %s skipped: cache unavailable (%s)", key.split(":")[0], exc)
