"""Writes: asking for an export, and running one (in a worker, or in-process without a broker).

A job is created in one transaction and queued only after it commits, so a worker never looks for a job that is
not there yet. Running a job is idempotent: a job already done is left alone, and a rerun of an interrupted job
writes its file under the same name, replacing the partial one, so a redelivered task never leaves two files.
"""

from __future__ import annotations

import logging
import tempfile
from functools import partial
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone, translation

from exports.dispatch import job_requeue_if_lost, jobs_hand_out
from exports.models import ExportJob
from exports.quotas import job_quota_check
from exports.selectors import export_scope, scope_by_id, scope_language
from exports.writers import writer_for
from exports.writers.common import Progress
from games.rules.messages import msg

logger = logging.getLogger(__name__)
# exports/tasks.py calls these services; they queue its tasks by name, so neither module imports the other.
RUN_EXPORT_TASK = "exports.tasks.run_export"


def export_request(
    *, actor: User, scope: str, scope_id: int, file_format: str, language: str | None = None
) -> ExportJob:
    """Queue an export of a scope ``actor`` may read (anyone else gets 404), written in ``language`` (by default the
    language of the request, active now; a score card in its player's saved language, where there is one). Raises
    ``JobQuotaExceeded`` (429) when the account or the scope's club has as many jobs as allowed (exports/quotas.py),
    and ``QueueUnavailable`` (503) when the queue cannot take it; the job is then marked failed. The job waits its
    club's turn (exports/dispatch.py)."""
    found = export_scope(actor, scope, scope_id)
    language = language or scope_language(scope, scope_id) or translation.get_language() or settings.LANGUAGE_CODE
    club_id = found.club.pk if found.club is not None else None
    with transaction.atomic():
        job_quota_check(actor=actor, club_id=club_id)
        job = ExportJob.objects.create(
            requested_by=actor, club_id=club_id, scope=scope, scope_id=scope_id, format=file_format, language=language
        )
        transaction.on_commit(partial(_hand_out, job))
    return job


# Kept as English text in the job's error column; found again to be said in the reader's language (EXPORT_FAILURES).
EXPORT_NEVER_STARTED = msg("The job queue was not reachable, so the export never started.")


def _hand_out(job: ExportJob) -> None:
    """The job's club's turns after it committed. If this very job could not be queued, it is failed and
    ``QueueUnavailable`` raised (503): the requester is told now rather than left waiting."""
    failed = jobs_hand_out(job, RUN_EXPORT_TASK)
    if job.pk in failed:
        ExportJob.objects.filter(pk=job.pk).update(
            status=ExportJob.Status.FAILED, error=EXPORT_NEVER_STARTED, finished_at=timezone.now()
        )
        raise failed[job.pk]


def export_requeue_if_lost(job: ExportJob) -> ExportJob:
    return job_requeue_if_lost(job, RUN_EXPORT_TASK)


def export_file_name(job: ExportJob) -> str:
    return f"exports/{job.pk}/{job.scope}-{job.scope_id}.{job.format}"


def export_run(job_id: int) -> None:
    job = _claim(job_id)
    if job is None:
        return
    name = export_file_name(job)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-export-") as folder, translation.override(job.language):
        path = Path(folder) / Path(name).name
        writer_for(job.scope, job.format)(
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
    jobs_hand_out(job, RUN_EXPORT_TASK)  # its slot is free: the club's next job goes


def export_fail(job_id: int, error: str) -> None:
    ExportJob.objects.filter(pk=job_id).exclude(status=ExportJob.Status.DONE).update(
        status=ExportJob.Status.FAILED, error=error, finished_at=timezone.now()
    )
    job = ExportJob.objects.filter(pk=job_id).first()
    if job is not None:
        jobs_hand_out(job, RUN_EXPORT_TASK)


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
