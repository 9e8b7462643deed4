"""Writes: asking for an export, and running one (in a worker, or in-process without a broker).

A job is created in one transaction and queued only after it commits, so a worker never looks for a job that is
not there yet. Running a job is idempotent: a job already done is left alone, and a rerun of an interrupted job
writes its file under the same name, replacing the partial one, so a redelivered task never leaves two files.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.contrib.auth.models import User
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation

from exports.errors import QueueUnavailable
from exports.models import ExportJob, ImportJob, JobStatus
from exports.selectors import export_scope, scope_by_id
from exports.writers import WRITERS, Progress
from games.rules.messages import msg
from scorekeeper.queue import enqueue

logger = logging.getLogger(__name__)
Job = TypeVar("Job", ExportJob, ImportJob)
# exports/tasks.py calls these services; they queue its tasks by name, so neither module imports the other.
RUN_EXPORT_TASK = "exports.tasks.run_export"


def export_request(
    *, actor: User, scope: str, scope_id: int, file_format: str, language: str | None = None
) -> ExportJob:
    """Queue an export of a scope ``actor`` may read (anyone else gets 404), written in ``language`` (by default the
    language of the request, active now). Raises ``QueueUnavailable`` (503) when the queue cannot take it; the job is
    then marked failed."""
    export_scope(actor, scope, scope_id)
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    with transaction.atomic():
        job = ExportJob.objects.create(
            requested_by=actor, scope=scope, scope_id=scope_id, format=file_format, language=language
        )
        transaction.on_commit(partial(_enqueue_export, job.pk))
    return job


# Kept as English text in the job's error column; found again to be said in the reader's language (EXPORT_FAILURES).
EXPORT_NEVER_STARTED = msg("The job queue was not reachable, so the export never started.")


def _enqueue_export(job_id: int) -> None:
    try:
        enqueue(RUN_EXPORT_TASK, job_id)
    except QueueUnavailable:
        ExportJob.objects.filter(pk=job_id).update(status=ExportJob.Status.FAILED, error=EXPORT_NEVER_STARTED)
        raise


# A queued job no worker has claimed by then was lost by the queue (a Redis restarted without persistence). A running
# job is given the broker's own redelivery (its visibility timeout) first, and five minutes more.
QUEUED_LOST_AFTER = timedelta(minutes=10)
RUNNING_LOST_AFTER = timedelta(seconds=settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] + 5 * 60)


def export_requeue_if_lost(job: ExportJob) -> ExportJob:
    return job_requeue_if_lost(job, RUN_EXPORT_TASK)


def job_requeue_if_lost(job: Job, task: str) -> Job:
    """Hand a job (an export or an import) the queue lost to the queue again, when someone looks at it: otherwise it
    would wait for ever. The conditional UPDATE lets one of two readers polling together send it, and only once per
    period."""
    now = timezone.now()
    model = type(job)
    lost = Q(status=JobStatus.QUEUED, enqueued_at__lt=now - QUEUED_LOST_AFTER) | Q(
        status=JobStatus.RUNNING, started_at__lt=now - RUNNING_LOST_AFTER, enqueued_at__lt=now - RUNNING_LOST_AFTER
    )
    if not model.objects.filter(lost, pk=job.pk).update(enqueued_at=now):
        return job
    logger.warning("%s %s was %s and lost by the queue; queued again", model.__name__, job.pk, job.status)
    # Still down: the next look after QUEUED_LOST_AFTER tries again; the job is not failed for it.
    with contextlib.suppress(QueueUnavailable):
        enqueue(task, job.pk)
    job.refresh_from_db()
    return job


def export_file_name(job: ExportJob) -> str:
    return f"exports/{job.pk}/{job.scope}-{job.scope_id}.{job.format}"


def export_run(job_id: int) -> None:
    job = _claim(job_id)
    if job is None:
        return
    name = export_file_name(job)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-export-") as folder, translation.override(job.language):
        path = Path(folder) / Path(name).name
        WRITERS[job.format](
            scope_by_id(job.scope, job.scope_id, reader=job.requested_by),
            path,
            Progress(partial(_set_progress, job.pk)),
        )
        if default_storage.exists(name):  # a partial file from an interrupted run
            default_storage.delete(name)
        with path.open("rb") as written:
            saved = default_storage.save(name, File(written))
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJob.Status.DONE, progress=100, file=saved, error="", finished_at=timezone.now()
    )


def export_fail(job_id: int, error: str) -> None:
    ExportJob.objects.filter(pk=job_id).exclude(status=ExportJob.Status.DONE).update(
        status=ExportJob.Status.FAILED, error=error, finished_at=timezone.now()
    )


@transaction.atomic
def _claim(job_id: int) -> ExportJob | None:
    """Mark the job running, unless it is gone or already done (a redelivered task after success)."""
    job = ExportJob.objects.select_for_update().filter(pk=job_id).first()
    if job is None or (job.status == ExportJob.Status.DONE and job.file and default_storage.exists(job.file.name)):
        return None
    job.status, job.progress, job.error = ExportJob.Status.RUNNING, 0, ""
    job.attempts += 1
    job.started_at = timezone.now()
    job.save(update_fields=["status", "progress", "error", "attempts", "started_at"])
    return job


def _set_progress(job_id: int, percent: int) -> None:
    ExportJob.objects.filter(pk=job_id, status=ExportJob.Status.RUNNING).update(progress=min(percent, 99))
