"""Bid Euchre's tricks part way through a deal (shared/rules/bid_euchre.md §E.7a): each whole trick's winner, who
plays next, and the tricks each team has won so far, for a page that shows the running tally. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.bid_euchre import tables as t
from games.rules.bid_euchre.auction import run_auction
from games.rules.bid_euchre.checks import _check_trump
from games.rules.bid_euchre.deal import parse_deal
from games.rules.bid_euchre.referee import table_for
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.state import BidEuchreState
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.tricks import so_far_json, tricks_so_far


def play_progress(state: BidEuchreState, payload: Mapping[str, Any], rules: BidEuchreRules) -> dict[str, Any]:
    """The deal as entered so far (dealer, auction, trump, the tricks so far)."""
    deal = parse_deal(payload, rules)
    contract = run_auction(deal.dealer, deal.auction, rules) if deal.ace_no_face is None else None
    if contract is None:
        raise RuleViolation(
            "invalid", msg("No contract was made in this hand: no card is played, so send no tricks."), "tricks"
        )
    _check_trump(contract, deal, rules)
    assert deal.trump is not None
    so_far = tricks_so_far(deal.tricks or (), table_for(contract, deal.trump, rules))
    return so_far_json(so_far, t.TEAM_OF, t.TEAMS, None)
