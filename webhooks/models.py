"""Club webhooks and their deliveries. Their tables keep the names they had under exports (migration
webhooks.0001 only takes them over in Django's state)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

USER_MODEL = settings.AUTH_USER_MODEL


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
        db_table = "exports_webhook"  # the table it had when webhooks lived in exports: the rows stay where they are
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
        db_table = "exports_webhookdelivery"
        ordering = ["-id"]
        verbose_name_plural = "webhook deliveries"
        # Counting a club's unfinished deliveries reads only these rows, however many were delivered before.
        indexes = [
            models.Index(
                fields=["webhook"],
                name="delivery_unfinished",
                condition=models.Q(status__in=["waiting", "pending", "retrying"]),
            )
        ]

    def __str__(self) -> str:
        return f"{self.event} to webhook {self.webhook_id} ({self.status})"
