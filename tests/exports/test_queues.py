"""Each kind of job has its own Celery queue (scorekeeper/settings.py), so webhook retries cannot hold up exports;
a worker started without ``-Q`` takes every queue, so one worker still does everything; and without a broker a
worker refuses to start instead of waiting on a queue no one sends to."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings

from scorekeeper.celery import NO_BROKER_MESSAGE
from scorekeeper.celery import app as celery_app


@pytest.mark.parametrize(
    ("task", "queue"),
    [
        ("exports.tasks.run_export", "exports"),
        ("exports.tasks.deliver_webhook", "webhooks"),
        ("exports.tasks.run_import", "imports"),
    ],
)
def test_each_kind_of_job_goes_to_its_own_queue(task: str, queue: str) -> None:
    assert celery_app.amqp.router.route({}, task)["queue"].name == queue


def test_a_retried_webhook_delivery_stays_on_the_webhooks_queue() -> None:
    from webhooks.tasks import deliver_webhook

    retry = deliver_webhook.signature((1,), countdown=10)
    assert celery_app.amqp.router.route(retry.options, retry.task)["queue"].name == "webhooks"


def test_a_worker_started_without_queues_takes_them_all() -> None:
    assert sorted(celery_app.amqp.queues) == ["celery", "exports", "imports", "webhooks"]


def test_a_worker_refuses_to_start_without_a_broker() -> None:
    environment = {**os.environ, "REDIS_URL": "", "CELERY_TASK_ALWAYS_EAGER": "true"}
    started = subprocess.run(
        [sys.executable, "-m", "celery", "-A", "scorekeeper", "worker", "--pool=solo"],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert started.returncode == 1
    assert started.stderr.strip().endswith(NO_BROKER_MESSAGE)


def test_a_task_queued_by_name_is_found_though_no_module_imported_it_when_django_started() -> None:
    script = (
        "import django; django.setup(); from scorekeeper.celery import app; "
        "from scorekeeper.queue import registered_task; name = 'exports.tasks.deliver_webhook'; "
        "print(name in app.tasks, registered_task(name).name, registered_task('exports.tasks.run_import').name)"
    )
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", "exports.tasks.deliver_webhook", "exports.tasks.run_import"]
