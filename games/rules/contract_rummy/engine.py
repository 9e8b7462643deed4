"""The ``GameEngine`` for Contract Rummy: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.contract_rummy import deal, scoring, settings, state
from games.rules.contract_rummy.deal import ContractRummyDeal
from games.rules.contract_rummy.settings import ContractRummyRules
from games.rules.contract_rummy.shapes import stored_result, stored_state
from games.rules.contract_rummy.state import ContractRummyState
from games.rules.engine import EngineBase, GameEngine, Measure, TurnDirection, headline_figures
from games.rules.shapes import Headline
from games.rules.sides import Sides


class ContractRummyEngine(EngineBase[ContractRummyRules, ContractRummyState, ContractRummyDeal]):
    """The ``GameEngine`` for ``contract_rummy``."""

    key = "contract_rummy"
    rules_file = "contract_rummy.md"
    turn_direction: TurnDirection = "clockwise"  # contract_rummy.md: the deal passes to the left, dealt clockwise
    display_name = "Contract Rummy"
    player_counts: tuple[int, ...] = tuple(range(settings.MIN_PLAYERS, settings.MAX_PLAYERS + 1))
    default_player_count = 4
    player_counts_under_settings: tuple[tuple[int, Mapping[str, Any]], ...] = (
        (settings.MIN_PLAYERS_WITH_TWO, {"allow_two_players": True}),
    )

    result_keys: tuple[str, ...] = (
        "contract",
        "contract_text",
        "cards_dealt",
        "went_out",
        "penalties",
        "totals_after",
        "next_dealer",
        "match_over",
        "winners",
    )
    tiebreak_measures: tuple[Measure, ...] = (("penalty_points", -1),)

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
        totals = stored_state(state_in)["totals"]
        return {seat: {"penalty_points": totals[seat]} for seat in sides}

    def side_places(self, state_in: Mapping[str, Any], sides: Sides) -> dict[str, int]:
        """1 plus the number of players with a lower total: equal totals share a place."""
        totals = stored_state(state_in)["totals"]
        return {seat: 1 + sum(1 for other in totals.values() if other < totals[seat]) for seat in sides}

    side_scores_lower_wins = True

    def side_scores(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, float]:
        """Each player's penalty total: the lowest is the best."""
        return dict(stored_state(state_in)["totals"])

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        return dict(stored_result(result)["totals_after"])

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return stored_result(result)["penalties"]

    def headline(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> Headline:
        stored = stored_state(state_in)
        return headline_figures("Penalty points", stored["totals"], winners=list(stored["winners"]), lower_wins=True)

    def offline_forecast(self, rules: ContractRummyRules, state_in: Mapping[str, Any], ahead: int) -> dict[str, Any]:
        """The deal passes to the left whatever happened, and the contracts follow the schedule by deal number: the
        next deals after the state's ``next_deal``, in its shape."""
        played = int(state_in.get("deals_played", 0))
        return {
            "dealer_after": {seat: state.next_dealer(seat, rules) for seat in rules.seats},
            "next_deals": [state.next_deal_json(state.schedule(rules, played + step)) for step in range(1, ahead + 1)],
        }

    def seats(self, rules: ContractRummyRules) -> tuple[str, ...]:
        return rules.seats

    def teams(self, rules: ContractRummyRules) -> dict[str, list[str]] | None:
        return None


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[ContractRummyRules, ContractRummyState, ContractRummyDeal] = ContractRummyEngine()
