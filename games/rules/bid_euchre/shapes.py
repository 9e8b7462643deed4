"""The JSON of a Bid Euchre match's state and of a deal's result (shared/rules/bid_euchre.md; docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast


class ContractJson(TypedDict):
    bidder: str
    team: str
    kind: str
    trump: str | None
    tricks_bid: int


class BidEuchreStateJson(TypedDict):
    scores: dict[str, int]
    tiebreak_deal_required: bool
    next_dealer: str | None
    match_over: bool
    match_winner: str | None


class BidEuchreResultJson(TypedDict):
    """The keys every deal's result has; ``renege_awards`` and the referee's record come with some deals."""

    outcome: str
    contract: ContractJson | None
    made: bool | None
    deal_points: dict[str, int]
    renege_penalties: dict[str, int]
    scores_after: dict[str, int]
    next_dealer: str | None
    match_winner: str | None
    tiebreak_deal_required: bool


def stored_state(data: Mapping[str, Any]) -> BidEuchreStateJson:
    """A state as ``state_json`` wrote it (a stored one was checked when the match was recorded)."""
    return cast(BidEuchreStateJson, data)


def stored_result(data: Mapping[str, Any]) -> BidEuchreResultJson:
    """A deal's result as the engine wrote it."""
    return cast(BidEuchreResultJson, data)
