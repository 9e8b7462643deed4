"""Export and import jobs handed to the workers in turns (scorekeeper/turns.py, as club webhooks' deliveries are).

A job is stored queued with no ``enqueued_at``: it waits its turn in the database. Its lane is its club's (an
export's scope's club) or, for a job of no club (an import, a friendly match's export), its account's; a lane has at
most ``JOBS_HANDED_OUT_PER_CLUB`` jobs handed to the queue and not finished, and when one finishes the lane's next
goes. A worker then takes the lanes' jobs in turn: one club's flood waits behind its own jobs only.

A job the queue lost stops holding its lane's slot, and is queued again when someone looks at it
(``job_requeue_if_lost``); so is a waiting job whose turn a lost worker never handed out.
"""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timedelta
from functools import partial
from typing import TypeVar

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone

from exports.models import ExportJob, ImportJob, JobStatus
from games.errors import QueueUnavailable
from games.models import Club
from scorekeeper.queue import enqueue
from scorekeeper.turns import free_slots, hand_out, lock_rows, oldest

logger = logging.getLogger(__name__)
Job = TypeVar("Job", ExportJob, ImportJob)

# A queued job no worker has claimed by then was lost by the queue (a Redis restarted without persistence). A running
# job is given the broker's own redelivery (its visibility timeout) first, and five minutes more.
QUEUED_LOST_AFTER = timedelta(minutes=10)
RUNNING_LOST_AFTER = timedelta(seconds=settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] + 5 * 60)


def lost_jobs(now: datetime) -> Q:
    """Jobs handed to the queue that it lost: queued and unclaimed, or running far past any redelivery."""
    return Q(status=JobStatus.QUEUED, enqueued_at__lt=now - QUEUED_LOST_AFTER) | Q(
        status=JobStatus.RUNNING, started_at__lt=now - RUNNING_LOST_AFTER, enqueued_at__lt=now - RUNNING_LOST_AFTER
    )


def jobs_hand_out(job: ExportJob | ImportJob, task: str) -> dict[int, QueueUnavailable]:
    """Hand ``job``'s lane its turns: queue ``task`` for its oldest waiting jobs while it has room. A job the broker
    could not take waits its turn again (the next look at it hands it out, ``job_requeue_if_lost``); returns those
    jobs, with why."""
    return hand_out(task, partial(_take_turns, job), partial(_wait_again, type(job)))


def _wait_again(model: type[ExportJob] | type[ImportJob], job_id: int) -> None:
    model.objects.filter(pk=job_id, status=JobStatus.QUEUED).update(enqueued_at=None)


def _lane(job: ExportJob | ImportJob) -> QuerySet[ExportJob] | QuerySet[ImportJob]:
    """The jobs that take turns with ``job``: its club's exports, or its account's jobs of no club of its kind."""
    if isinstance(job, ImportJob):
        return ImportJob.objects.filter(requested_by_id=job.requested_by_id)
    if job.club_id is not None:
        return ExportJob.objects.filter(club_id=job.club_id)
    return ExportJob.objects.filter(requested_by_id=job.requested_by_id, club=None)


def _take_turns(job: ExportJob | ImportJob) -> list[int]:
    club_id = job.club_id if isinstance(job, ExportJob) else None
    # The club's row or the account's: the same lock, in the same order, as the quota's (exports/quotas.py).
    lock_rows(Club.objects.filter(pk=club_id) if club_id is not None else User.objects.filter(pk=job.requested_by_id))
    lane = _lane(job)
    now = timezone.now()
    in_flight = lane.filter(status__in=[JobStatus.QUEUED, JobStatus.RUNNING], enqueued_at__isnull=False)
    free = free_slots(settings.JOBS_HANDED_OUT_PER_CLUB, in_flight.exclude(lost_jobs(now)))
    turns = oldest(lane.filter(status=JobStatus.QUEUED, enqueued_at=None), free)
    lane.filter(pk__in=turns).update(enqueued_at=now)
    return turns


def job_requeue_if_lost(job: Job, task: str) -> Job:
    """Hand a job (an export or an import) the queue lost to the queue again, when someone looks at it: otherwise it
    would wait for ever. The conditional UPDATE lets one of two readers polling together send it, and only once per
    period. A job still waiting its turn has its lane handed out (in case the worker that should have is gone)."""
    if job.status == JobStatus.QUEUED and job.enqueued_at is None:
        jobs_hand_out(job, task)
        job.refresh_from_db()
        return job
    now = timezone.now()
    model = type(job)
    if not model.objects.filter(lost_jobs(now), pk=job.pk).update(enqueued_at=now):
        return job
    logger.warning("%s %s was %s and lost by the queue; queued again", model.__name__, job.pk, job.status)
    # Still down: the next look after QUEUED_LOST_AFTER tries again; the job is not failed for it.
    with contextlib.suppress(QueueUnavailable):
        enqueue(task, job.pk)
    job.refresh_from_db()
    return job
