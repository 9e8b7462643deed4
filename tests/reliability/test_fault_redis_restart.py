"""Redis stopped mid-run and started again: a redis-server of the test's own (the shared one is never touched) as
the app's cache, broker and live channel, the app under gunicorn on the test database. While Redis is down deals
still record, an export answers 503 queue_unavailable and health says so; when it is back everything recovers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from exports.models import ExportJob
from tests.deals import seep_deal
from tests.factories import UserFactory
from tests.support.auth import token_for
from tests.support.servers import PrivateRedis, app_env, database_url, serve

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_deals_record_while_redis_is_down_and_everything_recovers_when_it_is_back(
    workdir: Path, private_redis: PrivateRedis
) -> None:
    token = token_for(UserFactory.create())
    env = app_env(workdir, DATABASE_URL=database_url(), REDIS_URL=private_redis.url)
    with serve(workdir, env, workers=1, threads=2) as app, app.client(token) as client:
        match_id = client.post(
            "/api/v1/matches/", json={"game": "seep", "players": [{"name": f"P{n}"} for n in range(4)]}
        ).json()["id"]

        def record(dealer: str) -> int:
            response = client.post(f"/api/v1/matches/{match_id}/deals/", json=seep_deal(dealer))
            assert response.status_code == 201, response.text
            body: int = response.json()["number"]
            return body

        def export() -> tuple[int, dict[str, Any]]:
            response = client.post("/api/v1/exports/", json={"scope": "match", "id": match_id, "format": "csv"})
            return response.status_code, response.json()

        assert record("S1") == 1
        assert client.get("/api/v1/health/").json()["redis"] == "ok"

        private_redis.stop()

        assert [record("S2"), record("S3")] == [2, 3]
        status, refusal = export()
        assert (status, refusal["code"]) == (503, "queue_unavailable"), refusal
        assert set(refusal) == {"code", "detail", "field", "extra", "errors"}
        health = client.get("/api/v1/health/")
        assert (health.status_code, health.json()["database"], health.json()["redis"]) == (200, "ok", "down")
        refused_job = ExportJob.objects.get()
        assert (refused_job.status, refused_job.error) == (
            "failed",
            "The job queue was not reachable, so the export never started.",
        )

        private_redis.start()  # on the same port, empty: nothing was persisted

        health = client.get("/api/v1/health/")
        assert (health.status_code, health.json()["database"], health.json()["redis"]) == (200, "ok", "ok")
        assert record("S4") == 4
        status, accepted = export()
        assert (status, accepted["status"]) == (202, "queued"), accepted
        assert ExportJob.objects.get(pk=accepted["id"]).status == "queued"
        assert client.get(f"/api/v1/matches/{match_id}/").json()["deals_count"] == 4
