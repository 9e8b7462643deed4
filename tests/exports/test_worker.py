"""With a real Celery worker on Redis: a league in every format, a redelivered export task that writes one file,
the JSON round trip into an empty database, a webhook retried after a failure, and an export done by an exports
worker while the webhooks queue is full of retries."""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from django.conf import settings
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections
from django.test import override_settings
from jsonschema import Draft202012Validator

from exports.interchange import SCHEMA_PATH
from exports.models import ExportJob
from exports.tasks import run_export
from scorekeeper.celery import app as celery_app
from scorekeeper.queue import enqueue
from tests.api.helpers import post_deal
from tests.deals import fifty_six_made
from tests.exports.helpers import as_text, csv_rows, webhook_receiver, xlsx_sheets
from tests.exports.roundtrip import club_picture, empty_the_database
from tests.support.auth import client_for
from tests.support.seasons import make_season
from webhooks.models import Webhook, WebhookDelivery
from webhooks.tasks import deliver_webhook

# The cache stays in-process here: clearing a Redis cache would also clear the broker's queues on the same database.
pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_process_cache")]


@pytest.fixture
def in_process_cache() -> Iterator[None]:
    with override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}):
        yield


def close_worker_connections(**_: Any) -> None:
    """The worker thread's database connections: closed after each task, so the test database can be dropped."""
    connections.close_all()


@contextmanager
def running_worker(queues: list[str] | None = None) -> Iterator[None]:
    """A solo worker in a thread, on the given queues (all of them when none are named, as `make worker`)."""
    conf = celery_app.conf
    saved = conf.task_always_eager
    conf.task_always_eager = False
    task_postrun.connect(close_worker_connections, weak=False)
    try:
        with start_worker(
            celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=30, queues=queues
        ):
            yield
    finally:
        task_postrun.disconnect(close_worker_connections)
        conf.task_always_eager = saved


@pytest.fixture
def worker() -> Iterator[None]:
    with running_worker():
        yield


