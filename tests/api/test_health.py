"""Health says whether the queue has workers, so "the export stays queued" is visible: answered fast, never a 500,
and one ping however often it is asked."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker
from django.core.cache import cache
from django.test import override_settings

import scorekeeper
from api.views import system
from scorekeeper.celery import app as celery_app

pytestmark = pytest.mark.django_db
LOCAL_CACHE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def queue() -> Iterator[None]:
    """Jobs go to the broker (not in-process); the cache stays local, since clearing a Redis cache on the broker's
    database would empty the queues."""
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    with override_settings(CACHES=LOCAL_CACHE):
        cache.clear()  # no test sees the answer another kept
        yield
    celery_app.conf.task_always_eager = saved


def health(client: Any) -> tuple[int, dict[str, Any], float]:
    started = time.monotonic()
    response = client.get("/api/v1/health/")
    return response.status_code, response.json(), time.monotonic() - started


@override_settings(REDIS_URL="")
def test_without_a_broker_health_says_workers_are_not_configured(client: Any) -> None:
    assert health(client)[:2] == (
        200,
        {"database": "ok", "redis": "not_configured", "workers": "not_configured", "version": scorekeeper.__version__},
    )


@pytest.mark.redis
def test_with_a_broker_and_no_worker_health_says_none_within_the_bound(client: Any, queue: None) -> None:
    status, body, seconds = health(client)
    assert (status, body["redis"], body["workers"]) == (200, "ok", "none")
    assert seconds < 3  # about 1 s: Redis waits in whole seconds (a loaded CI machine gets some slack)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)  # the worker's Django fixup closes database connections as it starts
@override_settings(HEALTH_WORKERS_TIMEOUT_SECONDS=20)
def test_with_a_worker_running_health_says_ok(client: Any, queue: None) -> None:
    with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
        status, body, seconds = health(client)
    assert (status, body["redis"], body["workers"]) == (200, "ok", "ok")
    # The first answer ends the wait (about 20 ms): far inside a bound this long, however loaded the machine (a
    # bound of a second failed a run at a load average of 8 in 1.76 s).
    assert seconds < 10


def test_with_redis_down_health_says_none_without_asking(
    client: Any, queue: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(celery_app.control, "ping", lambda **_: pytest.fail("no ping while Redis is down"))
    with override_settings(REDIS_URL="redis://127.0.0.1:1/0"):
        status, body, _ = health(client)
    assert (status, body["database"], body["redis"], body["workers"]) == (200, "ok", "down", "none")


def test_health_pings_the_workers_once_for_many_checks_and_never_fails_for_them(
    client: Any, queue: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(system, "redis_status", lambda: "ok")
    pings: list[dict[str, Any]] = []

    def ping(**options: Any) -> list[dict[str, str]]:
        pings.append(options)
        return [{"w1": "pong"}]

    monkeypatch.setattr(celery_app.control, "ping", ping)
    with override_settings(REDIS_URL="redis://127.0.0.1:6379/0"):
        assert [health(client)[1]["workers"] for _ in range(3)] == ["ok", "ok", "ok"]
        assert [(options["timeout"], options["limit"]) for options in pings] == [(0.5, 1)]
        cache.clear()
        monkeypatch.setattr(celery_app.control, "ping", lambda **_: 1 / 0)
        assert health(client)[:2] == (
            200,
            {"database": "ok", "redis": "ok", "workers": "none", "version": scorekeeper.__version__},
        )
