"""The ``GameEngine`` for Twenty-Eight: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.engine import EngineBase, GameEngine, Measure, PlayProgressKind, TurnDirection, headline_figures
from games.rules.shapes import Headline
from games.rules.sides import Sides
from games.rules.twenty_eight import auction, deal, progress, referee, scoring, settings, state
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

    tiebreak_measures: tuple[Measure, ...] = (("game_points", 1),)

    settings_spec = settings.SETTINGS
    rules_reader = staticmethod(settings.rules_from_settings)
    initial_state = staticmethod(state.initial_state)
    parse_deal = staticmethod(deal.parse_deal)
    deal_json = staticmethod(deal.deal_json)
    apply_deal = staticmethod(scoring.apply_deal)
    state_json = staticmethod(state.state_json)
    state_from_json = staticmethod(state.state_from_json)

    def side_scores(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, float]:
        """The game points each team holds."""
        return {team: float(points) for team, points in state_in["game_points"].items()}

    def side_measures(
        self, state_in: Mapping[str, Any], sides: Sides, settings_in: Mapping[str, Any]
    ) -> dict[str, dict[str, int]]:
        return {team: {"game_points": int(state_in["game_points"][team])} for team in sides}

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        return dict(result["game_points_after"])

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return result["game_points_delta"]

    def headline(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> Headline:
        winner = state_in["match_winner"]
        target = int(settings_in.get("target_game_points", settings.SETTINGS["target_game_points"].default))
        return headline_figures(
            "Game points", state_in["game_points"], winners=[winner] if winner else [], target=target
        )

    play_progress_kind: PlayProgressKind | None = "tricks"

    def play_progress(
        self, rules: TwentyEightRules, state_in: TwentyEightState, payload: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The tricks entered so far: each whole trick's winner, who plays next, the running tally by team."""
        return progress.play_progress(state_in, payload, rules)

    def entry_facts(self, rules: TwentyEightRules) -> dict[str, Any]:
        return {
            "auction": auction.auction_rules(rules),
            "card_points_total": t.TOTAL_CARD_POINTS,
            "bid_range": [rules.minimum_bid, t.MAX_BID],
            "card_points": dict(t.CARD_POINTS),
            "pack_ranks": list(t.RANK_ORDER),
            "trick_count": t.HAND_SIZE,
            "trick_orders": referee.trick_orders(),
        }

    def teams(self, rules: TwentyEightRules) -> dict[str, list[str]]:
        return settings.teams_json()

    def seats(self, rules: TwentyEightRules) -> tuple[str, ...]:
        return t.SEATS


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[TwentyEightRules, TwentyEightState, TwentyEightDeal] = TwentyEightEngine()
