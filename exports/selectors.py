"""Reads for exports: which scope a user may export, and the rows an export is made of.

Rows are read with server-side iteration in chunks, deals joined to their match, so memory stays flat however
many deals a scope holds; a match's seats are read once, when its first deal comes by.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.db.models import Max, Q, QuerySet

from games.errors import NotFound
from games.models import Club, Deal, League, Match, Seat
from games.selectors.access import Viewer, club_administrable_by, club_ids_of, matches_visible_to
from games.selectors.tallies.standings import league_standings
from nights.models import Entrant, Event, Round
from nights.selectors import events_visible_to

CHUNK = 2000


@dataclass(frozen=True)
class ExportScope:
    """What an export covers: one match, one league's matches, every match of a club (its leagues' and its nights'),
    or a club night (``event``: its tables' matches), one player's score card of a night (``entrant``) or the table
    cards of a round (``round``)."""

    kind: str
    id: int
    club: Club | None = None
    league: League | None = None
    event: Event | None = None
    # Usernames (the interchange file's user, created_by, recorded_by, actor) are a sign-in's half: only a club's
    # admins, and the operator's own exports, see them; anyone else's file has null there.
    usernames_shown: bool = False

    def matches(self) -> QuerySet[Match]:
        if self.kind == "match":
            found = Match.objects.filter(pk=self.id)
        elif self.kind == "league":
            found = Match.objects.filter(league_id=self.id)
        elif self.kind == "club":
            found = Match.objects.filter(Q(league__club_id=self.id) | Q(club_id=self.id))
        elif self.kind == "entrant" and self.event is not None:
            entrant = Entrant.objects.get(pk=self.id)
            found = Match.objects.filter(night_table__round__event=self.event, seats__player_id=entrant.player_id)
        elif self.kind == "round":
            found = Match.objects.filter(night_table__round_id=self.id)
        else:
            found = Match.objects.filter(night_table__round__event_id=self.event.pk if self.event else 0)
        return found.order_by("id")

    def events(self) -> QuerySet[Event]:
        """The club nights the scope holds: a club's, or the one night."""
        if self.kind == "club":
            return Event.objects.filter(club_id=self.id).order_by("id")
        if self.kind == "event":
            return Event.objects.filter(pk=self.id)
        return Event.objects.none()

    def deals(self) -> QuerySet[Deal]:
        return Deal.objects.filter(match__in=self.matches().values("pk"))

    def leagues(self) -> QuerySet[League]:
        if self.league is not None:
            return League.objects.filter(pk=self.league.pk)
        if self.kind == "club":
            return League.objects.filter(club_id=self.id).order_by("id")
        return League.objects.filter(pk__in=self.matches().values("league_id")).order_by("id")

    @property
    def title(self) -> str:
        named = self.event or self.league or self.club
        return f"{self.kind} {self.id}" if named is None else f"{self.kind} {named.name}"


def export_scope(user: Viewer, kind: str, scope_id: int) -> ExportScope:
    """The scope, if ``user`` may read it; anyone else is told it does not exist (404)."""
    if kind == "match":
        match = matches_visible_to(user).select_related("league__club").filter(pk=scope_id).first()
        if match is None:
            raise NotFound
        league = match.league
        return ExportScope("match", scope_id, club=league.club if league else None, league=league)
    if kind in NIGHT_SCOPES:
        return _night_scope(user, kind, scope_id)
    clubs = club_ids_of(user)
    if kind == "league":
        league = League.objects.select_related("club").filter(pk=scope_id, club_id__in=clubs).first()
        if league is None:
            raise NotFound
        return ExportScope("league", scope_id, club=league.club, league=league)
    club = Club.objects.filter(pk=scope_id, pk__in=clubs).first()
    if club is None:
        raise NotFound
    return ExportScope("club", scope_id, club=club)


NIGHT_SCOPES = ("event", "entrant", "round")


def _night_event(kind: str, scope_id: int) -> QuerySet[Event]:
    """The night that an ``event``, ``entrant`` or ``round`` scope belongs to."""
    if kind == "event":
        return Event.objects.filter(pk=scope_id)
    if kind == "entrant":
        return Event.objects.filter(entrants__pk=scope_id)
    return Event.objects.filter(rounds__pk=scope_id)


def _night_scope(user: Viewer | None, kind: str, scope_id: int) -> ExportScope:
    """A night's scope, if ``user`` (None: the operator) may read the night: its club's members."""
    events = Event.objects.all() if user is None else events_visible_to(user)
    event = events.filter(pk__in=_night_event(kind, scope_id).values("pk")).select_related("club", "league").first()
    if event is None:
        raise NotFound
    return ExportScope(kind, scope_id, club=event.club, league=event.league, event=event)


def scope_language(kind: str, scope_id: int) -> str:
    """The language a scope's file is written in when it belongs to one person: an entrant's score card is in the
    language its player's account saved (PATCH /me/); "" where there is none (the requester's language then)."""
    if kind != "entrant":
        return ""
    entrant = Entrant.objects.select_related("player__user__preferences").filter(pk=scope_id).first()
    user = entrant.player.user if entrant is not None else None
    preferences = getattr(user, "preferences", None) if user is not None else None
    language = preferences.language if preferences is not None else ""
    return language if language in dict(settings.LANGUAGES) else ""


def round_of(scope: ExportScope) -> Round:
    return Round.objects.select_related("event").get(pk=scope.id)


def scope_by_id(kind: str, scope_id: int, *, reader: Viewer | None = None) -> ExportScope:
    """The scope as a worker sees it, the request having been checked already, for ``reader`` (who asked for the
    export; None: the operator, from the console, who sees everything)."""
    if kind in NIGHT_SCOPES:
        scope = _night_scope(None, kind, scope_id)
    elif kind == "match":
        league = League.objects.select_related("club").filter(matches__pk=scope_id).first()
        scope = ExportScope("match", scope_id, club=league.club if league else None, league=league)
    elif kind == "league":
        league = League.objects.select_related("club").get(pk=scope_id)
        scope = ExportScope("league", scope_id, club=league.club, league=league)
    else:
        scope = ExportScope("club", scope_id, club=Club.objects.get(pk=scope_id))
    return replace(scope, usernames_shown=reader is None or _administers(reader, scope.club))


def _administers(reader: Viewer, club: Club | None) -> bool:
    return club is not None and club_administrable_by(reader, club)


@dataclass(frozen=True)
class DealRow:
    match: Match
    seats: list[Seat]
    deal: Deal


def deal_rows(scope: ExportScope) -> Iterator[DealRow]:
    """Every deal of the scope, match by match and in deal order, with its match and seated players."""
    deals = (
        scope.deals()
        .select_related("match__league")
        .defer("state_after", "match__state", "match__settings")
        .order_by("match_id", "number")
    )
    current: Match | None = None
    seats: list[Seat] = []
    for deal in deals.iterator(chunk_size=CHUNK):
        if current is None or deal.match_id != current.pk:
            current = deal.match
            seats = list(Seat.objects.filter(match_id=current.pk).select_related("player").order_by("position"))
        yield DealRow(current, seats, deal)


def deal_payloads(scope: ExportScope) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Just the input and result of every deal: what a first pass needs to learn the columns."""
    yield from scope.deals().order_by("match_id", "number").values_list("input", "result").iterator(chunk_size=CHUNK)


def most_seats(scope: ExportScope) -> int:
    return scope.matches().aggregate(most=Max("player_count"))["most"] or 0


def league_standings_of(league: League) -> dict[str, Any]:
    """The body of ``GET /leagues/{id}/standings/``."""
    return league_standings(league)
