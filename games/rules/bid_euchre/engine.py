"""The ``GameEngine`` for Bid Euchre: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.bid_euchre import auction, deal, progress, referee, scoring, settings, state
from games.rules.bid_euchre.deal import BidEuchreDeal
from games.rules.bid_euchre.settings import BidEuchreRules
from games.rules.bid_euchre.shapes import stored_result, stored_state
from games.rules.bid_euchre.state import BidEuchreState
from games.rules.bid_euchre.tables import LONE_KINDS, PACK_RANKS, SEATS, TEAM_SEATS
from games.rules.engine import EngineBase, GameEngine, Measure, PlayProgressKind, TurnDirection, headline_figures
from games.rules.shapes import Headline
from games.rules.sides import Sides, other_side


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

    settings_spec = settings.SETTINGS
    rules_reader = staticmethod(settings.rules_from_settings)
    initial_state = staticmethod(state.initial_state)
    parse_deal = staticmethod(deal.parse_deal)
    deal_json = staticmethod(deal.deal_json)
    apply_deal = staticmethod(scoring.apply_deal)
    state_json = staticmethod(state.state_json)
    state_from_json = staticmethod(state.state_from_json)

    def side_measures(
        self, state_in: Mapping[str, Any], sides: Sides, settings_in: Mapping[str, Any]
    ) -> dict[str, dict[str, int]]:
        scores = stored_state(state_in)["scores"]
        return {team: {"points_difference": scores[team] - scores[other_side(team, sides)]} for team in sides}

    side_scores_lower_wins = False

    def side_scores(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, float]:
        """The points each team has, a match cut short counting as it stands."""
        return dict(stored_state(state_in)["scores"])

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        return dict(stored_result(result)["scores_after"])

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return stored_result(result)["deal_points"]

    def headline(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> Headline:
        stored = stored_state(state_in)
        winner = stored["match_winner"]
        return headline_figures(
            "Score", stored["scores"], winners=[winner] if winner else [], target=settings_in.get("target_score")
        )

    def offline_forecast(self, rules: BidEuchreRules, state_in: Mapping[str, Any], ahead: int) -> dict[str, Any]:
        """The deal passes to the left after every deal, whatever happened in it (§E.4)."""
        return {"dealer_after": {seat: state.next_dealer(seat) for seat in SEATS}, "next_deals": None}

    play_progress_kind: PlayProgressKind | None = "tricks"

    def play_progress(
        self, rules: BidEuchreRules, state_in: BidEuchreState, payload: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The tricks entered so far: each whole trick's winner, who plays next, the running tally by team."""
        return progress.play_progress(state_in, payload, rules)

    def entry_facts(self, rules: BidEuchreRules) -> dict[str, Any]:
        return {
            "auction": auction.auction_rules(rules),
            "pack_ranks": list(PACK_RANKS),
            # §E.3: the calls whose caller plays alone, the partner sitting out (no cards in the tricks, no renege)
            "partner_sits_out": [kind for kind in auction.LONE_RANK_ABOVE_TRICKS if kind in LONE_KINDS],
            "trick_orders": referee.trick_orders(),
            "tricks_per_deal": rules.tricks_per_deal,
        }

    def seats(self, rules: BidEuchreRules) -> tuple[str, ...]:
        return SEATS

    def teams(self, rules: BidEuchreRules) -> dict[str, list[str]]:
        return {team: list(seats) for team, seats in TEAM_SEATS.items()}


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[BidEuchreRules, BidEuchreState, BidEuchreDeal] = BidEuchreEngine()
