from __future__ import annotations

from django.conf import settings
from django.db import models


class IdempotentResponse(models.Model):
    """The answer to a POST sent with an ``Idempotency-Key``, kept so a retry gets the same answer."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    endpoint = models.CharField(max_length=200)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField(null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="unique_idempotency_key_per_user")]

    def __str__(self) -> str:
        return f"{self.key} for {self.endpoint}"


class UserPreferences(models.Model):
    """What a signed-in person chose for themselves; today the language the service speaks to them in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="preferences"
    )
    # A code of settings.LANGUAGES, or "" for none (then the cookie or Accept-Language decide). No choices here, so
    # adding a language needs no migration; the API checks the code.
    language = models.CharField(max_length=16, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language or '-'}"
