"""Contract Rummy across a match: checking a deal (§R.5), scoring it (§R.3), totals, dealer and winners."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.cards import Card
from games.rules.contract_rummy.deals import ContractRummyDeal
from games.rules.contract_rummy.melds import check_melds, contract_words
from games.rules.contract_rummy.rules import GAME_NAME, ContractRummyRules, describe_pack
from games.rules.engine import DealOutcome
from games.rules.errors import RuleViolation


@dataclass(frozen=True)
class ContractRummyState:
    """Totals by seat (in seat order) after ``deals_played`` deals; the rest is derived with the rules at hand."""

    seats: tuple[str, ...]
    totals: tuple[int, ...]
    deals_played: int = 0
    next_dealer: str | None = None
    last_penalties: tuple[int, ...] | None = None
    next_deal: tuple[int, int, int, int] | None = None  # (number, sets, runs, cards dealt)
    match_over: bool = False
    winners: tuple[str, ...] = ()


def _schedule(rules: ContractRummyRules, deals_played: int) -> tuple[int, int, int, int] | None:
    if deals_played >= rules.deals:
        return None
    sets, runs = rules.contracts[deals_played]
    return (deals_played + 1, sets, runs, rules.cards_dealt[deals_played])


def _winners(rules: ContractRummyRules, totals: tuple[int, ...], last: tuple[int, ...] | None) -> tuple[str, ...]:
    """Lowest total wins; equal lowest totals share, unless the house breaks ties by the last deal's penalties."""
    best = min(totals)
    tied = [index for index, total in enumerate(totals) if total == best]
    if rules.winner_rule == "lowest_total_then_last_deal" and last is not None and len(tied) > 1:
        fewest = min(last[index] for index in tied)
        tied = [index for index in tied if last[index] == fewest]
    return tuple(rules.seats[index] for index in tied)


def initial_state(rules: ContractRummyRules) -> ContractRummyState:
    return ContractRummyState(seats=rules.seats, totals=(0,) * rules.players, next_deal=_schedule(rules, 0))


def is_over(state: ContractRummyState) -> bool:
    return state.match_over


def winners(state: ContractRummyState) -> tuple[str, ...]:
    """Empty until the last deal is in; then every seat sharing the win."""
    return state.winners


def next_dealer(dealer: str, rules: ContractRummyRules) -> str:
    """The deal passes to the left: the seat after the dealer."""
    seats = rules.seats
    return seats[(seats.index(dealer) + 1) % len(seats)]


def _hand_value(cards: tuple[Card, ...], rules: ContractRummyRules) -> int:
    values = rules.card_values
    return sum(values[card] for card in cards)


