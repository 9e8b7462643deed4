"""Scoring a Twenty-Eight deal (shared/rules/twenty_eight.md §T.4-§T.6): the target, made or lost, the band's game
points for the bidding team only, the match end and the next dealer."""

from __future__ import annotations

from typing import Any

from games.rules.engine import DealOutcome
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.checks import CheckedDeal, check_dealer, check_play
from games.rules.twenty_eight.deal import TwentyEightDeal
from games.rules.twenty_eight.redeal import check_redeal
from games.rules.twenty_eight.settings import TwentyEightRules
from games.rules.twenty_eight.state import TwentyEightState, next_dealer, winner_after


def target_of(points: int, pair_seat: str | None, bidding_team: str, rules: TwentyEightRules) -> int:
    """§T.4: the bid, moved by 4 for a pair: down for the bidders' (never below the minimum bid), up for the
    opponents' (never above 28)."""
    if pair_seat is None:
        return points
    if t.TEAM_OF[pair_seat] == bidding_team:
        return max(points - t.PAIR_ADJUSTMENT, rules.minimum_bid)
    return min(points + t.PAIR_ADJUSTMENT, t.MAX_BID)


def amount_of(checked: CheckedDeal, made: bool, rules: TwentyEightRules) -> tuple[str, int]:
    """The band's label and the game points won (made) or lost, with doubles and the half-bid rule (§T.4)."""
    contract = checked.contract
    band = rules.band_by_points[contract.points]
    assert band is not None
    amount = (band.win if made else band.lose) * t.DOUBLINGS[contract.doubling]
    if not made and rules.half_call_doubles_loss and 2 * checked.points < contract.points:
        amount *= 2
    return band.label, amount if made else -amount


def decided_by_offence(checked: CheckedDeal, rules: TwentyEightRules) -> bool | None:
    """``forfeit_deal``: the first offence decides: lost when by the bidding team, made when by a defender."""
    if rules.revoke_rule != "forfeit_deal" or checked.report is None:
        return None
    offences = checked.report.offences()
    if not offences:
        return None
    return t.TEAM_OF[offences[0].seat] != checked.contract.team


def apply_redeal(state: TwentyEightState, deal: TwentyEightDeal, rules: TwentyEightRules) -> DealOutcome:
    """§T.3a: nothing changes but the deal count; the same dealer deals again."""
    assert deal.redeal is not None
    dealer = check_dealer(state, deal, rules)
    claim = check_redeal(deal.redeal, dealer, rules)
    result: dict[str, Any] = {
        "contract": None,
        "target": None,
        "pair": None,
        "bidding_team_card_points": None,
        "made": None,
        "band": None,
        "game_points_delta": dict.fromkeys(t.TEAM_NAMES, 0),
        "game_points_after": state.points_json(),
        "next_dealer": dealer,
        "match_over": False,
        "match_winner": None,
        "redeal": claim,
    }
    return DealOutcome(TwentyEightState(state.game_points, dealer, None), result)


def apply_deal(state: TwentyEightState, deal: TwentyEightDeal, rules: TwentyEightRules) -> DealOutcome:
    """Check the deal and fold it in: the new state and the deal's result (§T.4's keys, §T.7a's with tricks)."""
    if deal.redeal is not None:
        return apply_redeal(state, deal, rules)
    dealer = check_dealer(state, deal, rules)
    checked = check_play(state, deal, rules)
    contract = checked.contract
    target = target_of(contract.points, checked.pair_seat, contract.team, rules)
    forced = decided_by_offence(checked, rules)
    made = checked.points >= target if forced is None else forced
    band, delta = amount_of(checked, made, rules)
    totals = {team: state.points_of(team) + (delta if team == contract.team else 0) for team in t.TEAM_NAMES}
    winner = winner_after(contract.team, totals[contract.team], rules)
    after = TwentyEightState(
        (totals["A"], totals["B"]),
        None if winner is not None else next_dealer(dealer),
        winner,
    )
    pair = None
    if checked.pair_seat is not None:
        pair = {"seat": checked.pair_seat, "team": t.TEAM_OF[checked.pair_seat], "adjustment": target - contract.points}
    result: dict[str, Any] = {
        "contract": contract.as_json(),
        "target": target,
        "pair": pair,
        "bidding_team_card_points": checked.points,
        "made": made,
        "band": band,
        "game_points_delta": {team: delta if team == contract.team else 0 for team in t.TEAM_NAMES},
        "game_points_after": totals,
        "next_dealer": after.next_dealer,
        "match_over": after.match_over,
        "match_winner": winner,
    }
    if checked.report is not None:
        result.update(checked.report.as_json())
    return DealOutcome(after, result)
