"""The Redis cache keeps one client per process for a location, whatever the threads that use it: under ASGI each
request has a thread of its own, and a client per thread opened a Redis connection per request."""

from __future__ import annotations

import threading
from typing import Any

from scorekeeper.cache import FailSoftRedisCache, redis_caches


def test_backends_made_in_different_threads_share_one_client_and_its_pool() -> None:
    params = redis_caches("redis://127.0.0.1:6399/3", socket_timeout=1, retry_seconds=5)["default"]
    clients: list[Any] = []

    def backend_client() -> None:
        clients.append(FailSoftRedisCache(params["LOCATION"], params)._cache)

    threads = [threading.Thread(target=backend_client) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    other = redis_caches("redis://127.0.0.1:6399/4", socket_timeout=1, retry_seconds=5)["default"]
    assert len({id(client) for client in clients}) == 1
    assert FailSoftRedisCache(other["LOCATION"], other)._cache is not clients[0]
    assert clients[0]._get_connection_pool(write=True) is clients[-1]._get_connection_pool(write=True)
