"""The Contract Rummy match state (shared/rules/contract_rummy.md §R.6): totals, the next deal and dealer, the
winners; its JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.contract_rummy.settings import ContractRummyRules
from games.rules.contract_rummy.shapes import ContractRummyStateJson, NextDeal
from games.rules.errors import RuleViolation, bad_state
from games.rules.first_dealer import first_dealer_from_json, first_dealer_json
from games.rules.messages import msg


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
    first_dealer: str | None = None  # a drawn first dealer, before the first deal only (games.rules.first_dealer)


def schedule(rules: ContractRummyRules, deals_played: int) -> tuple[int, int, int, int] | None:
    if deals_played >= rules.deals:
        return None
    sets, runs = rules.contracts[deals_played]
    return (deals_played + 1, sets, runs, rules.cards_dealt[deals_played])


def match_winners(rules: ContractRummyRules, totals: tuple[int, ...], last: tuple[int, ...] | None) -> tuple[str, ...]:
    """Lowest total wins; equal lowest totals share, unless the house breaks ties by the last deal's penalties."""
    best = min(totals)
    tied = [index for index, total in enumerate(totals) if total == best]
    if rules.winner_rule == "lowest_total_then_last_deal" and last is not None and len(tied) > 1:
        fewest = min(last[index] for index in tied)
        tied = [index for index in tied if last[index] == fewest]
    return tuple(rules.seats[index] for index in tied)


def initial_state(rules: ContractRummyRules) -> ContractRummyState:
    return ContractRummyState(seats=rules.seats, totals=(0,) * rules.players, next_deal=schedule(rules, 0))


def is_over(state: ContractRummyState) -> bool:
    return state.match_over


def winners(state: ContractRummyState) -> tuple[str, ...]:
    """Empty until the last deal is in; then every seat sharing the win."""
    return state.winners


def next_dealer(dealer: str, rules: ContractRummyRules) -> str:
    """The deal passes to the left: the seat after the dealer."""
    seats = rules.seats
    return seats[(seats.index(dealer) + 1) % len(seats)]


def next_deal_json(scheduled: tuple[int, int, int, int] | None) -> NextDeal | None:
    """A scheduled deal as the state's ``next_deal``: its number, contract and cards dealt (null past the last)."""
    if scheduled is None:
        return None
    number, sets, runs, cards = scheduled
    return {"number": number, "contract": {"sets": sets, "runs": runs}, "cards_dealt": cards}


def state_json(state: ContractRummyState) -> dict[str, Any]:
    shape: ContractRummyStateJson = {
        "totals": dict(zip(state.seats, state.totals, strict=True)),
        "next_deal": next_deal_json(state.next_deal),
        "next_dealer": state.next_dealer,
        "match_over": state.match_over,
        "winners": list(state.winners),
        "deals_played": state.deals_played,
        "last_penalties": None
        if state.last_penalties is None
        else dict(zip(state.seats, state.last_penalties, strict=True)),
    }
    return {**shape, **first_dealer_json(state.first_dealer)}


def _by_seat(value: object, seats: tuple[str, ...], field: str) -> tuple[int, ...]:
    numbers = tuple(value[seat] for seat in seats) if isinstance(value, Mapping) and set(value) == set(seats) else ()
    if not numbers or any(isinstance(number, bool) or not isinstance(number, int) for number in numbers):
        raise bad_state(msg("The stored {field} must have one whole number per seat.", field=field), field)
    return numbers


def state_from_json(data: object, rules: ContractRummyRules) -> ContractRummyState:
    """Rebuild the state from ``state_json``; the derived parts are recomputed from the rules."""
    if not isinstance(data, Mapping):
        raise RuleViolation("invalid", msg("The stored state is not an object."), "state")
    seats = rules.seats
    totals = _by_seat(data.get("totals"), seats, "totals")
    played = data.get("deals_played", 0)
    if isinstance(played, bool) or not isinstance(played, int) or not 0 <= played <= rules.deals:
        raise RuleViolation(
            "invalid",
            msg(
                "The stored deals_played must be 0 to {deals}.",
                deals=rules.deals,
            ),
            "state.deals_played",
        )
    last_value = data.get("last_penalties")
    last = None if last_value is None else _by_seat(last_value, seats, "last_penalties")
    dealer = data.get("next_dealer")
    if dealer is not None and dealer not in seats:
        raise bad_state(msg("The stored next_dealer is not a seat."), "next_dealer")
    over = played >= rules.deals
    return ContractRummyState(
        seats=seats,
        totals=totals,
        deals_played=played,
        next_dealer=None if over else dealer,
        last_penalties=last,
        next_deal=schedule(rules, played),
        match_over=over,
        winners=match_winners(rules, totals, last) if over else (),
        first_dealer=first_dealer_from_json(data, seats),
    )
