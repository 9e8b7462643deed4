"""Each pytest-xdist worker its own Redis database and live channels (loaded with ``-p`` before Django's settings).

pytest-django gives each worker its own test database (``test_<name>_gw0``, ...). Redis needs the same: the suite
clears the cache before every test, and a worker clearing another's idempotency records or throttle counters would
fail it at random; publish/subscribe ignores the database number, so live channels get a prefix per worker too.
This module runs when pytest parses its options, before pytest-django imports the settings, which read both from
the environment.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default `databases`
CONFIGURED_REDIS_URL = "SUITE_CONFIGURED_REDIS_URL"  # the REDIS_URL the suite was given, before a worker's own


def worker_redis_url(url: str, worker: int) -> str:
    """The worker's own database: the configured one for worker 0, then the ones below it (CI's 15, 14, ...)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    database = (base - worker) % REDIS_DATABASES
    return urlunsplit(parts._replace(path=f"/{database}"))


def _isolate_this_worker() -> None:
    name = os.environ.get("PYTEST_XDIST_WORKER")  # "gw0", "gw1", ...: set by xdist before the worker reads options
    if not name:
        return
    configured = os.environ.setdefault(CONFIGURED_REDIS_URL, os.environ.get("REDIS_URL", ""))
    if configured:
        os.environ["REDIS_URL"] = worker_redis_url(configured, int(name.removeprefix("gw")))
    os.environ["LIVE_CHANNEL_PREFIX"] = f"{name}:"


_isolate_this_worker()
