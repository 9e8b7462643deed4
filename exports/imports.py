"""Writes: loading an import file, in the request when it is small, as a job (a worker, or in-process without a
broker) when it is larger than ``IMPORT_ASYNC_BYTES``.

A job loads its file in one transaction that also marks it done, so a task delivered again after a crash either
finds the import committed and done, or nothing of it at all. Its progress cannot be read from that transaction
before it commits, so it travels through the cache. Inside the job, PostgreSQL's statement timeout is the job's own
(``IMPORT_STATEMENT_TIMEOUT_MS``, ``SET LOCAL``), longer than a request's.
"""

from __future__ import annotations

import logging
from dataclasses import asdict
from functools import partial
from typing import IO

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.db import connection, transaction
from django.utils import timezone

from exports.dispatch import job_requeue_if_lost, jobs_hand_out
from exports.import_file import read_import
from exports.importer import club_import
from exports.models import ImportJob
from exports.quotas import job_quota_check
from games.errors import ImportRefused, QueueUnavailable
from games.rules.messages import message_json, msg
from games.services.importer import ImportSummary

logger = logging.getLogger(__name__)
RUN_IMPORT_TASK = "exports.tasks.run_import"  # queued by name: exports/tasks.py calls this module
PROGRESS_SECONDS = 24 * 60 * 60


def import_now(*, actor: User, stream: IO[bytes]) -> ImportSummary:
    return club_import(actor=actor, document=read_import(stream))


def import_request(*, actor: User, upload: UploadedFile) -> ImportJob:
    """Keep the file in the storage and queue a job to load it. Raises ``JobQuotaExceeded`` (429) when the account
    has as many jobs as allowed (exports/quotas.py; an import has no club yet), and ``QueueUnavailable`` (503) when
    the queue cannot take it; the job is then marked failed. The job waits its account's turn (exports/dispatch.py)."""
    with transaction.atomic():
        job_quota_check(actor=actor, club_id=None)
        job = ImportJob.objects.create(requested_by=actor, size=upload.size or 0)
        job.file = default_storage.save(f"imports/{job.pk}.json", upload)
        job.save(update_fields=["file"])
        transaction.on_commit(partial(_hand_out, job))
    return job


def _hand_out(job: ImportJob) -> None:
    """As for exports: this very job, if the queue could not take it, is failed and ``QueueUnavailable`` raised."""
    failed = jobs_hand_out(job, RUN_IMPORT_TASK)
    if job.pk in failed:
        import_fail(job.pk, QueueUnavailable.code, msg("The job queue was not reachable, so the import never started."))
        raise failed[job.pk]


def import_requeue_if_lost(job: ImportJob) -> ImportJob:
    """As for exports: a job the queue lost is queued again when its sender looks at it (a rerun is safe)."""
    return job_requeue_if_lost(job, RUN_IMPORT_TASK)


def import_progress(job: ImportJob) -> int:
    if job.status == ImportJob.Status.DONE:
        return 100
    return cache.get(_progress_key(job.pk), 0) if job.status == ImportJob.Status.RUNNING else 0


def import_run(job_id: int) -> None:
    job = _claim(job_id)
    if job is None:
        return
    try:
        with transaction.atomic():
            _set_statement_timeout(settings.IMPORT_STATEMENT_TIMEOUT_MS)
            with job.file.open("rb") as stream:
                summary = club_import(
                    actor=job.requested_by, document=read_import(stream), progress=partial(_report_progress, job.pk)
                )
            ImportJob.objects.filter(pk=job.pk).update(
                status=ImportJob.Status.DONE,
                finished_at=timezone.now(),
                error=None,
                summary={key: value for key, value in asdict(summary).items() if key != "new_ids"},
            )
    except ImportRefused as refused:
        import_fail(job.pk, refused.code, refused.detail, refused.field)
        return
    _forget_file(job)
    jobs_hand_out(job, RUN_IMPORT_TASK)  # its slot is free: the account's next import goes


def import_fail(job_id: int, code: str, detail: str, field: str | None = None) -> None:
    """The job ends refused or failed with its reason in the error shape; its file is no longer needed."""
    ImportJob.objects.filter(pk=job_id).exclude(status=ImportJob.Status.DONE).update(
        status=ImportJob.Status.FAILED,
        finished_at=timezone.now(),
        # "message" keeps the detail's template and values, so each reader is answered in their language.
        error={"code": code, "detail": detail, "field": field, "message": message_json(detail)},
    )
    job = ImportJob.objects.filter(pk=job_id).first()
    if job is not None:
        _forget_file(job)
        jobs_hand_out(job, RUN_IMPORT_TASK)


@transaction.atomic
def _claim(job_id: int) -> ImportJob | None:
    """Mark the job running, unless it is gone or has ended (a task delivered again after it finished)."""
    job = ImportJob.objects.select_for_update().select_related("requested_by").filter(pk=job_id).first()
    if job is None or job.status in (ImportJob.Status.DONE, ImportJob.Status.FAILED):
        return None
    job.status, job.started_at = ImportJob.Status.RUNNING, timezone.now()
    job.attempts += 1
    job.save(update_fields=["status", "started_at", "attempts"])
    return job


def _set_statement_timeout(milliseconds: int) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # set_config(..., true) is SET LOCAL: this transaction only
            cursor.execute("SELECT set_config('statement_timeout', %s, true)", [str(milliseconds)])


def _progress_key(job_id: int) -> str:
    return f"import-job:{job_id}:progress"


def _report_progress(job_id: int, done: int, total: int) -> None:
    cache.set(_progress_key(job_id), min(99, done * 100 // max(total, 1)), PROGRESS_SECONDS)


def _forget_file(job: ImportJob) -> None:
    if job.file:
        default_storage.delete(job.file.name)
        ImportJob.objects.filter(pk=job.pk).update(file="")
