"""The JSON of a Seep match's state and of a deal's result (shared/rules/seep.md; docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from games.rules.shapes import SignedPoints


class Baazi(TypedDict):
    winner: str
    reason: str


class SeepStateJson(TypedDict):
    running_lead: SignedPoints
    baazis_won: dict[str, int]
    next_dealer: str | None
    next_dealer_reason: str | None
    deals_played: int
    match_over: bool
    match_winner: str | None
    match_drawn: bool


class SeepResultJson(TypedDict):
    """The keys every deal's result has; a deal entered with its plays adds the referee's record."""

    throw_ins: int
    card_points: dict[str, int]
    team_scores: dict[str, int]
    deal_margin: SignedPoints
    running_lead: SignedPoints
    baazi: Baazi | None
    baazis_won: dict[str, int]
    next_dealer: str | None
    match_over: bool
    match_winner: str | None


def stored_state(data: Mapping[str, Any]) -> SeepStateJson:
    """A state as ``state_json`` wrote it (a stored one was checked when the match was recorded)."""
    return cast(SeepStateJson, data)


def stored_result(data: Mapping[str, Any]) -> SeepResultJson:
    """A deal's result as the engine wrote it."""
    return cast(SeepResultJson, data)
