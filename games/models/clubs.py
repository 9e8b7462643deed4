from __future__ import annotations

from django.conf import settings
from django.db import models

USER_MODEL = settings.AUTH_USER_MODEL


class Club(models.Model):
    name = models.CharField(max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        ADMIN = "admin"
        SCORER = "scorer"
        MEMBER = "member"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="unique_membership")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class Player(models.Model):
    """A person at a table. ``user`` links the account of a player who signs in; guests have none."""

    name = models.CharField(max_length=100)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT, related_name="players")
    user = models.ForeignKey(USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    created_by = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="players_created")
    merged_into = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="duplicates",
        help_text="Set when this record is a duplicate of another player; undone by unmerging. Seats keep pointing "
        "here, so a merge changes no match row and an unmerge restores every figure.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class League(models.Model):
    """A season of one game in a club. ``settings`` are pinned into every match started in it."""

    class Tiebreak(models.TextChoices):
        GAME = "game", "the game's own measure (baazi difference, net tables, point difference, penalty total)"
        WON = "won", "matches won"
        RATING = "rating", "rating"

    class RatingPool(models.TextChoices):
        LEAGUE = "league", "this league's matches"
        CLUB_LEAGUES = "club_leagues", "the matches of every league of the club in this game"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="leagues")
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=20)
    settings = models.JSONField(default=dict, blank=True)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    points_for_win = models.PositiveSmallIntegerField(default=3)
    points_for_draw = models.PositiveSmallIntegerField(default=1)
    points_for_loss = models.PositiveSmallIntegerField(default=0)
    tiebreaks = models.JSONField(default=list, blank=True, help_text="Order of tie-breaks after league points.")
    rating_pool = models.CharField(
        max_length=12,
        choices=RatingPool.choices,
        default=RatingPool.LEAGUE,
        help_text="The matches the ratings in the standings are computed from; friendlies never count.",
    )
    public_token = models.UUIDField(
        null=True, blank=True, unique=True, help_text="Set while the public standings link is switched on."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=True)
                | models.Q(starts_on__isnull=True)
                | models.Q(ends_on__gte=models.F("starts_on")),
                name="league_ends_after_it_starts",
            )
        ]

    def __str__(self) -> str:
        return self.name
