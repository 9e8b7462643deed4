"""One capped Redis pool per process: the cache (in every thread), the health check and the live events share it,
it never holds more connections than REDIS_POOL_MAX_CONNECTIONS however many requests use it at once, and a request
that finds every connection lent gets the process's memory for that call without Redis being taken for down."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings

from api.views import system
from games import events
from scorekeeper import redis_pool
from scorekeeper.cache import FailSoftRedisCache, _down_until, redis_caches


@pytest.fixture
def capped(settings: Any) -> Iterator[Any]:
    """Pools made afresh with a cap of 2 (and forgotten after, so no other test gets them)."""
    settings.REDIS_POOL_MAX_CONNECTIONS = 2
    settings.REDIS_POOL_TIMEOUT_SECONDS = 2.0
    redis_pool.forget_pools()
    yield settings
    redis_pool.forget_pools()


def backend(url: str) -> FailSoftRedisCache:
    params = redis_caches(url, socket_timeout=django_settings.REDIS_SOCKET_TIMEOUT_SECONDS, retry_seconds=5)["default"]
    return FailSoftRedisCache(params["LOCATION"], params)


def in_threads(count: int, work: Any) -> None:
    threads = [threading.Thread(target=work) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_cache_backends_of_every_thread_the_health_check_and_live_events_share_one_pool(capped: Any) -> None:
    url = "redis://127.0.0.1:6399/3"
    pools: list[Any] = []
    in_threads(4, lambda: pools.append(backend(url)._cache._get_connection_pool(write=True)))
    pool = pools[0]
    assert len({id(each) for each in pools}) == 1
    assert system._redis(url).connection_pool is pool
    assert events._redis(url).connection_pool is pool
    assert (type(pool).__name__, pool.max_connections) == ("BlockingConnectionPool", 2)
    assert backend("redis://127.0.0.1:6399/4")._cache._get_connection_pool(write=True) is not pool


@pytest.mark.redis
def test_sixteen_threads_at_once_hold_no_more_than_the_cap(capped: Any) -> None:
    url = django_settings.REDIS_URL
    errors: list[BaseException] = []

    def busy() -> None:
        cache = backend(url)
        try:
            for number in range(100):
                cache.set(f"pool-test:{threading.get_ident()}:{number}", number, 30)
                assert cache.get(f"pool-test:{threading.get_ident()}:{number}") == number
                system._redis(url).ping()
                events._redis(url).publish("pool-test", "x")
        except BaseException as error:
            errors.append(error)

    in_threads(16, busy)
    pool = redis_pool.connection_pool(url)
    assert errors == []
    assert url not in _down_until
    assert 1 <= len(pool._connections) <= 2  # made on demand, never beyond the cap


@pytest.mark.redis
def test_a_call_finding_every_connection_lent_stands_in_with_memory_and_redis_is_not_taken_for_down(
    capped: Any, caplog: pytest.LogCaptureFixture
) -> None:
    capped.REDIS_POOL_MAX_CONNECTIONS = 1
    capped.REDIS_POOL_TIMEOUT_SECONDS = 0.05
    url = django_settings.REDIS_URL
    cache = backend(url)
    cache.set("pool-test:on-redis", "stored", 30)
    pool = redis_pool.connection_pool(url)
    lent = pool.get_connection()
    try:
        with caplog.at_level(logging.WARNING, logger="scorekeeper.cache"):
            cache.set("pool-test:busy", "in memory", 30)
            assert cache.get("pool-test:busy") == "in memory"
    finally:
        pool.release(lent)
    assert url not in _down_until
    assert [record.getMessage().split(" (")[0] for record in caplog.records] == ["Redis cache busy"] * 2
    assert cache.get("pool-test:on-redis") == "stored"  # Redis again at once, not after REDIS_RETRY_SECONDS
    assert cache.get("pool-test:busy") is None
