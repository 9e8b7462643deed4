"""A 30,000-player import through the API, under gunicorn on the test database (issue 15, availability 2).

It used to run one UPDATE with a CASE over every player, worse than linear (2,000 players 0.7 s, 8,000 9.4 s), that
PostgreSQL kept running after gunicorn had killed the worker. Now it must take time in proportion to its size:
ten times the players of a 3,000-player import within a generous multiple of ten times its time; a refused one the
same; and afterwards no statement of the test database may still be running.

The app runs without a broker (tasks in-process) and with a threshold low enough that both files go through the
import job, as large files do in production.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from games.models import Player
from tests.factories import UserFactory
from tests.support.auth import token_for
from tests.support.servers import App, app_env, database_url, serve, wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SMALL, LARGE = 3_000, 30_000
# Linear would be 10x; before the fix 30,000 players did not finish in ten minutes. The slack absorbs a busy machine.
GENEROUS_FACTOR, SLACK_SECONDS = 25, 3.0


def players_file(count: int, *, broken_last: bool = False) -> bytes:
    players = [
        {
            "id": n,
            "name": f"Player {n}",
            "in_club": True,
            "user": None,
            "merged_into": None,
            "created_at": "2026-01-05T10:00:00+00:00",
        }
        for n in range(1, count + 1)
    ]
    players[-1]["merged_into"] = count - 1  # a reference that needs the second (batched) write
    if broken_last:
        players[-1]["merged_into"] = count + 1  # no such player: refused after every row was written
    return json.dumps(
        {
            "format": "scorekeeper.interchange",
            "version": 1,
            "exported_at": "2026-11-29T11:34:29+00:00",
            "scope": {"kind": "club", "id": 1},
            "club": {"id": 1, "name": "Big Club", "created_at": "2026-01-01T00:00:00Z"},
            "players": players,
            "leagues": [],
            "matches": [],
            "audit": [],
        }
    ).encode()


def timed_import(app: App, token: str, data: bytes) -> tuple[float, dict[str, Any]]:
    """Seconds from the POST until the job has ended, and the job as last polled."""
    started = time.monotonic()
    with app.client(token, timeout=300) as client:
        response = client.post("/api/v1/imports/", files={"file": ("club.json", data, "application/json")})
        assert response.status_code == 202, response.text
        url = response.json()["url"]
        job = wait_until(
            lambda: (body := client.get(url).json())["status"] in ("done", "failed") and body,
            300,
            "the import job to end",
        )
    return time.monotonic() - started, job


def running_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT query FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' "
            "AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


def test_a_30000_player_import_takes_time_in_proportion_and_leaves_nothing_running(workdir: Path) -> None:
    token = token_for(UserFactory.create())
    env = app_env(workdir, DATABASE_URL=database_url(), IMPORT_ASYNC_BYTES="1000")
    with serve(workdir, env) as app:
        timed_import(app, token, players_file(10))  # warm up the worker (imports, schema, first connection)
        small, small_job = timed_import(app, token, players_file(SMALL))
        large, large_job = timed_import(app, token, players_file(LARGE))
        refused, refused_job = timed_import(app, token, players_file(LARGE, broken_last=True))
        assert (small_job["status"], small_job["summary"]["players"]) == ("done", SMALL)
        assert (large_job["status"], large_job["summary"]["players"]) == ("done", LARGE)
        assert (refused_job["status"], refused_job["error"]["code"], refused_job["error"]["field"]) == (
            "failed",
            "import_invalid",
            f"players[{LARGE - 1}].merged_into",
        )
        assert Player.objects.count() == 10 + SMALL + LARGE  # the refused file left nothing
        bound = GENEROUS_FACTOR * small + SLACK_SECONDS
        print(f"import of {SMALL} players {small:.2f} s, {LARGE} {large:.2f} s, {LARGE} refused {refused:.2f} s")
        assert large < bound, f"{SMALL} players {small:.2f} s, {LARGE} players {large:.2f} s (bound {bound:.2f} s)"
        assert refused < bound, f"refused {LARGE} players in {refused:.2f} s (bound {bound:.2f} s)"
        assert wait_until(lambda: not running_statements(), 5, "no statement left running")
    assert running_statements() == []
