"""``WEB_REUSE_PORT``: the production server's workers each listen on a socket of their own (SO_REUSEPORT), or all
share the one socket gunicorn opened (the default). Counted from the kernel's own table of listening sockets."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.reliability.production import serve_production
from tests.support.servers import app_env, database_url, tail

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]  # the server shares the test database

WORKERS = 2
LISTEN = "0A"  # a socket's state in /proc/net/tcp
STARTED = "Application startup complete."  # uvicorn's line when a worker is ready


def listening_sockets(port: int) -> int:
    """How many IPv4 sockets listen on ``port`` (/proc/net/tcp: local address as HEXIP:HEXPORT, then the state)."""
    rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    fields = [row.split() for row in rows]
    return sum(1 for row in fields if int(row[1].split(":")[1], 16) == port and row[3] == LISTEN)


def workers_started(log: Path, seconds: float = 60) -> None:
    """Wait until every worker has loaded the application (the first answers before the last has bound its socket)."""
    deadline = time.monotonic() + seconds
    while log.read_text().count(STARTED) < WORKERS:
        assert time.monotonic() < deadline, f"{WORKERS} workers did not start within {seconds} s:\n{tail(log)}"
        time.sleep(0.2)


@pytest.mark.parametrize(("reuse_port", "sockets"), [("true", WORKERS), (None, 1)])
def test_each_worker_listens_on_its_own_socket_only_with_web_reuse_port(
    workdir: Path, reuse_port: str | None, sockets: int
) -> None:
    extra = {"WEB_REUSE_PORT": reuse_port} if reuse_port else {}
    env = app_env(workdir, DATABASE_URL=database_url(), **extra)
    with serve_production(workdir, env, workers=WORKERS) as app:
        port = int(app.base_url.rsplit(":", 1)[1])
        workers_started(app.log)
        assert listening_sockets(port) == sockets
        for _ in range(2 * WORKERS):  # a new connection each: answered whichever socket the kernel gives it to
            assert httpx.get(f"{app.base_url}/api/v1/health/", timeout=10).status_code == 200
