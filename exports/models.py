"""Export jobs, club webhooks and their deliveries. Files live in the configured storage, never in a row."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

USER_MODEL = settings.AUTH_USER_MODEL


class JobStatus(models.TextChoices):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class QueuedJob(models.Model):
    """What every job run by a worker keeps: its status and when it was queued, claimed and finished (a job the
    queue lost is queued again from these, exports/services.job_requeue_if_lost)."""

    Status = JobStatus

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="How many times a worker started this job.")
    created_at = models.DateTimeField(auto_now_add=True)
    enqueued_at = models.DateTimeField(default=timezone.now, help_text="When the job was last handed to the queue.")
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

    class Format(models.TextChoices):
        CSV = "csv"
        XLSX = "xlsx"
        JSON = "json"
        PDF = "pdf"

    requested_by = models.ForeignKey(USER_MODEL, on_delete=models.CASCADE, related_name="export_jobs")
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


def new_webhook_secret() -> str:
    return secrets.token_hex(32)


class Webhook(models.Model):
    """A URL a club registered for some of its events; every delivery is signed with ``secret``."""

    club = models.ForeignKey("games.Club", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    events = models.JSONField(default=list, help_text="Event names this URL receives.")
    secret = models.CharField(max_length=64, default=new_webhook_secret)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"webhook {self.pk} of club {self.club_id}"


class WebhookDelivery(models.Model):
    """One event sent (or being sent) to one webhook, with what happened the last time we tried."""

    class Status(models.TextChoices):
        WAITING = "waiting"  # its club has as many deliveries in flight as allowed: not handed to the queue yet
        PENDING = "pending"  # handed to the queue
        DELIVERED = "delivered"
        RETRYING = "retrying"
        FAILED = "failed"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=40)
    payload = models.JSONField(help_text="The exact body sent, so every retry sends the same signed bytes.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(null=True, blank=True, help_text="When it was handed to the queue.")
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "webhook deliveries"
        # Counting a club's unfinished deliveries reads only these rows, however many were delivered before.
        indexes = [models.Index(fields=["webhook"], name="delivery_unfinished",
                                condition=models.Q(status__in=["waiting", "pending", "retrying"]))]

    def __str__(self) -> str:
        return f"{self.event} to webhook {self.webhook_id} ({self.status})"
