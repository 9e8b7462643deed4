"""The legality checks of a 56 deal (shared/rules/fifty_six.md §F.7, §F.9a): they raise, and change nothing."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.bid_bands import card_points_inconsistent, check_card_points_total
from games.rules.errors import RuleViolation
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.auction import Contract, run_auction
from games.rules.fifty_six.deal import FiftySixDeal
from games.rules.fifty_six.redeal import check_redeal
from games.rules.fifty_six.referee import check_summary, referee_tricks
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.state import FiftySixState, deal_cards, next_dealer
from games.rules.messages import msg
from games.rules.tricks import Record, card_points_by_team


@dataclass(frozen=True)
class CheckedPlay:
    """What the checks of a deal found: the contract and the bidding team's card points (None for a redeal or an
    all-pass), and the referee's record when the tricks were entered."""

    contract: Contract | None = None
    points: int | None = None
    record: Record | None = None


def check_deal(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> None:
    """Every legality check of §F.7 against the match so far; raises the first ``RuleViolation`` (``check_play``
    also answers what the checks found)."""
    check_play(state, deal, rules)


def _referee(
    state: FiftySixState,
    deal: FiftySixDeal,
    contract: Contract | None,
    by_team: dict[str, int] | None,
    rules: FiftySixRules,
) -> tuple[Record, dict[str, int]]:
    """§F.9a: check the entered tricks; the record and the card points of every team at the table."""
    assert deal.tricks is not None
    if contract is None:
        raise RuleViolation(
            "invalid", msg("Everyone passed and the hand is redealt: no card is played, so send no tricks."), "tricks"
        )
    pack = deal_cards(len(state.active_seats), rules)
    record = referee_tricks(deal.tricks, deal.dealer, state.active_seats, contract, pack)
    derived = card_points_by_team(record, state.active_teams, rules.team_of, t.CARD_POINTS)
    check_summary(deal.bidding_team_card_points, by_team, derived, contract.team)
    return record, derived


def check_dealer(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> None:
    if state.match_over:
        raise RuleViolation(
            "match_already_finished",
            msg(
                "Team {match_winner} has won: every other team is out of tables. No more deals can be recorded.",
                match_winner=state.match_winner,
            ),
            None,
            match_winner=state.match_winner,
            winners=[state.match_winner],
        )
    dealer = deal.dealer
    if dealer not in state.active_seats:
        out_team = rules.team_of[dealer]
        suggestion = state.next_dealer or next_dealer(dealer, state.active_seats, rules)
        raise RuleViolation(
            "dealer_not_active",
            msg(
                "{dealer}'s team ({out_team}) is out; {suggestion} deals next.",
                dealer=dealer,
                out_team=out_team,
                suggestion=suggestion,
            ),
            "dealer",
            expected_dealer=suggestion,
            next_dealer=suggestion,  # next_dealer: deprecated, kept for clients
        )
    if rules.enforce_dealer_order and state.next_dealer is not None and dealer != state.next_dealer:
        raise RuleViolation(
            "dealer_out_of_turn",
            msg(
                "The deal passes to the right: {next_dealer} deals next, not {dealer}.",
                next_dealer=state.next_dealer,
                dealer=dealer,
            ),
            "dealer",
            expected_dealer=state.next_dealer,
            next_dealer=state.next_dealer,  # next_dealer: deprecated
        )


def _check_points_by_team(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> dict[str, int] | None:
    """Every team still playing, and together 56 (§F.7), when ``card_points_by_team`` is sent."""
    by_team = dict(deal.card_points_by_team) if deal.card_points_by_team is not None else None
    if by_team is not None:
        active_teams = state.active_teams
        for team in by_team:
            if team not in active_teams:
                raise RuleViolation(
                    "invalid",
                    msg(
                        "Team {team} is out of the match and takes no card points.",
                        team=team,
                    ),
                    f"card_points_by_team.{team}",
                )
        missing = [team for team in active_teams if team not in by_team]
        if missing:
            raise RuleViolation(
                "invalid",
                msg(
                    "Enter the card points of every team still playing: {active_teams} ({missing} missing), or leave "
                    "card_points_by_team out.",
                    active_teams=", ".join(active_teams),
                    missing=", ".join(missing),
                ),
                "card_points_by_team",
                missing=missing,
            )
        check_card_points_total(by_team, t.TOTAL_CARD_POINTS)
    return by_team


def check_play(state: FiftySixState, deal: FiftySixDeal, rules: FiftySixRules) -> CheckedPlay:
    """``check_deal``, answering the contract, the bidding team's card points and the referee's record."""
    check_dealer(state, deal, rules)
    if deal.redeal is not None:  # §F.3a: no contract, no points
        check_redeal(deal.redeal, state, rules)
        return CheckedPlay()
    contract = run_auction(deal.auction, deal.dealer, state.active_seats, rules, dict(state.tables))
    by_team = _check_points_by_team(state, deal, rules)
    if deal.tricks is not None:
        record, derived = _referee(state, deal, contract, by_team, rules)
        return CheckedPlay(contract, derived[contract.team] if contract is not None else None, record)
    if contract is None:
        return CheckedPlay()
    points = deal.bidding_team_card_points
    if by_team is not None:
        team_points = by_team[contract.team]
        if points is not None and points != team_points:
            raise card_points_inconsistent(contract.team, points, team_points, "bidding_team_card_points", None)
        points = team_points
    if points is None:
        raise RuleViolation(
            "invalid",
            msg(
                "Enter the card points of the bidding team ({team}), a whole number from 0 to {total_card_points}.",
                team=contract.team,
                total_card_points=t.TOTAL_CARD_POINTS,
            ),
            "bidding_team_card_points",
        )
    return CheckedPlay(contract, points)
