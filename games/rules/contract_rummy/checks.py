"""The legality checks of a Contract Rummy deal (shared/rules/contract_rummy.md §R.5): they raise, and change
nothing."""

from __future__ import annotations

from collections import Counter

from games.rules.cards import Card
from games.rules.contract_rummy.deal import ContractRummyDeal
from games.rules.contract_rummy.melds import check_melds
from games.rules.contract_rummy.settings import GAME_NAME, ContractRummyRules, describe_pack
from games.rules.contract_rummy.state import ContractRummyState
from games.rules.errors import RuleViolation


def _won_words(state: ContractRummyState) -> str:
    best = min(state.totals)
    if len(state.winners) == 1:
        return f"{state.winners[0]} won with {best}"
    return f"{' and '.join(state.winners)} shared the win with {best}"


def _check_seat_entry(seat: str, cards: tuple[Card, ...] | None, points: int | None, deal: ContractRummyDeal,
                      rules: ContractRummyRules) -> None:
    if seat == deal.went_out:
        if cards:
            raise RuleViolation(
                "went_out_with_cards",
                f"{seat} is marked as going out, so {seat} has no cards left; remove {' '.join(c.code for c in cards)} "
                f"or pick the player who really went out.", f"cards_left.{seat}",
            )
        if points:
            raise RuleViolation(
                "went_out_with_cards",
                f"{seat} is marked as going out, so {seat} scores 0, not {points}; enter 0 or pick the player who "
                f"really went out.", f"penalty_points.{seat}",
            )
        return
    if cards is None and points is None:
        name = "penalty_points" if deal.cards_left is None and deal.penalty_points is not None else "cards_left"
        raise RuleViolation(
            "invalid", f"{seat} did not go out: enter {seat}'s cards left (cards_left) or penalty points "
            f"(penalty_points).", f"{name}.{seat}",
        )
    for empty, name, what in ((cards == (), "cards_left", "no cards"), (points == 0, "penalty_points", "0 points")):
        if not empty:
            continue
        if deal.went_out is None:
            raise RuleViolation(
                "went_out_missing", f"{seat} is reported with {what}, so {seat} went out: mark {seat} as the player "
                f"who went out.", "went_out",
            )
        raise RuleViolation(
            "exactly_one_player_out",
            f"Exactly one player goes out in a deal: {deal.went_out} is marked out, but {seat} is also reported with "
            f"{what}. Enter {seat}'s remaining {'cards' if name == 'cards_left' else 'penalty'}.",
            f"{name}.{seat}", went_out=deal.went_out,
        )
    if points is not None:
        _check_penalty(seat, points, rules)
        if cards is not None and rules.hand_value(cards) != points:
            worth = " + ".join(f"{card.code} {rules.card_values[card]}" for card in cards)
            raise RuleViolation(
                "penalty_mismatch",
                f"{seat}'s cards ({worth}) are worth {rules.hand_value(cards)}, not {points}.",
                f"penalty_points.{seat}", cards_value=rules.hand_value(cards), entered=points,
            )


def _check_penalty(seat: str, points: int, rules: ContractRummyRules) -> None:
    field = f"penalty_points.{seat}"
    if points < 0:
        reason = f"a penalty cannot be negative; {points} cannot happen."
    elif points < rules.min_penalty:
        reason = (
            f"{seat} still holds at least one card, worth {rules.min_penalty} or more; a penalty of {points} cannot "
            f"happen."
        )
    elif points % rules.penalty_step:
        reason = f"every card is worth a multiple of {rules.penalty_step} points; a penalty of {points} cannot happen."
    elif points > rules.pack_value:
        reason = f"the whole pack is worth {rules.pack_value}; a penalty of {points} cannot happen."
    else:
        return
    raise RuleViolation(
        "penalty_impossible", f"{seat} did not go out, so {reason}", field,
        minimum=rules.min_penalty, multiple_of=rules.penalty_step, maximum=rules.pack_value,
    )


def _check_card_counts(deal: ContractRummyDeal, rules: ContractRummyRules) -> None:
    seen: Counter[Card] = Counter()
    places = [(f"cards_left.{seat}", cards) for seat, cards in deal.cards_left or ()]
    places += [(f"melds[{index}].cards", meld.cards) for index, meld in enumerate(deal.melds or ())]
    for path, cards in places:
        for position, card in enumerate(cards):
            seen[card] += 1
            allowed = rules.copies_in_pack(card)
            if seen[card] > allowed:
                pack = describe_pack(rules.decks, rules.jokers)
                raise RuleViolation(
                    "card_count_exceeds_pack",
                    f"{card.code} is reported {seen[card]} times, but this match's pack ({pack}) has only {allowed} "
                    f"of it.", f"{path}[{position}]", card=card.code, in_pack=allowed,
                    copies_in_pack=allowed,  # deprecated: in_pack, as in every game
                )


def check_deal(state: ContractRummyState, deal: ContractRummyDeal, rules: ContractRummyRules) -> None:
    """Every check of §R.5 against the match so far; raises ``RuleViolation`` on the first that fails."""
    if state.match_over:
        raise RuleViolation(
            "match_already_finished",
            f"{GAME_NAME} has {rules.deals} deals and all {rules.deals} are recorded; {_won_words(state)}.",
            winners=list(state.winners),
        )
    number = state.deals_played + 1
    if rules.enforce_dealer_order and state.next_dealer is not None and deal.dealer != state.next_dealer:
        raise RuleViolation(
            "dealer_out_of_turn",
            f"{state.next_dealer} deals deal {number} (the deal passes to the left); {deal.dealer} was entered.",
            "dealer", expected_dealer=state.next_dealer, expected=state.next_dealer,  # expected: deprecated
        )
    if deal.went_out is None and not rules.allow_no_winner_deal:
        raise RuleViolation("went_out_missing", "Mark the player who went out.", "went_out")
    cards = dict(deal.cards_left or ())
    points = dict(deal.penalty_points or ())
    order = rules.seats if deal.went_out is None else (deal.went_out, *rules.seats)
    for seat in order:
        _check_seat_entry(seat, cards.get(seat), points.get(seat), deal, rules)
    _check_card_counts(deal, rules)
    if deal.melds is not None:
        if deal.went_out is None:
            raise RuleViolation(
                "invalid", "Melds are entered for the player who went out, and nobody went out in this deal.", "melds"
            )
        check_melds(
            deal.melds, rules.contracts[state.deals_played], number,
            min_set_length=rules.min_set_length, min_run_length=rules.min_run_length,
            distinct_suits_in_sets=rules.distinct_suits_in_sets,
            contract_runs_distinct_suits=rules.contract_runs_distinct_suits, decks=rules.decks,
        )
