"""Everything a club's history shows, with database ids replaced by positions, so that the same history in another
database (new ids) compares equal."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.models import AuditEntry, Club, League, Match, Membership, Player
from games.selectors.tallies.ratings import player_ratings
from games.selectors.tallies.standings import league_standings
from games.services.audit import MatchAuditLog


def club_picture() -> dict[str, Any]:
    player_pos = {pk: n for n, pk in enumerate(Player.objects.order_by("pk").values_list("pk", flat=True))}
    match_pos = {pk: n for n, pk in enumerate(Match.objects.order_by("pk").values_list("pk", flat=True))}
    matches = [
        {
            "game": m.game,
            "league": m.league.name if m.league else None,
            "settings": m.settings,
            "teams": m.teams,
            "status": m.status,
            "state": m.state,
            "version": m.version,
            "deals_count": m.deals_count,
            "last_deal_number": m.last_deal_number,
            "created_at": m.created_at,
            "updated_at": m.updated_at,
            "finished_at": m.finished_at,
            "seats": [(s.seat, s.position, player_pos[s.player_id], s.player.name, s.team) for s in m.seats.all()],
            "deals": [
                (
                    d.number,
                    d.client_deal_id,
                    d.status,
                    d.revision,
                    d.input,
                    d.result,
                    d.state_after,
                    d.recorded_at,
                    [(r.revision, r.input, r.result, r.reason, r.created_at) for r in d.revision_history()],
                )
                for d in m.deals.order_by("number")
            ],
            "audit": [(a.at, a.action, a.deal_number, a.reason, a.before, a.after) for a in MatchAuditLog(m)],
        }
        for m in Match.objects.order_by("pk")
    ]
    standings = {}
    for league in League.objects.order_by("pk"):
        body = league_standings(league)
        for row in body["rows"]:
            for member in row["entrant"]["players"]:
                member["id"] = player_pos[member["id"]]
        standings[league.name] = {"game": body["game"], "rating_pool": league.rating_pool, "rows": body["rows"]}
    ratings = []
    for player in Player.objects.order_by("pk"):
        found = player_ratings(player)
        for rating in found["ratings"]:
            for step in rating["history"]:
                step["match"] = match_pos[step["match"]]
        ratings.append((player_pos[found["player"]], player.name, found["ratings"]))
    return {
        "matches": matches,
        "standings": standings,
        "ratings": ratings,
        "league_audit": [
            (a.at, a.action, a.before, a.after)
            for a in AuditEntry.objects.filter(match__isnull=True, league__isnull=False).order_by("at", "id")
        ],
    }


def empty_the_database() -> None:
    """What a fresh server has: no clubs, players or matches (and a cold cache)."""
    AuditEntry.objects.all().delete()
    Match.objects.all().delete()
    League.objects.all().delete()
    Player.objects.update(merged_into=None)
    Player.objects.all().delete()
    Membership.objects.all().delete()
    Club.objects.all().delete()
    cache.clear()
