"""The Celery app. Without ``REDIS_URL`` tasks run in-process (``task_always_eager``), and a worker refuses to start:
it would listen on an in-memory queue of its own that no web process can reach."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import celeryd_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

app = Celery("scorekeeper")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

NO_BROKER_MESSAGE = (
    "REDIS_URL is not set, so there is no job queue for this worker to take jobs from: without it the web process "
    "runs every job itself and needs no worker. Set REDIS_URL (for example redis://127.0.0.1:6379/0) for both the "
    "web process and the worker, then start the worker again."
)


@celeryd_init.connect
def refuse_to_start_without_a_broker(**_: Any) -> None:
    if str(app.conf.broker_url).startswith("memory://"):
        raise SystemExit(NO_BROKER_MESSAGE)
