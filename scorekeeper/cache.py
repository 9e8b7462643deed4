"""The cache: Redis when configured, with this process's memory standing in while Redis cannot be reached.

Everything the request path keeps in the cache can be lost or rebuilt (sign-in throttle counters, standings and
ratings under fingerprint keys that change with the data), so an outage must cost a little throttling accuracy and
some recomputation, never a 500. After a failure the process stays on its memory for ``retry_seconds`` before it
tries Redis again, so a Redis that hangs costs one socket timeout per process per interval, not one per request.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

from scorekeeper.redis_pool import connection_pool, pool_exhausted

logger = logging.getLogger(__name__)

# Any failure of Redis: refused, timed out, or something else answering at its address (a protocol error).
OUTAGE_ERRORS = (RedisError,)
# Every public operation of a cache backend that reaches the server (get_or_set and decr go through these).
OPERATIONS = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many", "clear")
# Monotonic time until which each Redis location is taken to be down. Module-level because Django makes one
# backend instance per thread, and all threads of a process should see the same outage.
_down_until: dict[str, float] = {}


def redis_caches(url: str, socket_timeout: float, retry_seconds: float) -> dict[str, Any]:
    """The CACHES setting for a Redis at ``url`` (read by settings.py and by the outage tests)."""
    return {
        "default": {
            "BACKEND": "scorekeeper.cache.FailSoftRedisCache",
            "LOCATION": url,
            "RETRY_SECONDS": retry_seconds,
            "OPTIONS": {"socket_connect_timeout": socket_timeout, "socket_timeout": socket_timeout},
        }
    }


class SharedPoolRedisCacheClient(RedisCacheClient):
    """Django's client on the process's one capped pool (scorekeeper/redis_pool.py). Django makes a backend, and so
    a client with pools of its own, per thread, and under ASGI each request has a thread of its own: a pool per
    client opened a Redis connection per request, left open until collected (47 held after 1,000 live streams
    opened, bench/live.py); one uncapped pool per process still grew with the requests at once (38 to 80)."""

    # Set or defined by RedisCacheClient (the stubs do not declare them).
    _servers: list[str]
    _pool_options: dict[str, Any]
    _get_connection_pool_index: Callable[[bool], int]

    def _get_connection_pool(self, write: bool) -> Any:
        server = self._servers[self._get_connection_pool_index(write)]
        return connection_pool(server, socket_timeout=self._pool_options.get("socket_timeout"))


class FailSoftRedisCache(RedisCache):
    # Set by RedisCache.__init__ (the stubs do not declare them).
    _servers: list[str]
    _options: dict[str, Any]
    _class: Any
    _cache: Any

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._location = server
        self._retry_seconds = float(params.get("RETRY_SECONDS", 5))
        self._memory = LocMemCache(f"redis-stand-in:{server}", {"TIMEOUT": params.get("TIMEOUT", 300)})
        self._class = SharedPoolRedisCacheClient

    def _redis_is_down(self) -> bool:
        return time.monotonic() < _down_until.get(self._location, 0.0)

    def _note_outage(self, operation: str, error: Exception) -> None:
        _down_until[self._location] = time.monotonic() + self._retry_seconds
        logger.warning(
            "Redis cache unreachable (%s: %s); using this process's memory for %.0f s.",
            operation,
            error,
            self._retry_seconds,
        )


def _fail_soft(operation: str) -> Callable[..., Any]:
    on_redis = getattr(RedisCache, operation)

    def run(self: FailSoftRedisCache, *args: Any, **kwargs: Any) -> Any:
        if not self._redis_is_down():
            try:
                return on_redis(self, *args, **kwargs)
            except OUTAGE_ERRORS as error:
                if pool_exhausted(error):
                    # Every pooled connection stayed lent for the pool's whole wait: Redis is slow or this process
                    # very busy. This one call stands in with memory; Redis is not taken to be down for the rest.
                    logger.warning(
                        "Redis cache busy (%s: no pooled connection came free); using this process's "
                        "memory for this call.",
                        operation,
                    )
                else:
                    self._note_outage(operation, error)
        return getattr(self._memory, operation)(*args, **kwargs)

    run.__name__ = operation
    return run


for _operation in OPERATIONS:
    setattr(FailSoftRedisCache, _operation, _fail_soft(_operation))
