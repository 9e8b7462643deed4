"""A club night's rows: the event, its entrants, its rounds, each round's tables (one ordinary match each) and byes.

Thin models (DESIGN.md): fields and constraints only. The workflows are in nights/services.py, the reads and the
standings' fold in nights/selectors.py.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Club, League, Match, Player

USER_MODEL = settings.AUTH_USER_MODEL


class Event(models.Model):
    """A club night or a tournament: its game and pinned house rules, its draw format and how long a round is."""

    class Format(models.TextChoices):
        PROGRESSIVE = "progressive"
        RUMMY_TABLES = "rummy_tables"
        ROUND_ROBIN = "round_robin"
        SWISS = "swiss"

    class RoundLength(models.TextChoices):
        MATCH = "match", "the game's own match, to its end"
        DEALS = "deals", "a fixed number of deals"
        DIRECTOR = "director", "until the director closes the round"

    class Status(models.TextChoices):
        OPEN = "open"
        FINISHED = "finished"

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events")
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=20)
    settings = models.JSONField(help_text="The house rules, every setting pinned when the event was made.")
    format = models.CharField(max_length=20, choices=Format.choices)
    format_settings = models.JSONField(help_text="The draw format's settings, every one pinned.")
    rounds_planned = models.PositiveSmallIntegerField()
    round_length = models.CharField(max_length=10, choices=RoundLength.choices)
    deals_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    director = models.ForeignKey(USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="events_directed")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    """A fixed partnership of a round robin or Swiss night: the draw's entrant, its players (``members``, entrants of
    the event, a player in one team at most since a player is one entrant) seated in the engine's team seats. Present
    from ``joined_from_round``, gone after ``left_after_round``. ``name`` is the director's, or blank: then the team
    is called by its players' names, joined the reader's language's way."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120, blank=True)
    joined_from_round = models.PositiveSmallIntegerField(default=1)
    left_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]

    def __str__(self) -> str:
        return self.name or f"team {self.pk} of {self.event}"

    def plays_in(self, number: int) -> bool:
        left = self.left_after_round
        return self.joined_from_round <= number and (left is None or number <= left)


class Entrant(models.Model):
    """A player of the event: present from ``joined_from_round``, gone after ``left_after_round`` (if they left); at
    a night of fixed partnerships, a member of one ``team`` (the team is drawn, its members seated)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.CASCADE, related_name="members")
    checked_in = models.BooleanField(default=True)
    joined_from_round = models.PositiveSmallIntegerField(default=1)
    left_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_entrant_per_event")]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"

    def plays_in(self, number: int) -> bool:
        left = self.left_after_round
        return self.checked_in and self.joined_from_round <= number and (left is None or number <= left)


class Round(models.Model):
    class Status(models.TextChoices):
        DRAWN = "drawn"
        PLAYING = "playing"
        CLOSED = "closed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(help_text="The draw's seed: drawing again with it gives the same tables.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAWN)
    drawn_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    close_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_round_number_per_event")]

    def __str__(self) -> str:
        return f"round {self.number} of {self.event}"


class Table(models.Model):
    """A table of a round: an ordinary match. ``director_score`` (side -> score) replaces the match's own score
    where the director closed the round on a table that could not finish."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="night_table")
    first_dealer = models.CharField(max_length=3, help_text="The seat the draw chose to deal first.")
    director_score = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_table_number_per_round")]

    def __str__(self) -> str:
        return f"table {self.number} of {self.round}"


class Bye(models.Model):
    """An entrant who sits out a round; the score it brings is the format's ``bye_score`` rule, applied by the fold
    (so a correction at a table of the round moves it too)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        ordering = ["round", "entrant"]
        constraints = [models.UniqueConstraint(fields=["round", "entrant"], name="unique_bye_per_round")]

    def __str__(self) -> str:
        return f"bye of entrant {self.entrant_id} in {self.round}"


class Substitute(models.Model):
    """A player who takes an entrant's seat for a round: the seat of the table's match is theirs from then on, and the
    fold counts the seat's score for the entrant whose seat it is (who may leave the round's table then)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="substitutes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="substitutes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="substitutions")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="substitutes")
    seat = models.CharField(max_length=3)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [models.UniqueConstraint(fields=["round", "entrant"], name="unique_substitute_per_entrant")]

    def __str__(self) -> str:
        return f"{self.player} for entrant {self.entrant_id} in {self.round}"
