from __future__ import annotations

from django.conf import settings
from django.db import models

USER_MODEL = settings.AUTH_USER_MODEL


class AuditEntry(models.Model):
    """One change to a match, a league, a club or a player: who, when, what, why, before and after."""

    at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    action = models.CharField(max_length=40)
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="audit")
    club = models.ForeignKey("games.Club", null=True, blank=True, on_delete=models.CASCADE, related_name="audit")
    league = models.ForeignKey("games.League", null=True, blank=True, on_delete=models.CASCADE, related_name="audit")
    player = models.ForeignKey("games.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="audit")
    deal_number = models.PositiveIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["at", "id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.action} at {self.at:%Y-%m-%d %H:%M}"
