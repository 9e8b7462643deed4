"""What the phone page may propose for deals entered offline, before the server has folded the deals still waiting
in its outbox. The page knows its queued deals but not their results, so it may only propose what the rules decide
without them; everything else it leaves for the scorer to pick (never a guess shown as a fact). The rules are the
engines': this asks each game's own functions, it does not restate them."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games.models import Match
from games.rules import bid_euchre, contract_rummy
from games.rules.contract_rummy.state import schedule
from games.rules.registry import get_engine


def offline_forecast(match: Match) -> dict[str, Any]:
    """``dealer_after``: each seat's successor as dealer where the deal passes on whatever happened in it (Bid
    Euchre, Contract Rummy), else null (Seep: the deal stays with the side behind; 56: seats drop out). The page
    proposes ``dealer_after[dealer of its last queued deal]``. ``next_deals``: Contract Rummy's deals after the
    state's next one, as the state's ``next_deal`` (number, contract, cards dealt; null past the last deal), for
    OFFLINE_DEALS_AHEAD deals; null for the other games."""
    engine = get_engine(match.game)
    rules = engine.rules_from_settings(match.settings, match.player_count)
    if match.game == "bid_euchre":
        return {
            "dealer_after": {seat: bid_euchre.next_dealer(seat) for seat in engine.seats(rules)},
            "next_deals": None,
        }
    if match.game == "contract_rummy":
        played = int(match.state.get("deals_played", 0))
        ahead = [_next_deal(schedule(rules, played + step)) for step in range(1, settings.OFFLINE_DEALS_AHEAD + 1)]
        return {
            "dealer_after": {seat: contract_rummy.next_dealer(seat, rules) for seat in rules.seats},
            "next_deals": ahead,
        }
    return {"dealer_after": None, "next_deals": None}


def _next_deal(scheduled: tuple[int, int, int, int] | None) -> dict[str, Any] | None:
    """The shape of Contract Rummy's ``state.next_deal`` (games/rules/contract_rummy/state.py state_json)."""
    if scheduled is None:
        return None
    number, sets, runs, cards = scheduled
    return {"number": number, "contract": {"sets": sets, "runs": runs}, "cards_dealt": cards}
