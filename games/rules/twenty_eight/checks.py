"""The legality checks of a Twenty-Eight deal (shared/rules/twenty_eight.md §T.7, §T.7a), in the file's order: the
match is not over; the dealer; a redeal record, or the auction and then ``second_auction``; ``trump``; ``pair``;
``tricks`` with ``trump_card``; the card points. They raise, and change nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from games.rules.bid_bands import card_points, card_points_inconsistent, check_card_points_total
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.auction import Contract, run_first_round, run_second_round
from games.rules.twenty_eight.deal import TwentyEightDeal
from games.rules.twenty_eight.referee import TrickReport, check_pair, referee_deal, trump_refusal
from games.rules.twenty_eight.settings import TwentyEightRules
from games.rules.twenty_eight.state import TwentyEightState


@dataclass(frozen=True, slots=True)
class CheckedDeal:
    """A deal that passed every check: its contract (with the trump), the pair's seat, the bidding team's card
    points and, with trick entry, what the tricks proved."""

    contract: Contract
    pair_seat: str | None
    points: int
    report: TrickReport | None


def finished(state: TwentyEightState, rules: TwentyEightRules) -> RuleViolation:
    winner = str(state.match_winner)
    loser = next(team for team in t.TEAM_NAMES if team != winner)
    if state.points_of(winner) >= rules.target_game_points:
        detail = msg(
            "Team {team} reached +{target} and won; start a new match.", team=winner, target=rules.target_game_points
        )
    else:
        detail = msg(
            "Team {loser} fell to -{target} and lost; team {team} won. Start a new match.",
            loser=loser,
            team=winner,
            target=rules.target_game_points,
        )
    return RuleViolation("match_already_finished", detail, None, match_winner=winner, winners=[winner])


def check_dealer(state: TwentyEightState, deal: TwentyEightDeal, rules: TwentyEightRules) -> str:
    """The match goes on, the dealer is a seat and, with ``enforce_dealer_order``, the next dealer."""
    if state.match_over:
        raise finished(state, rules)
    dealer = deal.dealer
    if dealer not in t.SEATS:
        raise RuleViolation(
            "dealer_unknown",
            msg(
                "Name the dealer, {seats_0}-{seats}; {dealer!r} is not a seat.", seats_0="S1", seats="S4", dealer=dealer
            ),
            "dealer",
            allowed=list(t.SEATS),
        )
    expected = state.next_dealer
    if rules.enforce_dealer_order and expected is not None and dealer != expected:
        raise RuleViolation(
            "dealer_out_of_turn",
            msg("{expected} deals this deal: the deal passes to the right.", expected=expected),
            "dealer",
            expected_dealer=expected,
            next_dealer=expected,
        )
    return str(dealer)


def _check_trump(deal: TwentyEightDeal) -> str | None:
    trump = deal.trump
    if trump is not None and trump not in t.TRUMPS:
        raise trump_refusal(trump, "trump")
    if trump is None and (deal.pair is not None or deal.tricks is not None):
        detail = (
            msg("Name the trump suit: the pair is the king and queen of trumps.")
            if deal.pair is not None
            else msg("Name the trump suit: the tricks cannot be read without it.")
        )
        raise RuleViolation("trump_missing", detail, "trump", allowed=list(t.TRUMPS))
    return trump if trump is None else str(trump)


def _check_pair(deal: TwentyEightDeal, rules: TwentyEightRules) -> str | None:
    pair = deal.pair
    if pair is None:
        return None
    if not rules.pair_rule:
        raise RuleViolation(
            "variant_not_enabled", msg("The pair is not played in this match."), "pair", setting="pair_rule"
        )
    seat = pair.get("seat") if isinstance(pair, Mapping) else None
    if not isinstance(pair, Mapping) or seat not in t.SEATS:
        raise RuleViolation(
            "invalid",
            msg('A pair is {{"seat": ...}}, the seat that held the king and queen of trumps (S1-S4).'),
            "pair.seat" if isinstance(pair, Mapping) else "pair",
            allowed=list(t.SEATS),
        )
    return str(seat)


def _by_team(deal: TwentyEightDeal) -> dict[str, int] | None:
    """``card_points_by_team``: both teams, each 0-28, adding up to 28."""
    value = deal.card_points_by_team
    if value is None:
        return None
    if not isinstance(value, Mapping) or sorted(map(str, value)) != list(t.TEAM_NAMES):
        raise RuleViolation(
            "invalid",
            msg("card_points_by_team gives the card points of both teams, A and B."),
            "card_points_by_team",
            expected=list(t.TEAM_NAMES),
        )
    by_team = {
        team: card_points(value[team], f"card_points_by_team.{team}", t.TOTAL_CARD_POINTS) for team in t.TEAM_NAMES
    }
    check_card_points_total(by_team, t.TOTAL_CARD_POINTS)
    return by_team


def _check_points(deal: TwentyEightDeal, team: str, derived: dict[str, int] | None) -> int:
    """The summary figures: range and total first, then that they agree (with each other, or with the tricks)."""
    sent = deal.bidding_team_card_points
    points = None if sent is None else card_points(sent, "bidding_team_card_points", t.TOTAL_CARD_POINTS)
    by_team = _by_team(deal)
    if derived is not None:
        if by_team is not None and by_team != derived:
            wrong = next(name for name in t.TEAM_NAMES if by_team[name] != derived[name])
            raise card_points_inconsistent(wrong, by_team[wrong], derived[wrong], "card_points_by_team", derived)
        if points is not None and points != derived[team]:
            raise card_points_inconsistent(team, points, derived[team], "bidding_team_card_points", derived)
        return derived[team]
    if by_team is not None:
        if points is not None and points != by_team[team]:
            raise card_points_inconsistent(team, points, by_team[team], "bidding_team_card_points", None)
        return by_team[team]
    if points is None:
        raise RuleViolation(
            "card_points_out_of_range",
            msg(
                "Enter the card points of the bidding team ({team}), a whole number from 0 to {total_card_points}.",
                team=team,
                total_card_points=t.TOTAL_CARD_POINTS,
            ),
            "bidding_team_card_points",
            minimum=0,
            maximum=t.TOTAL_CARD_POINTS,
        )
    return points


def check_play(state: TwentyEightState, deal: TwentyEightDeal, rules: TwentyEightRules) -> CheckedDeal:
    """Every check of a played deal (not a redeal record) after the dealer's, in §T.7's order."""
    first = run_first_round(deal.auction, str(deal.dealer), rules)
    contract = run_second_round(deal.second_auction, first, rules)
    trump = _check_trump(deal)
    contract = replace(contract, trump=trump)
    pair_seat = _check_pair(deal, rules)
    report: TrickReport | None = None
    if deal.tricks is None and deal.trump_card is not None:
        raise RuleViolation(
            "invalid", msg("trump_card goes with the tricks: send it only with trick entry."), "trump_card"
        )
    if deal.tricks is not None:
        assert trump is not None
        report = referee_deal(
            deal.tricks, str(deal.dealer), contract.bidder, trump, trump_card=deal.trump_card, rules=rules
        )
        if pair_seat is not None:
            check_pair(report.record, pair_seat, t.SUIT_LETTERS[trump])
    derived = None if report is None else report.card_points_by_team
    points = _check_points(deal, contract.team, derived)
    return CheckedDeal(contract, pair_seat, points, report)
