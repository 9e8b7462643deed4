"""Leagues whose matches end quickly, played to standings: the rosters, the plays, fresh standings."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.models import League, Match, Player
from games.selectors.tallies import standings
from games.services.deals import deal_record
from games.services.matches import match_start

LEAGUE_RULES: dict[str, dict[str, Any]] = {
    "seep": {"match_end": {"type": "first_to_baazis", "count": 1}},
    "bid_euchre": {"target_score": 12},
    "fifty_six": {"starting_tables": 1},
    "contract_rummy": {"deals": 1, "cards_dealt": [10], "contracts": [{"sets": 2, "runs": 0}]},
}


def play(desk: Any, league: League, players: list[Player], *deals: dict[str, Any]) -> Match:
    match = match_start(actor=desk, game=league.game, players=[p.pk for p in players], league=league)
    for deal in deals:
        deal_record(match_id=match.pk, actor=desk, payload=deal)
    return Match.objects.get(pk=match.pk)


def roster(desk: Any, count: int) -> list[Player]:
    return [Player.objects.create(name=f"P{index}", created_by=desk) for index in range(1, count + 1)]


def fresh(league: League, by: str | None = None) -> dict[str, Any]:
    cache.clear()
    return standings.league_standings(league, by)
