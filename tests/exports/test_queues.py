"""Each kind of job has its own Celery queue (scorekeeper/settings.py), so webhook retries cannot hold up exports;
a worker started without ``-Q`` takes every queue, so one worker still does everything."""

from __future__ import annotations

import pytest

from scorekeeper.celery import app as celery_app


@pytest.mark.parametrize(("task", "queue"), [("exports.tasks.run_export", "exports"),
                                             ("exports.tasks.deliver_webhook", "webhooks"),
                                             ("exports.tasks.run_import", "imports")])
def test_each_kind_of_job_goes_to_its_own_queue(task: str, queue: str) -> None:
    assert celery_app.amqp.router.route({}, task)["queue"].name == queue


def test_a_retried_webhook_delivery_stays_on_the_webhooks_queue() -> None:
    from exports.tasks import deliver_webhook

    retry = deliver_webhook.signature((1,), countdown=10)
    assert celery_app.amqp.router.route(retry.options, retry.task)["queue"].name == "webhooks"


def test_a_worker_started_without_queues_takes_them_all() -> None:
    assert sorted(celery_app.amqp.queues) == ["celery", "exports", "imports", "webhooks"]
