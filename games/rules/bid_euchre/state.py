"""The Bid Euchre match state (shared/rules/bid_euchre.md §E.4): the scores, the next dealer, the winner; its JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.shapes import BidEuchreStateJson
from games.rules.bid_euchre.tables import NEXT_SEAT, SEATS, TEAMS
from games.rules.errors import RuleViolation, bad_state
from games.rules.first_dealer import first_dealer_from_json, first_dealer_json
from games.rules.messages import msg
from games.rules.sides import by_team


@dataclass(frozen=True)
class BidEuchreState:
    """The match so far: scores ``(A, B)``; ``next_dealer`` is None before the first deal and once it is over."""

    scores: tuple[int, int] = (0, 0)
    next_dealer: str | None = None
    tiebreak_deal_required: bool = False
    match_winner: str | None = None
    first_dealer: str | None = None  # a drawn first dealer, before the first deal only (games.rules.first_dealer)

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None


def initial_state(rules: BidEuchreRules) -> BidEuchreState:
    """Nil all, any dealer: the house rules change nothing before the first deal."""
    return BidEuchreState()


def next_dealer(dealer: str) -> str:
    """The deal passes to the left (the next seat clockwise) after every deal (§E.4)."""
    return NEXT_SEAT[dealer]


def is_over(state: BidEuchreState) -> bool:
    return state.match_over


def winner(state: BidEuchreState) -> str | None:
    return state.match_winner


def state_json(state: BidEuchreState) -> dict[str, Any]:
    shape: BidEuchreStateJson = {
        "scores": by_team(state.scores),
        "tiebreak_deal_required": state.tiebreak_deal_required,
        "next_dealer": state.next_dealer,
        "match_over": state.match_over,
        "match_winner": state.match_winner,
    }
    return {**shape, **first_dealer_json(state.first_dealer)}


def _bad_state(field: str) -> RuleViolation:
    return bad_state(msg("The stored Bid Euchre match state has a bad {field}.", field=field), field)


def state_from_json(data: object, rules: BidEuchreRules) -> BidEuchreState:
    """The state back from ``state_json`` (checked, since it crosses a database)."""
    if not isinstance(data, Mapping):
        raise _bad_state("object")
    scores = data.get("scores")
    if (
        not isinstance(scores, Mapping)
        or set(scores) != set(TEAMS)
        or not all(isinstance(scores[team], int) and not isinstance(scores[team], bool) for team in TEAMS)
    ):
        raise _bad_state("scores")
    dealer, winner_team = data.get("next_dealer"), data.get("match_winner")
    if dealer is not None and dealer not in SEATS:
        raise _bad_state("next_dealer")
    if winner_team is not None and winner_team not in TEAMS:
        raise _bad_state("match_winner")
    tiebreak = data.get("tiebreak_deal_required", False)
    if not isinstance(tiebreak, bool):
        raise _bad_state("tiebreak_deal_required")
    first = first_dealer_from_json(data, SEATS)
    return BidEuchreState((scores["A"], scores["B"]), dealer, tiebreak, winner_team, first)
