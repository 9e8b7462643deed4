"""The cache: Redis when configured, with this process's memory standing in while Redis cannot be reached.

Everything the request path keeps in the cache can be lost or rebuilt (sign-in throttle counters, standings and
ratings under fingerprint keys that change with the data), so an outage must cost a little throttling accuracy and
some recomputation, never a 500. After a failure the process stays on its memory for ``retry_seconds`` before it
tries Redis again, so a Redis that hangs costs one socket timeout per process per interval, not one per request.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# Any failure of Redis: refused, timed out, or something else answering at its address (a protocol error).
OUTAGE_ERRORS = (RedisError,)
# Every public operation of a cache backend that reaches the server (get_or_set and decr go through these).
OPERATIONS = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many",
              "clear")
# Monotonic time until which each Redis location is taken to be down. Module-level because Django makes one
# backend instance per thread, and all threads of a process should see the same outage.
_down_until: dict[str, float] = {}
_clients: dict[tuple[str, str], Any] = {}
_clients_lock = threading.Lock()


def redis_caches(url: str, socket_timeout: float, retry_seconds: float) -> dict[str, Any]:
    """The CACHES setting for a Redis at ``url`` (read by settings.py and by the outage tests)."""
    return {"default": {
        "BACKEND": "scorekeeper.cache.FailSoftRedisCache",
        "LOCATION": url,
        "RETRY_SECONDS": retry_seconds,
        "OPTIONS": {"socket_connect_timeout": socket_timeout, "socket_timeout": socket_timeout},
    }}


class FailSoftRedisCache(RedisCache):
    # Set by RedisCache.__init__ (the stubs do not declare them).
    _servers: list[str]
    _options: dict[str, Any]
    _class: Any

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._location = server
        self._retry_seconds = float(params.get("RETRY_SECONDS", 5))
        self._memory = LocMemCache(f"redis-stand-in:{server}", {"TIMEOUT": params.get("TIMEOUT", 300)})

    @property
    def _cache(self) -> Any:
        """The process's one client for this location: Django makes a backend per thread, and under ASGI each
        request has a thread of its own, so a client (and connection pool) per backend opened a Redis connection
        per request, left open until collected (47 held after 1,000 live streams opened, bench/live.py). redis-py's
        pool is thread-safe and starts afresh in a forked child."""
        key = (self._location, repr(sorted(self._options.items())))
        with _clients_lock:
            if key not in _clients:
                _clients[key] = self._class(self._servers, **self._options)
            return _clients[key]

    def _redis_is_down(self) -> bool:
        return time.monotonic() < _down_until.get(self._location, 0.0)

    def _note_outage(self, operation: str, error: Exception) -> None:
        _down_until[self._location] = time.monotonic() + self._retry_seconds
        logger.warning("Redis cache unreachable (%s: %s); using this process's memory for %.0f s.",
                       operation, error, self._retry_seconds)


def _fail_soft(operation: str) -> Callable[..., Any]:
    on_redis = getattr(RedisCache, operation)

    def run(self: FailSoftRedisCache, *args: Any, **kwargs: Any) -> Any:
        if not self._redis_is_down():
            try:
                return on_redis(self, *args, **kwargs)
            except OUTAGE_ERRORS as error:
                self._note_outage(operation, error)
        return getattr(self._memory, operation)(*args, **kwargs)

    run.__name__ = operation
    return run


for _operation in OPERATIONS:
    setattr(FailSoftRedisCache, _operation, _fail_soft(_operation))
