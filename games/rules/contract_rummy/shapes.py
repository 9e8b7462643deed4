"""The JSON of a Contract Rummy match's state and of a deal's result (shared/rules/contract_rummy.md; docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast


class ContractJson(TypedDict):
    sets: int
    runs: int


class NextDeal(TypedDict):
    number: int
    contract: ContractJson
    cards_dealt: int


class ContractRummyStateJson(TypedDict):
    totals: dict[str, int]
    next_deal: NextDeal | None
    next_dealer: str | None
    match_over: bool
    winners: list[str]
    deals_played: int
    last_penalties: dict[str, int] | None


class ContractRummyResultJson(TypedDict):
    contract: ContractJson
    contract_text: str
    cards_dealt: int
    went_out: str | None
    penalties: dict[str, int]
    totals_after: dict[str, int]
    next_dealer: str | None
    match_over: bool
    winners: list[str]


def stored_state(data: Mapping[str, Any]) -> ContractRummyStateJson:
    """A state as ``state_json`` wrote it (a stored one was checked when the match was recorded)."""
    return cast(ContractRummyStateJson, data)


def stored_result(data: Mapping[str, Any]) -> ContractRummyResultJson:
    """A deal's result as the engine wrote it."""
    return cast(ContractRummyResultJson, data)
