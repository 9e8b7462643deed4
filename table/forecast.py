"""What the phone page may propose for deals entered offline, before the server has folded the deals still waiting
in its outbox. The page knows its queued deals but not their results, so it may only propose what the rules decide
without them; everything else it leaves for the scorer to pick (never a guess shown as a fact). Each game's engine
answers for itself (``offline_forecast``): nothing here knows a game."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games.models import Match
from games.rules.registry import get_engine


def match_entry(match: Match) -> dict[str, Any]:
    """The engine's entry facts under the match's own settings and player count (the board's ``entry``): the
    game facts' ``entry`` answered for this match, its auction's description among them."""
    engine = get_engine(match.game)
    return engine.entry_facts(engine.rules_from_settings(match.settings, match.player_count))


def offline_forecast(match: Match) -> dict[str, Any]:
    """``dealer_after`` (seat -> the next deal's dealer where the deal passes on whatever happened in it, else null)
    and ``next_deals`` (the state's ``next_deal`` after each of OFFLINE_DEALS_AHEAD queued deals, where the game
    schedules its deals, else null), as the match's engine answers them."""
    engine = get_engine(match.game)
    rules = engine.rules_from_settings(match.settings, match.player_count)
    return engine.offline_forecast(rules, match.state, settings.OFFLINE_DEALS_AHEAD)
