"""How many export and import jobs an account and a club may have: queued or running at once, and started within an
hour (``JOBS_IN_FLIGHT_PER_ACCOUNT``, ``JOBS_IN_FLIGHT_PER_CLUB``, ``JOBS_PER_HOUR_PER_ACCOUNT``,
``JOBS_PER_HOUR_PER_CLUB``). Checked inside the transaction that creates the job, after locking the club's row and
the account's (in that order, as every hand-out does): two requests at once count one after the other, and never
both take the last slot.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from exports.errors import JobQuotaExceeded
from exports.models import ExportJob, ImportJob, JobStatus
from games.models import Club
from games.rules.messages import msg, msg_template
from scorekeeper.turns import lock_rows

HOUR = timedelta(hours=1)
# A job takes seconds to a minute: about when one of those in flight has finished.
IN_FLIGHT_RETRY_SECONDS = 30

Jobs = list[QuerySet[ExportJob] | QuerySet[ImportJob]]


def job_quota_check(*, actor: User, club_id: int | None) -> None:
    """Before ``actor`` creates one more job (of the club ``club_id``, if any); raises ``JobQuotaExceeded``."""
    if club_id is not None:
        lock_rows(Club.objects.filter(pk=club_id))
    lock_rows(User.objects.filter(pk=actor.pk))
    now = timezone.now()
    account: Jobs = [ExportJob.objects.filter(requested_by=actor), ImportJob.objects.filter(requested_by=actor)]
    _in_flight_check(account, "in_flight_per_account", settings.JOBS_IN_FLIGHT_PER_ACCOUNT)
    _per_hour_check(account, now, "per_hour_per_account", settings.JOBS_PER_HOUR_PER_ACCOUNT)
    if club_id is not None:
        club: Jobs = [ExportJob.objects.filter(club_id=club_id)]
        _in_flight_check(club, "in_flight_per_club", settings.JOBS_IN_FLIGHT_PER_CLUB)
        _per_hour_check(club, now, "per_hour_per_club", settings.JOBS_PER_HOUR_PER_CLUB)


IN_FLIGHT_REFUSALS = {
    "in_flight_per_account": msg_template(
        "An account may have at most {limit} export and import jobs queued or running at once; wait for one to finish."
    ),
    "in_flight_per_club": msg_template(
        "A club may have at most {limit} export jobs queued or running at once; wait for one to finish."
    ),
}
PER_HOUR_REFUSALS = {
    "per_hour_per_account": msg_template(
        "An account may start at most {limit} export and import jobs an hour; try again in {seconds} seconds."
    ),
    "per_hour_per_club": msg_template(
        "A club may start at most {limit} export jobs an hour; try again in {seconds} seconds."
    ),
}


def _in_flight_check(jobs: Jobs, quota: str, limit: int) -> None:
    in_flight = sum(each.filter(status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).count() for each in jobs)
    if in_flight >= limit:
        _refuse(msg(IN_FLIGHT_REFUSALS[quota], limit=limit), quota, limit, IN_FLIGHT_RETRY_SECONDS)


def _per_hour_check(jobs: Jobs, now: datetime, quota: str, limit: int) -> None:
    started = sorted(
        moment
        for each in jobs
        for moment in each.filter(created_at__gt=now - HOUR).values_list("created_at", flat=True)
    )
    if len(started) < limit:
        return
    # A slot frees when enough of this hour's jobs have left the window for one fewer than the limit to remain.
    frees_at = started[len(started) - limit] + HOUR
    seconds = max(1, math.ceil((frees_at - now).total_seconds()))
    _refuse(msg(PER_HOUR_REFUSALS[quota], limit=limit, seconds=seconds), quota, limit, seconds)


def _refuse(detail: str, quota: str, limit: int, seconds: int) -> None:
    raise JobQuotaExceeded(detail, None, quota=quota, limit=limit, retry_after_seconds=seconds)
