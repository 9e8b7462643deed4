from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.models.clubs import Club, League, Player

USER_MODEL = settings.AUTH_USER_MODEL


def now() -> datetime:
    """Django's clock, looked up when called (``default=timezone.now`` would keep the function it found first)."""
    return timezone.now()


class Match(models.Model):
    """One match. ``state`` is the fold of its counted deals, kept so a new deal costs the same at any length."""

    class Status(models.TextChoices):
        # The labels a page shows (get_status_display), in the request's language; the values are the API's.
        IN_PROGRESS = "in_progress", gettext_lazy("In Progress")
        FINISHED = "finished", gettext_lazy("Finished")

    game = models.CharField(max_length=20, db_index=True)
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.PROTECT, related_name="matches")
    settings = models.JSONField(help_text="The house rules, every setting pinned when the match started.")
    teams = models.JSONField(null=True, blank=True)
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS, db_index=True)
    player_count = models.PositiveSmallIntegerField()
    deals_count = models.PositiveIntegerField(default=0, help_text="Deals that count (voided ones do not).")
    last_deal_number = models.PositiveIntegerField(default=0)
    club = models.ForeignKey(
        Club,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="club_matches",
        help_text="A club's match outside its leagues (a club night's table): the club's admins and scorers record it, "
        "and so do its seated players whose record is linked to their account.",
    )
    first_dealer = models.CharField(
        max_length=3, blank=True, default="", help_text="The seat that must deal first (a club night's draw chose it)."
    )
    created_by = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="matches_created")
    scorers: models.ManyToManyField[Any, Any] = models.ManyToManyField(
        USER_MODEL, blank=True, related_name="matches_scored"
    )
    finished_at = models.DateTimeField(null=True, blank=True, help_text="When the last deal ended the match.")
    deals_limit = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The deals the match is cut at, where its organiser set a length (a club night's round of 8 hands).",
    )
    closed_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its organiser closed the match before its end (a club night's round): it takes no new deal; "
        "its deals can still be corrected.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["league", "status"]), models.Index(fields=["game", "status", "finished_at"])]

    def __str__(self) -> str:
        return f"{self.game} match {self.pk}"


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=3)
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    team = models.CharField(max_length=3, blank=True, default="", help_text="Empty where each plays alone.")

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_seat_per_match"),
            models.UniqueConstraint(fields=["match", "position"], name="unique_position_per_match"),
        ]

    def __str__(self) -> str:
        return f"{self.seat} of match {self.match_id}"


class Deal(models.Model):
    """A recorded deal. Never deleted: a correction makes a new revision, a void keeps it listed as voided.

    ``state_after`` is the match state once this deal is folded in; for a voided deal it is the state of the
    deal before it, so the state before deal k is always ``state_after`` of deal k-1.
    """

    class Status(models.TextChoices):
        RECORDED = "recorded"
        CORRECTED = "corrected"
        VOIDED = "voided"

    # No index of its own: the unique (match, number) index leads with the match and serves every read by match; a
    # second one cost each recorded deal an index insert more (issue 31).
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals", db_index=False)
    number = models.PositiveIntegerField()
    client_deal_id = models.UUIDField(null=True, blank=True)
    input = models.JSONField()
    result = models.JSONField()
    state_after = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RECORDED)
    revision = models.PositiveIntegerField(default=1)
    recorded_by = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    recording_in_audit_log = models.BooleanField(
        default=False,
        help_text="Set for deals recorded before recordings were read from the deal row (and for "
        "imported ones): their recording has an AuditEntry row of its own.",
    )

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="unique_deal_number"),
            models.UniqueConstraint(fields=["match", "client_deal_id"], name="unique_client_deal_id"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number} of match {self.match_id}"

    @property
    def is_voided(self) -> bool:
        return self.status == self.Status.VOIDED

    def first_revision(self) -> DealRevision:
        """Revision 1 as the deal row holds it until a correction or a void writes it out (unsaved)."""
        first = DealRevision(
            deal=self,
            revision=1,
            input=self.input,
            result=self.result,
            created_by_id=self.recorded_by_id,
            created_at=self.recorded_at,
        )
        if Deal.recorded_by.is_cached(self):
            first.created_by = self.recorded_by  # read with the deal: no query for the name
        return first

    def revision_history(self) -> list[DealRevision]:
        """Every revision, oldest first. A recording writes no revision row: a deal without rows is its own
        first revision. Prefetch ``revisions`` (and ``recorded_by``) to read many deals' histories."""
        return list(self.revisions.all()) or [self.first_revision()]


class DealRevision(models.Model):
    """Every version of a deal's input and result, revision 1 being the one first recorded. The rows are written by
    corrections and voids (revision 1 then copied from the deal row); a deal never changed has none."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions")
    revision = models.PositiveIntegerField()
    input = models.JSONField()
    result = models.JSONField()
    reason = models.TextField(blank=True)
    created_by = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=now)  # revision 1, copied later, keeps the moment of the recording

    class Meta:
        ordering = ["deal", "revision"]
        constraints = [models.UniqueConstraint(fields=["deal", "revision"], name="unique_deal_revision")]

    def __str__(self) -> str:
        return f"revision {self.revision} of {self.deal}"
