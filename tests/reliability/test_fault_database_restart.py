"""The database restarted between two requests: a PostgreSQL cluster of the test's own (the shared one is never
touched), the app under gunicorn with persistent connections, as production's DATABASE_URL says. The request after
the restart succeeds at once, with no retry: Django's health check finds the dead connection and opens a new one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.deals import seep_deal
from tests.support.servers import NEW_USER, app_env, manage, private_postgres, serve

pytestmark = pytest.mark.postgres

PRODUCTION_POOLING = "?conn_max_age=60&conn_health_checks=true"


def test_the_request_after_a_database_restart_succeeds(workdir: Path) -> None:
    with private_postgres(workdir) as cluster:
        cluster.createdb("scorekeeper")
        env = app_env(workdir, DATABASE_URL=cluster.url("scorekeeper", PRODUCTION_POOLING))
        manage(env, "migrate", "--noinput")
        token = manage(env, "shell", "-c", NEW_USER).split()[-1]  # the last line: shell may say more first
        # One thread: the second request surely meets the connection the first one left open.
        with serve(workdir, env, workers=1, threads=1) as app, app.client(token) as client:
            match = client.post(
                "/api/v1/matches/", json={"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]}
            )
            assert match.status_code == 201, match.text
            first = client.post(f"/api/v1/matches/{match.json()['id']}/deals/", json=seep_deal("S1"))
            assert (first.status_code, first.json()["number"]) == (201, 1)

            cluster.ctl("restart", "-m", "fast")  # every client connection is closed by the server

            second = client.post(f"/api/v1/matches/{match.json()['id']}/deals/", json=seep_deal("S2"))
            assert second.status_code == 201, second.text
            assert second.json()["number"] == 2
            assert client.get(f"/api/v1/matches/{match.json()['id']}/").json()["deals_count"] == 2
            assert client.get("/api/v1/health/").json()["database"] == "ok"