def wait_for(condition: Callable[[], Any], seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := condition():
            return found
        time.sleep(0.05)
    raise AssertionError("the worker did not finish in time")


def export(client: Any, scope: str, scope_id: int, file_format: str) -> tuple[ExportJob, bytes]:
    response = client.post("/api/v1/exports/", {"scope": scope, "id": scope_id, "format": file_format}, format="json")
    assert response.status_code == 202, response.json()
    job_id = response.json()["id"]
    job = wait_for(lambda: ExportJob.objects.filter(pk=job_id, status__in=["done", "failed"]).first())
    assert (job.status, job.progress, job.error) == ("done", 100, "")
    status = client.get(response.json()["url"]).json()
    download = client.get(status["download_url"])
    assert download.status_code == 200
    return job, b"".join(download.streaming_content)


def test_a_worker_exports_a_league_in_every_format(worker: None) -> None:
    season = make_season()
    member = client_for(season.member)
    rows = csv_rows(export(member, "league", season.seep.pk, "csv")[1])
    assert len(rows) == 8
    assert [row[5:7] for row in rows[1:]] == [
        ["1", "corrected"],
        ["2", "recorded"],
        ["3", "recorded"],
        ["1", "recorded"],
        ["2", "voided"],
        ["3", "recorded"],
        ["4", "recorded"],
    ]
    sheets = xlsx_sheets(export(member, "league", season.seep.pk, "xlsx")[1])
    assert as_text(sheets["Deals"]) == rows
    assert [row[0] for row in sheets["Standings"][1:]] == [1, 1, 3, 3]
    document = json.loads(export(member, "league", season.seep.pk, "json")[1])
    Draft202012Validator(json.loads(SCHEMA_PATH.read_text())).validate(document)
    assert [len(match["deals"]) for match in document["matches"]] == [3, 4]
    assert export(member, "league", season.seep.pk, "pdf")[1].startswith(b"%PDF-")


def files_of(job: ExportJob) -> list[str]:
    return default_storage.listdir(f"exports/{job.pk}")[1]


def test_a_redelivered_export_task_writes_one_file(worker: None) -> None:
    season = make_season()
    member = client_for(season.member)
    job, first = export(member, "club", season.club.pk, "csv")
    enqueue(run_export, job.pk)  # delivered again after it finished: nothing to do
    enqueue(run_export, job.pk)
    export(member, "match", season.matches[0].pk, "csv")  # the solo worker takes tasks in order: the two are done
    job.refresh_from_db()
    assert (job.status, job.attempts, files_of(job)) == ("done", 1, [os.path.basename(job.file.name)])
    # A worker died half-way: the job is still running and a partial file lies where the file goes.
    ExportJob.objects.filter(pk=job.pk).update(status="running")
    default_storage.delete(job.file.name)
    default_storage.save(job.file.name, SimpleUploadedFile("partial", b"match,ga"))
    enqueue(run_export, job.pk)
    job = wait_for(lambda: ExportJob.objects.filter(pk=job.pk, status="done").first())
    assert (job.attempts, files_of(job)) == (2, [os.path.basename(job.file.name)])
    with default_storage.open(job.file.name) as again:
        assert again.read() == first


def test_a_club_exported_by_the_worker_imports_into_an_empty_database_unchanged(worker: None) -> None:
    season = make_season()
    before = club_picture()
    _, data = export(client_for(season.member), "club", season.club.pk, "json")
    empty_the_database()
    importer = make_season().outsider  # someone on the new server
    empty_the_database()
    response = client_for(importer).post(
        "/api/v1/imports/", {"file": SimpleUploadedFile("club.json", data)}, format="multipart"
    )
    assert response.status_code == 201, response.json()
    assert club_picture() == before


@override_settings(WEBHOOK_ALLOW_PRIVATE_ADDRESSES=True, WEBHOOK_RETRY_BASE_SECONDS=0.2)
def test_a_failed_webhook_delivery_is_retried_by_the_worker(worker: None) -> None:
    season = make_season()
    admin = client_for(season.admin)
    with webhook_receiver(answers=[503]) as receiver:
        hook = admin.post(
            f"/api/v1/clubs/{season.club.pk}/webhooks/",
            {"url": receiver.url, "events": ["deal.recorded"]},
            format="json",
        )
        assert hook.status_code == 201
        assert post_deal(admin, season.matches[2].pk, fifty_six_made(dealer="S3")).status_code == 201
        delivery = wait_for(lambda: WebhookDelivery.objects.filter(status="delivered").first())
    assert (delivery.attempts, delivery.response_status, delivery.error) == (2, 200, "")
    assert len(receiver.received) == 2
    assert receiver.received[0]["body"] == receiver.received[1]["body"]


@contextmanager
def webhook_queue_full_of_retries(count: int) -> Iterator[None]:
    """``count`` deliveries to a receiver that is not there, each retry waiting on the webhooks queue; purged after."""
    hook = Webhook.objects.create(club=make_season().club, url="http://127.0.0.1:1/hook", events=["deal.recorded"])
    deliveries = WebhookDelivery.objects.bulk_create(
        WebhookDelivery(webhook=hook, event="deal.recorded", payload={}, status="retrying", attempts=1)
        for _ in range(count)
    )
    with celery_app.producer_or_acquire() as producer:
        for delivery in deliveries:
            deliver_webhook.apply_async((delivery.pk,), producer=producer)
    try:
        yield
    finally:
        with celery_app.connection_for_write() as connection:
            cast(Any, connection.default_channel).queue_purge(settings.WEBHOOKS_QUEUE)  # Redis channel: untyped


def queue_length(name: str) -> int:
    with celery_app.connection_for_write() as connection:
        return int(cast(Any, connection.default_channel).client.llen(name))  # the Redis channel's client


def test_an_export_is_done_while_the_webhook_queue_is_full_of_retries() -> None:
    season = make_season()
    with running_worker(queues=[settings.EXPORTS_QUEUE]), webhook_queue_full_of_retries(500):
        assert queue_length(settings.WEBHOOKS_QUEUE) == 500
        started = time.monotonic()
        export(client_for(season.member), "match", season.matches[0].pk, "csv")
        assert time.monotonic() - started < 20
        assert queue_length(settings.WEBHOOKS_QUEUE) == 500  # none of them stood in the export's way


def export_seconds(client: Any, scope: str, scope_id: int, file_format: str) -> float:
    """From asking for the export to its job done (or failed), in seconds."""
    started = time.monotonic()
    response = client.post("/api/v1/exports/", {"scope": scope, "id": scope_id, "format": file_format}, format="json")
    assert response.status_code == 202, response.json()
    job = wait_for(lambda: ExportJob.objects.filter(pk=response.json()["id"], status__in=["done", "failed"]).first())
    assert job.status == "done", job.error
    return time.monotonic() - started


FLOOD = 60  # the club as CSV, a small part of its PDF each: the flood outlasts the exports measured


@pytest.mark.postgres
@override_settings(
    JOBS_IN_FLIGHT_PER_ACCOUNT=FLOOD,
    JOBS_IN_FLIGHT_PER_CLUB=FLOOD,
    JOBS_PER_HOUR_PER_ACCOUNT=1000,
    JOBS_PER_HOUR_PER_CLUB=1000,
    JOBS_HANDED_OUT_PER_CLUB=1,
)
def test_another_clubs_export_is_not_held_up_by_one_clubs_flood(worker: None) -> None:
    """The production finding: a member queued 20 club PDFs in a second, and another club's one-match CSV waited
    minutes behind them. Now the flood waits in the database and the worker takes the clubs' jobs in turn: each of
    another club's exports is done while most of the flood still waits (without the turns, first in first out, it
    came after the whole flood). Its times alone and during the flood are printed, not asserted: a timed assertion
    fails on a busy machine (about 1.3 times alone on a quiet one, 6 to 7 times without the turns)."""
    flooding, other = make_season(), make_season()
    flooder, member = client_for(flooding.member), client_for(other.member)
    export_seconds(member, "club", other.club.pk, "pdf")  # the worker warmed up (its writers loaded)
    alone = statistics.median(export_seconds(member, "club", other.club.pk, "pdf") for _ in range(3))
    for _ in range(FLOOD):
        response = flooder.post(
            "/api/v1/exports/", {"scope": "club", "id": flooding.club.pk, "format": "csv"}, format="json"
        )
        assert response.status_code == 202, response.json()
    handed_out = ExportJob.objects.filter(
        club=flooding.club, status__in=["queued", "running"], enqueued_at__isnull=False
    )
    assert handed_out.count() <= 1  # the rest of the flood waits in the database, not in the queue
    times, still_queued = [], []
    for _ in range(3):
        times.append(export_seconds(member, "club", other.club.pk, "pdf"))
        still_queued.append(ExportJob.objects.filter(club=flooding.club, status="queued").count())
    during = statistics.median(times)
    print(f"alone {alone:.2f} s, during the flood {during:.2f} s, flood still queued after each: {still_queued}")
    assert min(still_queued) >= 10, still_queued  # each export went between the flood's jobs, not after them
    wait_for(lambda: not ExportJob.objects.filter(status__in=["queued", "running"]).exists(), seconds=120)
    assert ExportJob.objects.filter(club=flooding.club, status="done").count() == FLOOD
