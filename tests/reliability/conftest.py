"""Private services for the fault tests: a Redis, a PostgreSQL cluster, the app under gunicorn and a Celery worker,
each a subprocess of the test on a free port of 127.0.0.1. The machine's shared PostgreSQL and Redis are never
stopped; these are started, stopped and killed instead, and always killed in a ``finally``."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.servers import (
    REDIS_SERVER,
    PrivateRedis,
    require_binary,
    stop,
)


@pytest.fixture
def workdir() -> Iterator[Path]:
    """A temporary folder for logs, media and sockets, removed afterwards (also when the test fails)."""
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-faults-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def private_redis(workdir: Path) -> Iterator[PrivateRedis]:
    require_binary(REDIS_SERVER, "redis-server")
    redis = PrivateRedis(workdir)
    try:
        redis.start()
        yield redis
    finally:
        stop(redis.process)
