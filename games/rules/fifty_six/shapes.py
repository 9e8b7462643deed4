"""The JSON of a 56 match's state and of a deal's result (shared/rules/fifty_six.md; docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast


class Elimination(TypedDict):
    team: str
    reason: str


class NextDealCards(TypedDict):
    deck_size: int
    cards_per_player: int


# One payment of tables: ``from`` is a Python keyword, hence the functional form.
Transfer = TypedDict("Transfer", {"from": str, "to": str, "owed": int, "tables": int})


class ContractJson(TypedDict):
    bidder: str
    team: str
    points: int
    trump: str
    doubling: str
    forced: bool


class FiftySixStateJson(TypedDict):
    tables: dict[str, int]
    eliminated: list[Elimination]
    active_seats: list[str]
    next_deal_cards: NextDealCards | None
    next_dealer: str | None
    match_over: bool
    match_winner: str | None


class FiftySixResultJson(TypedDict):
    """The keys every deal's result has; the referee's record and the trump leads come with some deals."""

    contract: ContractJson | None
    made: bool | None
    band: str | None
    transfers: list[Transfer]
    tables_after: dict[str, int]
    eliminated: list[Elimination]
    active_seats_after: list[str]
    next_dealer: str | None
    match_winner: str | None


def stored_state(data: Mapping[str, Any]) -> FiftySixStateJson:
    """A state as ``state_json`` wrote it (a stored one was checked when the match was recorded)."""
    return cast(FiftySixStateJson, data)


def stored_result(data: Mapping[str, Any]) -> FiftySixResultJson:
    """A deal's result as the engine wrote it."""
    return cast(FiftySixResultJson, data)
