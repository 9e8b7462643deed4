"""The interchange format, version 1 (docs/interchange.md, docs/interchange.schema.json): how each row becomes
JSON. Ids in a file are the exporting server's ids and serve only as references inside the file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet

from exports.selectors import CHUNK, ExportScope
from games.models import AuditEntry, Club, Deal, League, Match, Player
from games.services.audit import MatchAuditLog
from nights.models import Event

FORMAT = "scorekeeper.interchange"
VERSION = 1
SCHEMA_PATH = settings.BASE_DIR / "docs" / "interchange.schema.json"


def moment(value: datetime | date | None) -> str | None:
    return None if value is None else value.isoformat()


class Usernames:
    """How accounts are named in a file: by username for a reader who may see them (ExportScope.usernames_shown),
    else null."""

    def __init__(self, shown: bool = True) -> None:
        self.shown = shown

    def __call__(self, user: Any) -> str | None:
        return None if user is None or not self.shown else user.get_username()


SHOWN = Usernames(shown=True)
username = SHOWN  # the name earlier callers import


def club_document(club: Club | None) -> dict[str, Any] | None:
    return None if club is None else {"id": club.pk, "name": club.name, "created_at": moment(club.created_at)}


def scope_players(scope: ExportScope) -> QuerySet[Player]:
    """The club's players, everyone seated in the scope's matches, and the records they were merged into."""
    seated = Q(seats__match__in=scope.matches().values("pk"))
    found = Q(club_id=scope.club.pk) if scope.kind == "club" and scope.club else Q(pk__in=[])
    found |= Q(entries__event__in=scope.events().values("pk"))  # a night's entrants, a bye their only round too
    ids = set(Player.objects.filter(found | seated).values_list("pk", flat=True))
    frontier = ids
    while frontier:  # follow merges, so every reference in the file resolves
        frontier = (
            set(
                Player.objects.filter(pk__in=frontier, merged_into__isnull=False).values_list(
                    "merged_into_id", flat=True
                )
            )
            - ids
        )
        ids |= frontier
    return Player.objects.filter(pk__in=ids).select_related("user").order_by("id")


def player_document(player: Player, club: Club | None, username: Usernames = SHOWN) -> dict[str, Any]:
    return {
        "id": player.pk,
        "name": player.name,
        "in_club": club is not None and player.club_id == club.pk,
        "user": username(player.user),
        "merged_into": player.merged_into_id,
        "created_at": moment(player.created_at),
    }


def league_document(league: League) -> dict[str, Any]:
    return {
        "id": league.pk,
        "name": league.name,
        "game": league.game,
        "settings": league.settings,
        "starts_on": moment(league.starts_on),
        "ends_on": moment(league.ends_on),
        "points_for_win": league.points_for_win,
        "points_for_draw": league.points_for_draw,
        "points_for_loss": league.points_for_loss,
        "tiebreaks": league.tiebreaks,
        "rating_pool": league.rating_pool,
        "created_at": moment(league.created_at),
    }


def audit_document(entry: AuditEntry, username: Usernames = SHOWN) -> dict[str, Any]:
    return {
        "at": moment(entry.at),
        "actor": username(entry.actor),
        "action": entry.action,
        "club": entry.club_id is not None,
        "league": entry.league_id,
        "player": entry.player_id,
        "deal_number": entry.deal_number,
        "reason": entry.reason,
        "before": entry.before,
        "after": entry.after,
    }


def deal_document(deal: Deal, username: Usernames = SHOWN) -> dict[str, Any]:
    return {
        "number": deal.number,
        "client_deal_id": str(deal.client_deal_id) if deal.client_deal_id else None,
        "status": deal.status,
        "revision": deal.revision,
        "input": deal.input,
        "result": deal.result,
        "state_after": deal.state_after,
        "recorded_by": username(deal.recorded_by),
        "recorded_at": moment(deal.recorded_at),
        "updated_at": moment(deal.updated_at),
        "revisions": [
            {
                "revision": r.revision,
                "input": r.input,
                "result": r.result,
                "reason": r.reason,
                "created_by": username(r.created_by),
                "created_at": moment(r.created_at),
            }
            for r in deal.revision_history()
        ],
    }


def match_document(match: Match, username: Usernames = SHOWN) -> dict[str, Any]:
    deals = match.deals.select_related("recorded_by").prefetch_related("revisions__created_by").order_by("number")
    return {
        "id": match.pk,
        "game": match.game,
        "league": match.league_id,
        "settings": match.settings,
        "teams": match.teams,
        "status": match.status,
        "state": match.state,
        "version": match.version,
        "player_count": match.player_count,
        "deals_count": match.deals_count,
        "last_deal_number": match.last_deal_number,
        "created_by": username(match.created_by),
        "created_at": moment(match.created_at),
        "updated_at": moment(match.updated_at),
        "finished_at": moment(match.finished_at),
        # A club's match outside its leagues (a club night's table), and what its night set: who deals first, the
        # deals it is cut at, when the director closed it. Files written before nights leave them out.
        "club_match": match.club_id is not None,
        "first_dealer": match.first_dealer,
        "deals_limit": match.deals_limit,
        "closed_at": moment(match.closed_at),
        "seats": [
            {"seat": s.seat, "position": s.position, "player": s.player_id, "team": s.team}
            for s in match.seats.order_by("position")
        ],
        "deals": [deal_document(deal, username) for deal in deals],
        "audit": [audit_document(entry, username) for entry in MatchAuditLog(match)],
    }


def scope_matches(scope: ExportScope) -> Iterator[Match]:
    yield from scope.matches().select_related("created_by").iterator(chunk_size=CHUNK // 10)


def scope_audit(scope: ExportScope, players: QuerySet[Player]) -> QuerySet[AuditEntry]:
    """Changes to the club, its leagues and players (a match's own changes travel with the match)."""
    if scope.kind == "event":  # the night's own entries: made, checked in, drawn, closed
        return (
            AuditEntry.objects.filter(match__isnull=True, action__startswith="night.", after__event=scope.id)
            .select_related("actor")
            .order_by("at", "id")
        )
    about = Q(league__in=scope.leagues().values("pk"))
    if scope.kind == "club":
        about |= Q(club_id=scope.id) | Q(player__in=players.values("pk"))
    return AuditEntry.objects.filter(about, match__isnull=True).select_related("actor").order_by("at", "id")


def event_document(event: Event, username: Usernames = SHOWN) -> dict[str, Any]:
    """A club night: its rules and format, its entrants, and its rounds with their tables (each a reference to a
    match of the file), byes and closes."""
    rounds = event.rounds.prefetch_related("tables", "byes", "substitutes__table").order_by("number")
    return {
        "id": event.pk,
        "name": event.name,
        "league": event.league_id,
        "game": event.game,
        "settings": event.settings,
        "format": event.format,
        "format_settings": event.format_settings,
        "rounds_planned": event.rounds_planned,
        "round_length": event.round_length,
        "deals_per_round": event.deals_per_round,
        "status": event.status,
        "director": username(event.director),
        "created_at": moment(event.created_at),
        "teams": [
            {
                "id": team.pk,
                "name": team.name,
                "joined_from_round": team.joined_from_round,
                "left_after_round": team.left_after_round,
                "created_at": moment(team.created_at),
            }
            for team in event.teams.order_by("pk")
        ],
        "entrants": [
            {
                "id": entrant.pk,
                "player": entrant.player_id,
                "team": entrant.team_id,
                "checked_in": entrant.checked_in,
                "joined_from_round": entrant.joined_from_round,
                "left_after_round": entrant.left_after_round,
                "created_at": moment(entrant.created_at),
            }
            for entrant in event.entrants.order_by("pk")
        ],
        "rounds": [
            {
                "number": played.number,
                "seed": played.seed,
                "status": played.status,
                "drawn_at": moment(played.drawn_at),
                "closed_at": moment(played.closed_at),
                "close_reason": played.close_reason,
                "tables": [
                    {
                        "number": table.number,
                        "match": table.match_id,
                        "first_dealer": table.first_dealer,
                        "director_score": table.director_score,
                    }
                    for table in sorted(played.tables.all(), key=lambda table: table.number)
                ],
                "byes": sorted(bye.entrant_id for bye in played.byes.all()),
                "substitutes": [
                    {"entrant": sub.entrant_id, "player": sub.player_id, "table": sub.table.number, "seat": sub.seat}
                    for sub in sorted(played.substitutes.all(), key=lambda sub: sub.entrant_id)
                ],
            }
            for played in rounds
        ],
    }
