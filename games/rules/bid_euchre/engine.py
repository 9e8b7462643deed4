"""The ``GameEngine`` for Bid Euchre: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.bid_euchre import deal, referee, scoring, settings, state
from games.rules.bid_euchre.deal import BidEuchreDeal
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.state import BidEuchreState
from games.rules.bid_euchre.tables import PACK_RANKS, SEATS, TEAM_SEATS
from games.rules.engine import DealOutcome, EngineBase, GameEngine, Measure, Sides, TurnDirection, headline_figures
from games.rules.outcomes import other_side
from games.rules.settings_spec import SettingsSpec


class BidEuchreEngine(EngineBase[BidEuchreRules, BidEuchreState, BidEuchreDeal]):
    """The ``GameEngine`` for ``bid_euchre``."""

    key = "bid_euchre"
    rules_file = "bid_euchre.md"
    turn_direction: TurnDirection = "clockwise"  # bid_euchre.md: bidding goes clockwise from the dealer's left
    display_name = "Bid Euchre"
    player_counts: tuple[int, ...] = (4,)
    default_player_count = 4

    result_keys: tuple[str, ...] = (
        "outcome",
        "contract",
        "made",
        "deal_points",
        "renege_penalties",
        "scores_after",
        "next_dealer",
        "match_winner",
        "tiebreak_deal_required",
    )
    tiebreak_measures: tuple[Measure, ...] = (("points_difference", 1),)

    @property
    def settings_spec(self) -> SettingsSpec:
        return settings.SETTINGS

    def side_measures(
        self, state_in: Mapping[str, Any], sides: Sides, settings_in: Mapping[str, Any]
    ) -> dict[str, dict[str, int]]:
        scores = state_in["scores"]
        return {team: {"points_difference": scores[team] - scores[other_side(team, sides)]} for team in sides}

    side_scores_lower_wins = False

    def side_scores(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, float]:
        """The points each team has, a match cut short counting as it stands."""
        return dict(state_in["scores"])

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        return dict(result["scores_after"])

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return result["deal_points"]

    def headline(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, Any]:
        winner = state_in["match_winner"]
        return headline_figures(
            "Score", state_in["scores"], winners=[winner] if winner else [], target=settings_in.get("target_score")
        )

    def offline_forecast(self, rules: BidEuchreRules, state_in: Mapping[str, Any], ahead: int) -> dict[str, Any]:
        """The deal passes to the left after every deal, whatever happened in it (§E.4)."""
        return {"dealer_after": {seat: state.next_dealer(seat) for seat in SEATS}, "next_deals": None}

    def entry_facts(self, rules: BidEuchreRules) -> dict[str, Any]:
        return {"pack_ranks": list(PACK_RANKS), "trick_orders": referee.trick_orders()}

    def seats(self, rules: BidEuchreRules) -> tuple[str, ...]:
        return SEATS

    def rules_from_settings(self, settings_in: Mapping[str, Any], player_count: int) -> BidEuchreRules:
        return settings.rules_from_settings(settings_in, player_count)

    def settings_json(self, rules: BidEuchreRules) -> dict[str, Any]:
        return settings.settings_json(rules)

    def teams(self, rules: BidEuchreRules) -> dict[str, list[str]]:
        return {team: list(seats) for team, seats in TEAM_SEATS.items()}

    def initial_state(self, rules: BidEuchreRules) -> BidEuchreState:
        return state.initial_state(rules)

    def parse_deal(self, payload: Mapping[str, Any], rules: BidEuchreRules) -> BidEuchreDeal:
        return deal.parse_deal(payload, rules)

    def deal_json(self, report: BidEuchreDeal) -> dict[str, Any]:
        return deal.deal_json(report)

    def play_deal(self, before: BidEuchreState, report: BidEuchreDeal, rules: BidEuchreRules) -> DealOutcome:
        return scoring.apply_deal(before, report, rules)

    def state_json(self, match_state: BidEuchreState) -> dict[str, Any]:
        return state.state_json(match_state)

    def state_from_json(self, data: Mapping[str, Any], rules: BidEuchreRules) -> BidEuchreState:
        return state.state_from_json(data, rules)


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[BidEuchreRules, BidEuchreState, BidEuchreDeal] = BidEuchreEngine()