def deal_penalties(deal: ContractRummyDeal, rules: ContractRummyRules) -> tuple[int, ...]:
    """Penalty per seat: 0 for the player who went out, else the points entered or the value of the cards left."""
    cards = dict(deal.cards_left or ())
    points = dict(deal.penalty_points or ())
    penalties = []
    for seat in rules.seats:
        if seat == deal.went_out:
            penalties.append(0)
        elif seat in points:
            penalties.append(points[seat])
        else:
            penalties.append(_hand_value(cards.get(seat, ()), rules))
    return tuple(penalties)


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
        if cards is not None and _hand_value(cards, rules) != points:
            worth = " + ".join(f"{card.code} {rules.card_values[card]}" for card in cards)
            raise RuleViolation(
                "penalty_mismatch",
                f"{seat}'s cards ({worth}) are worth {_hand_value(cards, rules)}, not {points}.",
                f"penalty_points.{seat}", cards_value=_hand_value(cards, rules), entered=points,
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
                    f"of it.", f"{path}[{position}]", card=card.code, copies_in_pack=allowed,
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
            "dealer", expected=state.next_dealer,
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


def apply_deal(state: ContractRummyState, deal: ContractRummyDeal, rules: ContractRummyRules) -> ContractRummyState:
    """Fold an accepted deal into the state: totals, dealer to the left, and the winners after the last deal."""
    penalties = deal_penalties(deal, rules)
    totals = tuple(total + penalty for total, penalty in zip(state.totals, penalties, strict=True))
    played = state.deals_played + 1
    over = played >= rules.deals
    return ContractRummyState(
        seats=state.seats,
        totals=totals,
        deals_played=played,
        next_dealer=None if over else next_dealer(deal.dealer, rules),
        last_penalties=penalties,
        next_deal=_schedule(rules, played),
        match_over=over,
        winners=_winners(rules, totals, penalties) if over else (),
    )


def play_deal(state: ContractRummyState, deal: ContractRummyDeal, rules: ContractRummyRules) -> DealOutcome:
    check_deal(state, deal, rules)
    after = apply_deal(state, deal, rules)
    sets, runs = rules.contracts[state.deals_played]
    seats = rules.seats
    result = {
        "contract": {"sets": sets, "runs": runs},
        "contract_text": contract_words(sets, runs),
        "cards_dealt": rules.cards_dealt[state.deals_played],
        "went_out": deal.went_out,
        "penalties": dict(zip(seats, after.last_penalties or (), strict=True)),
        "totals_after": dict(zip(seats, after.totals, strict=True)),
        "next_dealer": after.next_dealer,
        "match_over": after.match_over,
        "winners": list(after.winners),
    }
    return DealOutcome(state=after, result=result)


def state_json(state: ContractRummyState) -> dict[str, Any]:
    next_deal = None
    if state.next_deal is not None:
        number, sets, runs, cards = state.next_deal
        next_deal = {"number": number, "contract": {"sets": sets, "runs": runs}, "cards_dealt": cards}
    return {
        "totals": dict(zip(state.seats, state.totals, strict=True)),
        "next_deal": next_deal,
        "next_dealer": state.next_dealer,
        "match_over": state.match_over,
        "winners": list(state.winners),
        "deals_played": state.deals_played,
        "last_penalties": None if state.last_penalties is None else dict(
            zip(state.seats, state.last_penalties, strict=True)
        ),
    }


def _by_seat(value: object, seats: tuple[str, ...], field: str) -> tuple[int, ...]:
    if not isinstance(value, Mapping) or set(value) != set(seats):
        raise RuleViolation("invalid", f"The stored {field} must have one whole number per seat.", f"state.{field}")
    numbers = tuple(value[seat] for seat in seats)
    if any(isinstance(number, bool) or not isinstance(number, int) for number in numbers):
        raise RuleViolation("invalid", f"The stored {field} must have one whole number per seat.", f"state.{field}")
    return numbers


def state_from_json(data: object, rules: ContractRummyRules) -> ContractRummyState:
    """Rebuild the state from ``state_json``; the derived parts are recomputed from the rules."""
    if not isinstance(data, Mapping):
        raise RuleViolation("invalid", "The stored state is not an object.", "state")
    seats = rules.seats
    totals = _by_seat(data.get("totals"), seats, "totals")
    played = data.get("deals_played", 0)
    if isinstance(played, bool) or not isinstance(played, int) or not 0 <= played <= rules.deals:
        raise RuleViolation("invalid", f"The stored deals_played must be 0 to {rules.deals}.", "state.deals_played")
    last_value = data.get("last_penalties")
    last = None if last_value is None else _by_seat(last_value, seats, "last_penalties")
    dealer = data.get("next_dealer")
    if dealer is not None and dealer not in seats:
        raise RuleViolation("invalid", "The stored next_dealer is not a seat.", "state.next_dealer")
    over = played >= rules.deals
    return ContractRummyState(
        seats=seats,
        totals=totals,
        deals_played=played,
        next_dealer=None if over else dealer,
        last_penalties=last,
        next_deal=_schedule(rules, played),
        match_over=over,
        winners=_winners(rules, totals, last) if over else (),
    )
