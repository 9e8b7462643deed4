"""Export and import jobs. Files live in the configured storage, never in a row."""

from __future__ import annotations

from django.conf import settings
from django.db import models

USER_MODEL = settings.AUTH_USER_MODEL


class JobStatus(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class QueuedJob(models.Model):
    """What every job run by a worker keeps: its status and when it was queued, claimed and finished (a job the
    queue lost is queued again from these, exports/dispatch.job_requeue_if_lost)."""

    Status = JobStatus

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="How many times a worker started this job.")
    created_at = models.DateTimeField(auto_now_add=True)
    # None while the job waits its turn in the database (exports/dispatch.py): its status is still "queued".
    enqueued_at = models.DateTimeField(
        null=True, blank=True, default=None, help_text="When the job was last handed to the queue."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-id"]


class ExportJob(QueuedJob):
    class Scope(models.TextChoices):
        MATCH = "match"
        LEAGUE = "league"
        CLUB = "club"
        EVENT = "event"  # a club night: standings, rounds, tables
        ENTRANT = "entrant"  # one player's score card of a night (pdf)
        ROUND = "round"  # the table cards of a round, a QR code each (pdf)

    class Format(models.TextChoices):
        CSV = "csv"
        XLSX = "xlsx"
        JSON = "json"
        PDF = "pdf"

    requested_by = models.ForeignKey(USER_MODEL, on_delete=models.CASCADE, related_name="export_jobs")
    # The scope's club (a friendly match's has none): its jobs are counted and handed out in turns together.
    club = models.ForeignKey("games.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    scope = models.CharField(max_length=10, choices=Scope.choices)
    scope_id = models.PositiveBigIntegerField()
    format = models.CharField(max_length=5, choices=Format.choices)
    progress = models.PositiveSmallIntegerField(default=0, help_text="0..100")
    file = models.FileField(upload_to="exports/", max_length=255, blank=True)
    error = models.TextField(blank=True)
    # The requester's language when they asked (issue 18): the worker writes the column titles, sheet names and
    # score sheets in it. A code of settings.LANGUAGES; no choices, so adding a language needs no migration.
    language = models.CharField(max_length=16, default="en")

    def __str__(self) -> str:
        return f"{self.format} export of {self.scope} {self.scope_id} ({self.status})"


class ImportJob(QueuedJob):
    """An import file too large to load within the request: kept in the storage until a worker has loaded it."""

    requested_by = models.ForeignKey(USER_MODEL, on_delete=models.CASCADE, related_name="import_jobs")
    file = models.FileField(upload_to="imports/", max_length=255, blank=True)
    size = models.PositiveBigIntegerField(help_text="The file's size in bytes.")
    summary = models.JSONField(null=True, blank=True, help_text="What was imported, once done.")
    error = models.JSONField(null=True, blank=True, help_text="Why it was refused: {code, detail, field}.")

    def __str__(self) -> str:
        return f"import {self.pk} ({self.status})"
