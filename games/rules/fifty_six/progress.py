"""56's tricks part way through a deal (shared/rules/fifty_six.md §F.9a): each whole trick's winner and card points,
who plays next, and each team's card points so far, for a page that shows the running tally. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.auction import run_auction
from games.rules.fifty_six.deal import parse_deal
from games.rules.fifty_six.referee import table_for
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.state import FiftySixState, deal_cards
from games.rules.messages import msg
from games.rules.tricks import so_far_json, tricks_so_far


def play_progress(state: FiftySixState, payload: Mapping[str, Any], rules: FiftySixRules) -> dict[str, Any]:
    """The deal as entered so far (dealer, auction, the tricks so far): the referee's checks of those tricks."""
    deal = parse_deal(payload, rules)
    if deal.redeal is not None:
        raise RuleViolation("invalid", msg("A redealt hand has no tricks: send the auction and the tricks."), "redeal")
    contract = run_auction(deal.auction, deal.dealer, state.active_seats, rules, dict(state.tables))
    if contract is None:
        raise RuleViolation(
            "invalid", msg("Everyone passed and the hand is redealt: no card is played, so send no tricks."), "tricks"
        )
    table = table_for(deal.dealer, state.active_seats, contract, deal_cards(len(state.active_seats), rules))
    so_far = tricks_so_far(deal.tricks or (), table)
    return so_far_json(so_far, rules.team_of, state.active_teams, t.CARD_POINTS)
