"""The Twenty-Eight match state (shared/rules/twenty_eight.md §T.5, §T.6): game points, the next dealer, the winner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.rules.errors import RuleViolation
from games.rules.first_dealer import first_dealer_from_json, first_dealer_json
from games.rules.messages import msg
from games.rules.seats import seat_after
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.settings import TwentyEightRules


@dataclass(frozen=True, slots=True)
class TwentyEightState:
    """Each team's game points (A, B), who deals next (None before the first deal and after the end), the winner."""

    game_points: tuple[int, int] = (0, 0)
    next_dealer: str | None = None
    match_winner: str | None = None
    first_dealer: str | None = None  # a drawn first dealer, before the first deal only (games.rules.first_dealer)

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None

    def points_of(self, team: str) -> int:
        return self.game_points[t.TEAM_NAMES.index(team)]

    def points_json(self) -> dict[str, int]:
        return dict(zip(t.TEAM_NAMES, self.game_points, strict=True))


def initial_state(rules: TwentyEightRules) -> TwentyEightState:
    return TwentyEightState()


def next_dealer(dealer: str) -> str:
    """§T.6: the deal passes to the right, the next seat in order of play."""
    return seat_after(dealer, t.SEATS)


def winner_after(team: str, total: int, rules: TwentyEightRules) -> str | None:
    """§T.5: the bidding team wins at +target; at -target it loses (with ``lose_at_minus_target``)."""
    if total >= rules.target_game_points:
        return team
    if rules.lose_at_minus_target and total <= -rules.target_game_points:
        return next(other for other in t.TEAM_NAMES if other != team)
    return None


def state_json(state: TwentyEightState) -> dict[str, Any]:
    return {
        "game_points": state.points_json(),
        "next_dealer": state.next_dealer,
        "match_over": state.match_over,
        "match_winner": state.match_winner,
        **first_dealer_json(state.first_dealer),
    }


def _damaged(key: str) -> RuleViolation:
    return RuleViolation(
        "invalid", msg("The stored Twenty-Eight match state has a bad {field}.", field=key), f"state.{key}"
    )


def state_from_json(data: Mapping[str, Any], rules: TwentyEightRules) -> TwentyEightState:
    """Rebuild the state from ``state_json``; anything inconsistent is refused (``invalid`` on ``state.<key>``)."""
    if not isinstance(data, Mapping):
        raise RuleViolation("invalid", msg("The stored state is not an object."), "state")
    points = data.get("game_points")
    if (
        not isinstance(points, Mapping)
        or sorted(map(str, points)) != list(t.TEAM_NAMES)
        or any(isinstance(points[team], bool) or not isinstance(points[team], int) for team in t.TEAM_NAMES)
    ):
        raise _damaged("game_points")
    totals = (int(points["A"]), int(points["B"]))
    winner = data.get("match_winner")
    if winner is not None and winner not in t.TEAM_NAMES:
        raise _damaged("match_winner")
    dealer = data.get("next_dealer")
    if dealer is not None and (dealer not in t.SEATS or winner is not None):
        raise _damaged("next_dealer")
    if data.get("match_over", winner is not None) != (winner is not None):
        raise _damaged("match_over")
    return TwentyEightState(totals, dealer, winner, first_dealer_from_json(data, t.SEATS))
