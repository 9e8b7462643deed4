"""A Celery worker killed (SIGKILL) in the middle of an export: a redis-server of the test's own as broker, the app
under gunicorn and worker subprocesses on the test database. The task acknowledges late, so the broker still holds
it; a new worker gets it again and the job finishes once: done, two attempts, exactly one file.

Only the first worker is slowed down (it pauses after each progress report, a monkeypatch in its own process) so
it can be killed half-way. Both workers use a visibility timeout of one second: the Redis transport redelivers an
unacknowledged task only when it is older than that (production keeps Celery's default, an hour)."""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from exports.models import ExportJob
from games.services.deals import deal_record
from games.services.matches import match_start
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import token_for
from tests.support.servers import App, PrivateRedis, app_env, database_url, serve, start, stop, tail, wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

WORKER = """
import os, sys, time
import django
django.setup()
from scorekeeper.celery import app
app.conf.broker_transport_options = {"visibility_timeout": 1, "unacked_restore_interval": 1,
                                     "unacked_restore_throttle": 1}
pause = float(os.environ.get("EXPORT_PAUSE_SECONDS", "0"))
if pause:
    from exports.writers import WRITERS
    write_csv = WRITERS["csv"]

    def slow_csv(scope, path, progress):
        report = progress.report

        def report_then_pause(percent):
            report(percent)
            time.sleep(pause)

        progress.report = report_then_pause
        write_csv(scope, path, progress)

    WRITERS["csv"] = slow_csv
app.worker_main(["worker", "-P", "solo", "--concurrency", "1", "--loglevel", "INFO", "--without-gossip",
                 "--without-mingle", "--without-heartbeat", "-n", sys.argv[1]])
"""


def start_worker(workdir: Path, env: dict[str, str], name: str, **extra: str) -> Any:
    return start([sys.executable, "-c", WORKER, f"{name}@faults"], workdir / f"{name}.log", {**env, **extra})


def export_a_match(app: App, token: str, match_id: int) -> int:
    with app.client(token) as client:
        response = client.post("/api/v1/exports/", json={"scope": "match", "id": match_id, "format": "csv"})
    assert response.status_code == 202, response.text
    body: int = response.json()["id"]
    return body


def test_an_export_whose_worker_is_killed_finishes_once_on_the_next_worker(
    workdir: Path, private_redis: PrivateRedis
) -> None:
    user = UserFactory.create()
    token = token_for(user)
    match = match_start(actor=user, game="seep", players=[{"name": f"P{n}"} for n in range(4)])
    for number in range(10):
        deal_record(match_id=match.pk, actor=user, payload=seep_deal(("S1", "S2", "S3", "S4")[number % 4]))
    env = app_env(workdir, DATABASE_URL=database_url(), REDIS_URL=private_redis.url)
    first = second = None
    try:
        with serve(workdir, env, workers=1, threads=2) as app:
            first = start_worker(workdir, env, "first", EXPORT_PAUSE_SECONDS="0.3")
            job_id = export_a_match(app, token, match.pk)
            # CSV reads the deals twice (columns, then rows): past 60% it is writing the rows.
            halfway = wait_until(
                lambda: ExportJob.objects.filter(pk=job_id, status="running", progress__gte=60).first(),
                30,
                f"the first worker to start the export\n{tail(workdir / 'first.log')}",
            )
            stop(first, signal.SIGKILL)
            assert first.returncode == -signal.SIGKILL
            assert (halfway.attempts, halfway.progress < 100) == (1, True)
            half_written = list(workdir.glob("scorekeeper-export-*/match-*.csv"))  # in the killed worker's TMPDIR
            assert half_written, "the worker was killed while writing the file"
            assert not (workdir / "media" / "exports" / str(job_id)).exists()

            second = start_worker(workdir, env, "second")
            job = wait_until(
                lambda: ExportJob.objects.filter(pk=job_id, status="done").first(),
                30,
                f"the second worker to finish the export\n{tail(workdir / 'second.log')}",
            )
            # The solo worker takes tasks one at a time: once a later export is done, no second delivery is left.
            later = export_a_match(app, token, match.pk)
            wait_until(lambda: ExportJob.objects.filter(pk=later, status="done").exists(), 30, "a later export")
            job.refresh_from_db()
            assert (job.status, job.progress, job.attempts, job.error) == ("done", 100, 2, "")
            assert [path.name for path in (workdir / "media" / "exports" / str(job_id)).iterdir()] == [
                f"match-{match.pk}.csv"
            ]
            with app.client(token) as client:
                status = client.get(f"/api/v1/exports/{job_id}/").json()
                download = client.get(status["download_url"])
            assert download.status_code == 200
            assert len(download.text.splitlines()) == 11  # the header and ten deals
    except (AssertionError, httpx.HTTPError):
        print(tail(workdir / "first.log"), tail(workdir / "second.log"), sep="\n----\n")
        raise
    finally:
        stop(first, signal.SIGKILL)
        stop(second)
