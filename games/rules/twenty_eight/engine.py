"""The ``GameEngine`` for Twenty-Eight: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.engine import DealOutcome, EngineBase, GameEngine, Sides, TurnDirection, headline_figures
from games.rules.settings_spec import SettingsSpec
from games.rules.twenty_eight import deal, scoring, settings, state
from games.rules.twenty_eight import tables as t
from games.rules.twenty_eight.deal import TwentyEightDeal
from games.rules.twenty_eight.settings import TwentyEightRules
from games.rules.twenty_eight.state import TwentyEightState


class TwentyEightEngine(EngineBase[TwentyEightRules, TwentyEightState, TwentyEightDeal]):
    """The ``GameEngine`` for ``twenty_eight``."""

    key = "twenty_eight"
    rules_file = "twenty_eight.md"
    turn_direction: TurnDirection = "counter_clockwise"  # twenty_eight.md §T.6: the deal passes to the right
    display_name = "Twenty-Eight"
    player_counts: tuple[int, ...] = t.PLAYER_COUNTS
    default_player_count = t.PLAYERS

    result_keys: tuple[str, ...] = (
        "contract",
        "target",
        "pair",
        "bidding_team_card_points",
        "made",
        "band",
        "game_points_delta",
        "game_points_after",
        "next_dealer",
        "match_over",
        "match_winner",
    )

    @property
    def settings_spec(self) -> SettingsSpec:
        return settings.SETTINGS

    def side_scores(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, float]:
        """The game points each team holds."""
        return {team: float(points) for team, points in state_in["game_points"].items()}

    def side_measures(
        self, state_in: Mapping[str, Any], sides: Sides, settings_in: Mapping[str, Any]
    ) -> dict[str, dict[str, int]]:
        return {team: {"game_points": int(state_in["game_points"][team])} for team in sides}

    tiebreak_measures = (("game_points", 1),)

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        return dict(result["game_points_after"])

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return result["game_points_delta"]

    def headline(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, Any]:
        winner = state_in["match_winner"]
        target = int(settings_in.get("target_game_points", settings.SETTINGS["target_game_points"].default))
        return headline_figures(
            "Game points", state_in["game_points"], winners=[winner] if winner else [], target=target
        )

    def rules_from_settings(self, settings_in: Mapping[str, Any], player_count: int) -> TwentyEightRules:
        return settings.rules_from_settings(settings_in, player_count)

    def settings_json(self, rules: TwentyEightRules) -> dict[str, Any]:
        return settings.settings_json(rules)

    def entry_facts(self, rules: TwentyEightRules) -> dict[str, Any]:
        return {"card_points_total": t.TOTAL_CARD_POINTS, "bid_range": [rules.minimum_bid, t.MAX_BID]}

    def teams(self, rules: TwentyEightRules) -> dict[str, list[str]]:
        return settings.teams_json()

    def seats(self, rules: TwentyEightRules) -> tuple[str, ...]:
        return t.SEATS

    def initial_state(self, rules: TwentyEightRules) -> TwentyEightState:
        return state.initial_state(rules)

    def parse_deal(self, payload: Mapping[str, Any], rules: TwentyEightRules) -> TwentyEightDeal:
        return deal.parse_deal(payload, rules)

    def deal_json(self, report: TwentyEightDeal) -> dict[str, Any]:
        return deal.deal_json(report)

    def play_deal(self, before: TwentyEightState, report: TwentyEightDeal, rules: TwentyEightRules) -> DealOutcome:
        return scoring.apply_deal(before, report, rules)

    def state_json(self, match_state: TwentyEightState) -> dict[str, Any]:
        return state.state_json(match_state)

    def state_from_json(self, data: Mapping[str, Any], rules: TwentyEightRules) -> TwentyEightState:
        return state.state_from_json(data, rules)


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[TwentyEightRules, TwentyEightState, TwentyEightDeal] = TwentyEightEngine()
