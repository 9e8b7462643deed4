"""The Seep match state (shared/rules/seep.md §S.5-§S.6): running lead, baazis, next dealer; its JSON both ways."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation, bad_state
from games.rules.first_dealer import first_dealer_from_json, first_dealer_json
from games.rules.messages import msg
from games.rules.seep.settings import SeepRules
from games.rules.seep.shapes import SeepStateJson
from games.rules.seep.tables import SEATS, TEAM_NAMES, TEAM_SIGN
from games.rules.shapes import SignedPoints
from games.rules.sides import by_team

# Why the next dealer deals (kept in the state so a dealer_out_of_turn message can explain it).
SAME_DEALER_LEVEL = "level"
SAME_DEALER_BEHIND = "dealer_side_behind"
PASSED_RIGHT = "dealer_side_ahead"
AFTER_BAAZI = "after_baazi"
DEALER_REASONS: tuple[str, ...] = (SAME_DEALER_LEVEL, SAME_DEALER_BEHIND, PASSED_RIGHT, AFTER_BAAZI)


@dataclass(frozen=True, slots=True)
class SeepState:
    """The match after some deals. ``running_lead`` is signed: positive when team A leads."""

    running_lead: int = 0
    baazis_won: tuple[int, int] = (0, 0)
    next_dealer: str | None = None
    next_dealer_reason: str | None = None
    deals_played: int = 0
    match_over: bool = False
    match_winner: str | None = None
    match_drawn: bool = False
    first_dealer: str | None = None  # a drawn first dealer, before the first deal only (games.rules.first_dealer)


def initial_state(rules: SeepRules) -> SeepState:
    """Level, no baazis, any dealer: the house rules change nothing before the first deal."""
    return SeepState()


def is_over(state: SeepState) -> bool:
    return state.match_over


def winner(state: SeepState) -> str | None:
    return state.match_winner


# --- JSON ---------------------------------------------------------------------------------------------------


def signed_json(value: int) -> SignedPoints:
    """A signed lead or margin as ``{team, points}``: team A for positive, B for negative, null for 0."""
    team = None if value == 0 else ("A" if value > 0 else "B")
    return {"team": team, "points": abs(value)}


def state_json(state: SeepState) -> dict[str, Any]:
    shape: SeepStateJson = {
        "running_lead": signed_json(state.running_lead),
        "baazis_won": by_team(state.baazis_won),
        "next_dealer": state.next_dealer,
        "next_dealer_reason": state.next_dealer_reason,
        "deals_played": state.deals_played,
        "match_over": state.match_over,
        "match_winner": state.match_winner,
        "match_drawn": state.match_drawn,
    }
    return {**shape, **first_dealer_json(state.first_dealer)}


def _bad_state(field: str) -> RuleViolation:
    return bad_state(msg("The stored Seep state has a bad {field!r}.", field=field), field)


def _count(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _bad_state(field)
    return value


def _lead_from_json(value: object) -> int:
    if not isinstance(value, Mapping) or set(value) != {"team", "points"}:
        raise _bad_state("running_lead")
    points = _count(value["points"], "running_lead")
    team = value["team"]
    if (team is None) != (points == 0) or (team is not None and (not isinstance(team, str) or team not in TEAM_SIGN)):
        raise _bad_state("running_lead")
    return 0 if team is None else TEAM_SIGN[team] * points


def _optional_choice(value: object, choices: tuple[str, ...], field: str) -> str | None:
    if value is not None and value not in choices:
        raise _bad_state(field)
    return value if value is None else str(value)


def state_from_json(data: Mapping[str, Any], rules: SeepRules) -> SeepState:
    """The state back from ``state_json``; a damaged record raises ``RuleViolation`` (``invalid``)."""
    if not isinstance(data, Mapping):
        raise _bad_state("state")
    won = data.get("baazis_won")
    if not isinstance(won, Mapping) or set(won) != set(TEAM_NAMES):
        raise _bad_state("baazis_won")
    flags = [data.get(name, False) for name in ("match_over", "match_drawn")]
    if not all(isinstance(flag, bool) for flag in flags):
        raise _bad_state("match_over")
    state = SeepState(
        running_lead=_lead_from_json(data.get("running_lead")),
        baazis_won=(_count(won["A"], "baazis_won"), _count(won["B"], "baazis_won")),
        next_dealer=_optional_choice(data.get("next_dealer"), SEATS, "next_dealer"),
        next_dealer_reason=_optional_choice(data.get("next_dealer_reason"), DEALER_REASONS, "next_dealer_reason"),
        deals_played=_count(data.get("deals_played", 0), "deals_played"),
        match_over=flags[0],
        match_winner=_optional_choice(data.get("match_winner"), TEAM_NAMES, "match_winner"),
        match_drawn=flags[1],
        first_dealer=first_dealer_from_json(data, SEATS),
    )
    return state
