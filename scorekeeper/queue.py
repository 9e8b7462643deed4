"""Putting tasks on the queue. Without a broker Celery runs them in-process; with Redis down we say so at once
instead of retrying while the caller waits."""

from __future__ import annotations

import logging
from typing import Any

from celery import Task
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

from games.errors import QueueUnavailable
from games.rules.messages import msg
from scorekeeper.celery import app

logger = logging.getLogger(__name__)
CONNECT_TIMEOUT_SECONDS = 2


def enqueue(task: Task[Any, Any] | str, *args: Any, countdown: float | None = None) -> None:
    """Send ``task`` (or the task registered under that name) once; raise ``QueueUnavailable`` if the broker cannot
    take it. A name lets a module queue the task that calls it without the two importing each other."""
    if isinstance(task, str):
        task = registered_task(task)
    if app.conf.task_always_eager:
        task.apply_async(args=args)
        return
    options = {
        **(app.conf.broker_transport_options or {}),
        "socket_connect_timeout": CONNECT_TIMEOUT_SECONDS,
        "socket_timeout": CONNECT_TIMEOUT_SECONDS,
        "max_retries": 0,
    }
    try:
        with app.connection_for_write(transport_options=options) as connection:
            # ``connection`` is one of apply_async's **options, which the stubs do not list.
            sending: dict[str, Any] = {"countdown": countdown, "connection": connection, "retry": False}
            task.apply_async(args=args, **sending)
    except (OperationalError, RedisError, OSError) as error:
        logger.warning("Task %s not queued: the broker is unavailable (%s)", task.name, error)
        raise QueueUnavailable(
            msg("The job queue is not reachable right now, so nothing was queued; try again in a minute.")
        ) from error


def registered_task(name: str) -> Task[Any, Any]:
    """The task registered under ``name``. The apps' tasks modules are imported (Celery's autodiscovery) the first
    time a task is asked for, not when Django starts: they load the export writers, which every process does not
    need."""
    if name not in app.tasks:
        app.loader.import_default_modules()
    return app.tasks[name]
