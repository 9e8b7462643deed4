"""Twenty-Eight's tricks part way through a deal (shared/rules/twenty_eight.md §T.7a): each whole trick's winner and
card points (the concealed trump counted as the referee counts it), who plays next, and each team's card points so
far, for a page that shows the running tally. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.tricks import so_far_json, tricks_so_far
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.auction import run_first_round, run_second_round
from games.rules.twenty_eight.checks import _check_trump
from games.rules.twenty_eight.deal import parse_deal
from games.rules.twenty_eight.referee import _check_trump_card, table_for
from games.rules.twenty_eight.settings import TwentyEightRules
from games.rules.twenty_eight.state import TwentyEightState


def play_progress(state: TwentyEightState, payload: Mapping[str, Any], rules: TwentyEightRules) -> dict[str, Any]:
    """The deal as entered so far (dealer, auctions, trump, face-down card, the tricks so far)."""
    deal = parse_deal(payload, rules)
    if deal.redeal is not None or deal.dealer is None:
        raise RuleViolation("invalid", msg("A redealt hand has no tricks: send the auction and the tricks."), "redeal")
    contract = run_second_round(deal.second_auction, run_first_round(deal.auction, str(deal.dealer), rules), rules)
    trump = _check_trump(deal)
    if trump is None:
        raise RuleViolation("trump_missing", msg("Name the trump suit: the tricks cannot be read without it."), "trump")
    contract = replace(contract, trump=trump)
    face_down = _check_trump_card(deal.trump_card, trump, rules)
    table = table_for(str(deal.dealer), contract.bidder, trump, face_down, rules)
    so_far = tricks_so_far(deal.tricks or (), table)
    return so_far_json(so_far, t.TEAM_OF, t.TEAM_NAMES, t.CARD_POINTS)
