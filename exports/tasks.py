"""Celery tasks: thin wrappers over services, idempotent, with explicit time limits.

Exports and imports acknowledge late (a worker that dies mid-export leaves the task to be delivered again, and the rerun
replaces the partial file). Club webhooks' deliveries are webhooks/tasks.py.
"""

from __future__ import annotations

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from exports import imports, services
from games.rules.messages import msg

logger = logging.getLogger(__name__)

EXPORT_SOFT_LIMIT_SECONDS = 15 * 60
EXPORT_HARD_LIMIT_SECONDS = EXPORT_SOFT_LIMIT_SECONDS + 60

# Why an export job fails. Its error column keeps the English text; the API finds the message again by that text
# (a Message equals its English) to say it in the reader's language (exports/serializers.py).
EXPORT_TIMED_OUT = msg(
    "The export took longer than {minutes} minutes and was stopped; export a smaller scope (a league or a match).",
    minutes=EXPORT_SOFT_LIMIT_SECONDS // 60,
)
EXPORT_BROKE = msg("The export failed on the server; it has been logged.")
EXPORT_FAILURES = (EXPORT_TIMED_OUT, EXPORT_BROKE, services.EXPORT_NEVER_STARTED)


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    name=services.RUN_EXPORT_TASK,
    soft_time_limit=EXPORT_SOFT_LIMIT_SECONDS,
    time_limit=EXPORT_HARD_LIMIT_SECONDS,
)
def run_export(self: object, job_id: int) -> None:
    try:
        services.export_run(job_id)
    except SoftTimeLimitExceeded:
        services.export_fail(job_id, EXPORT_TIMED_OUT)
    except Exception:  # a bug must not leave the job "running" for ever; the log has the traceback
        logger.exception("Export job %s failed", job_id)
        services.export_fail(job_id, EXPORT_BROKE)


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    name=imports.RUN_IMPORT_TASK,
    soft_time_limit=EXPORT_SOFT_LIMIT_SECONDS,
    time_limit=EXPORT_HARD_LIMIT_SECONDS,
)
def run_import(self: object, job_id: int) -> None:
    # A rerun is safe: the import commits together with its job's "done", or not at all.
    try:
        imports.import_run(job_id)
    except SoftTimeLimitExceeded:
        imports.import_fail(
            job_id,
            "import_failed",
            msg(
                "The import took longer than {minutes} minutes and was stopped; nothing of it was kept.",
                minutes=EXPORT_SOFT_LIMIT_SECONDS // 60,
            ),
        )
    except Exception:  # a bug or a cancelled statement must not leave the job "running" for ever
        logger.exception("Import job %s failed", job_id)
        imports.import_fail(
            job_id,
            "import_failed",
            msg("The import failed on the server and nothing of it was kept; it has been logged."),
        )
