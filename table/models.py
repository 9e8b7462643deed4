"""What the table adds to a match: the opponents' confirmations and disputes of a deal, and a share link."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Deal, Match, Player

USER_MODEL = settings.AUTH_USER_MODEL


class MatchShareLink(models.Model):
    """A secret link that lets anyone watch a match's scoreboard without an account."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="share_link")
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"share link of match {self.match_id}"


class DealConfirmation(models.Model):
    """An opponent's answer to one revision of a deal: confirmed, or disputed with a reason.

    A dispute is open while the deal is still at the revision it disputed; a correction or a void resolves it.
    """

    class Verdict(models.TextChoices):
        CONFIRMED = "confirmed"
        DISPUTED = "disputed"

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="confirmations")
    deal_revision = models.PositiveIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    seat = models.CharField(max_length=3)
    user = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    verdict = models.CharField(max_length=10, choices=Verdict.choices)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deal", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "player", "deal_revision"], name="one_answer_per_player_revision")
        ]

    def __str__(self) -> str:
        return f"{self.verdict} {self.deal} by {self.seat}"


class EventDisplayLink(models.Model):
    """A secret link to a club night's room display (standings and the round's clock) for a screen that nobody
    signs in on: the club's projector or TV. Made and revoked by the night's director."""

    event = models.OneToOneField("nights.Event", on_delete=models.CASCADE, related_name="display_link")
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"display link of event {self.event_id}"
