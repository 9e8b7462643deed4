"""One capped Redis connection pool per process for every synchronous use of Redis.

The cache (and through it throttling, sign-in counters, idempotent posts, standings and the board), the health
check and the live events' PUBLISH all borrow a connection from the same pool for one command and hand it back, so
a process holds at most ``REDIS_POOL_MAX_CONNECTIONS`` of them however many requests run at once (each had a pool of
its own that grew with concurrent requests: 38 to 80 connections a process in bench/live.py). The pool blocks a
request that finds every connection lent for up to ``REDIS_POOL_TIMEOUT_SECONDS`` rather than opening another.
The live streams' one pub/sub connection (table/hub.py) is apart: it is asyncio and stays subscribed.

redis-py's pool notices a fork (gunicorn's workers) and starts afresh in the child.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from typing import Any

import redis
from django.conf import settings


class FairLifoQueue(queue.LifoQueue[Any]):
    """The pool's free connections, handed back to the thread that has waited longest. With the plain LifoQueue a
    thread returning a connection takes it again before the waiter it woke gets the GIL, so under load one request
    waited out the whole timeout while others went round (16 threads on 2 connections: several waits over 2 s)."""

    def __init__(self, maxsize: int = 0) -> None:
        super().__init__(maxsize)
        self._waiters: deque[_Waiter] = deque()  # while any waits, the queue itself is empty

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        with self.mutex:
            if self._qsize():
                return self._get()
            if not block:
                raise queue.Empty
            waiter = _Waiter()
            self._waiters.append(waiter)
        if waiter.handed.wait(timeout):
            return waiter.item
        with self.mutex:
            if waiter.handed.is_set():  # handed over as the wait ran out
                return waiter.item
            self._waiters.remove(waiter)
        raise queue.Empty

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        with self.mutex:
            if self._waiters:
                waiter = self._waiters.popleft()
                waiter.item = item
                waiter.handed.set()
            elif 0 < self.maxsize <= self._qsize():
                raise queue.Full  # how the pool knows it has filled the queue with its places
            else:
                self._put(item)


class _Waiter:
    def __init__(self) -> None:
        self.handed = threading.Event()
        self.item: Any = None


_pools: dict[tuple[str, float], redis.BlockingConnectionPool] = {}
_pools_lock = threading.Lock()
# What BlockingConnectionPool raises when no connection came back within its timeout (a redis.ConnectionError).
POOL_EXHAUSTED_MESSAGE = "No connection available."


def connection_pool(
    url: str,
    socket_timeout: float | None = None,
    **connection_options: Any,
) -> redis.BlockingConnectionPool:
    """The process's pool for ``url``; one per socket timeout (the outage tests ask for a short one)."""
    timeout = settings.REDIS_SOCKET_TIMEOUT_SECONDS if socket_timeout is None else float(socket_timeout)
    key = (url, timeout)
    with _pools_lock:
        pool = _pools.get(key)
        if pool is None:
            pool = _pools[key] = redis.BlockingConnectionPool.from_url(
                url,
                max_connections=settings.REDIS_POOL_MAX_CONNECTIONS,
                timeout=settings.REDIS_POOL_TIMEOUT_SECONDS,
                queue_class=FairLifoQueue,
                socket_connect_timeout=timeout,
                socket_timeout=timeout,
                **connection_options,
            )
        return pool


def client(url: str) -> redis.Redis:
    """A client on the process's pool (cheap: clients hold no connection of their own)."""
    return redis.Redis(connection_pool=connection_pool(url))


def pool_exhausted(error: BaseException) -> bool:
    """Every connection was lent for the whole wait: Redis is busy or slow, not known to be down."""
    return isinstance(error, redis.ConnectionError) and str(error) == POOL_EXHAUSTED_MESSAGE


def forget_pools() -> None:
    """Disconnect and drop every pool (tests that change the settings the pools were made with)."""
    with _pools_lock:
        for pool in _pools.values():
            pool.disconnect()
        _pools.clear()
