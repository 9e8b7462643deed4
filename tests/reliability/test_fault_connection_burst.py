"""A burst of requests on a PostgreSQL that takes twenty connections, through the README's production command (one
uvicorn worker). Under the ASGI server each request does its database work in a thread of its own, so without a
pool 60 requests at once opened a connection each and 40 answered 500 ("too many clients"); with
DATABASE_POOL_MAX_SIZE the worker holds at most that many and the others wait their turn. The settings refuse a
pool they cannot keep."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.reliability.production import serve_production
from tests.support.deploy import PRODUCTION
from tests.support.deploy import manage as check_settings
from tests.support.servers import NEW_USER, App, app_env, manage, private_postgres

REQUESTS = 60
POOL = 8


def all_at_once(app: App, token: str, count: int) -> Counter[int]:
    """``count`` signed-in reads of the match list, each from its own thread and connection, released together."""
    barrier = threading.Barrier(count, timeout=30)
    statuses: list[int] = []

    def phone() -> None:
        with app.client(token, timeout=60) as client:
            client.get("/api/v1/health/")  # connected before the start
            barrier.wait()
            try:
                statuses.append(client.get("/api/v1/matches/").status_code)
            except httpx.HTTPError:
                statuses.append(0)

    threads = [threading.Thread(target=phone, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    return Counter(statuses)


@pytest.mark.postgres
def test_a_burst_of_requests_waits_for_the_pool_instead_of_exhausting_postgresql(workdir: Path) -> None:
    with private_postgres(workdir) as cluster:
        cluster.createdb("scorekeeper")
        env = app_env(
            workdir,
            DATABASE_URL=cluster.url("scorekeeper", "?conn_health_checks=true"),
            DEBUG="false",
            SECRET_KEY=uuid.uuid4().hex * 2,
            SECURE_SSL_REDIRECT="false",
            DATABASE_POOL_MAX_SIZE=str(POOL),
        )
        manage(env, "migrate", "--noinput")
        token = manage(env, "shell", "-c", NEW_USER).split()[-1]
        cluster.ctl("restart", "-m", "fast", "-o", "-c max_connections=20")
        with serve_production(workdir, env, workers=1) as app:
            assert all_at_once(app, token, REQUESTS) == Counter({200: REQUESTS})
            with psycopg.connect(cluster.url("postgres"), autocommit=True) as watcher:
                sessions = watcher.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = 'scorekeeper'")
                assert 1 <= sessions.fetchone()[0] <= POOL  # type: ignore[index]


@pytest.mark.parametrize(
    ("database_url", "message"),
    [
        ("sqlite:///pool.sqlite3", "DATABASE_POOL_MAX_SIZE needs a PostgreSQL DATABASE_URL."),
        (
            "postgres://scorekeeper@db.internal:5432/scorekeeper?conn_max_age=60",
            "DATABASE_POOL_MAX_SIZE keeps the connections: drop conn_max_age from DATABASE_URL.",
        ),
    ],
)
def test_a_pool_it_cannot_keep_stops_the_service_at_start(database_url: str, message: str) -> None:
    result = check_settings("check", **{**PRODUCTION, "DATABASE_URL": database_url, "DATABASE_POOL_MAX_SIZE": "4"})
    assert result.returncode != 0
    assert message in result.stderr


def test_a_pool_on_postgresql_passes_the_checks() -> None:
    result = check_settings(
        "check", "--deploy", "--fail-level", "WARNING", **{**PRODUCTION, "DATABASE_POOL_MAX_SIZE": "4"}
    )
    assert result.returncode == 0, result.stderr
