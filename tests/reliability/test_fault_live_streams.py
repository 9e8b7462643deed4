"""Three hundred live scoreboards on a PostgreSQL that takes twenty connections: a cluster of the test's own
(``max_connections=20``; the shared one is never touched), a Redis of its own, and the README's production command
(one uvicorn worker, a pool of 8 connections) on them. The streams are opened all at once; each checks its share
link and lets its database connection go, so while all 300 wait the API keeps answering: health 200, a deal 201,
and every stream hears it."""

from __future__ import annotations

import uuid
from pathlib import Path

import psycopg
import pytest

from tests.deals import seep_deal
from tests.reliability.production import serve_production
from tests.support.servers import NEW_USER, PrivateCluster, PrivateRedis, app_env, manage, private_postgres
from tests.support.streams import READY, open_streams, read_until

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

STREAMS = 300
MAX_CONNECTIONS = 20
CHANGE = b"event: change"


def sessions_on(cluster: PrivateCluster, database: str) -> int:
    with psycopg.connect(cluster.url("postgres"), autocommit=True) as watcher:
        row = watcher.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [database]).fetchone()
        return row[0] if row else 0


def test_300_open_streams_on_a_database_of_20_connections_leave_the_api_answering(
    workdir: Path, private_redis: PrivateRedis
) -> None:
    with private_postgres(workdir) as cluster:
        cluster.createdb("scorekeeper")
        env = app_env(
            workdir,
            DATABASE_URL=cluster.url("scorekeeper", "?conn_health_checks=true"),
            DATABASE_POOL_MAX_SIZE="8",
            REDIS_URL=private_redis.url,
            DEBUG="false",
            SECRET_KEY=uuid.uuid4().hex * 2,
            SECURE_SSL_REDIRECT="false",
            LIVE_STREAMS_PER_CLIENT=str(STREAMS + 10),
            LIVE_STREAMS_PER_PROCESS=str(STREAMS + 10),
        )
        manage(env, "migrate", "--noinput")
        token = manage(env, "shell", "-c", NEW_USER).split()[-1]
        cluster.ctl("restart", "-m", "fast", "-o", f"-c max_connections={MAX_CONNECTIONS}")

        with serve_production(workdir, env, workers=1) as app, app.client(token) as client:
            match = client.post(
                "/api/v1/matches/", json={"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]}
            )
            assert match.status_code == 201, match.text
            match_id = match.json()["id"]
            share = client.post(f"/api/v1/matches/{match_id}/share/")
            assert share.status_code == 201, share.text

            with open_streams(app.base_url, f"/table/s/{share.json()['token']}/events/", STREAMS) as streams:
                openings = [read_until(stream, READY, 60) for stream in streams]
                refused = [opening[:200] for opening in openings if READY not in opening]
                assert not refused, f"{len(refused)} of {STREAMS} streams did not open, e.g. {refused[:3]}"
                assert all(opening.startswith(b"HTTP/1.1 200 OK") for opening in openings)

                waiting_sessions = sessions_on(cluster, "scorekeeper")
                health = client.get("/api/v1/health/")
                assert (health.status_code, health.json()["database"], health.json()["redis"]) == (200, "ok", "ok")
                deal = client.post(f"/api/v1/matches/{match_id}/deals/", json=seep_deal("S1"))
                assert (deal.status_code, deal.json()["number"]) == (201, 1), deal.text

                heard = sum(CHANGE in read_until(stream, CHANGE, 30) for stream in streams)
                assert heard == STREAMS
                # The pool keeps the connections the checks (4 at once) and the API used; no stream holds one.
                assert waiting_sessions <= 5, f"{waiting_sessions} database sessions while the streams wait"
