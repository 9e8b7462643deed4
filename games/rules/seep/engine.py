"""The ``GameEngine`` for Seep: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.engine import DealOutcome
from games.rules.seep import checks, deal, plays, referee, rules, scoring, tally


class SeepEngine:
    key = "seep"
    rules_file = "seep.md"

    def rules_from_settings(self, settings: Mapping[str, Any], player_count: int) -> rules.SeepRules:
        return rules.rules_from_settings(settings, player_count)

    def settings_json(self, game_rules: rules.SeepRules) -> dict[str, Any]:
        return rules.settings_json(game_rules)

    def teams(self, game_rules: rules.SeepRules) -> dict[str, list[str]]:
        return rules.teams()

    def initial_state(self, game_rules: rules.SeepRules) -> scoring.SeepState:
        return scoring.SeepState()

    def parse_deal(self, payload: Mapping[str, Any], game_rules: rules.SeepRules) -> deal.SeepDeal:
        return plays.parse_deal(payload, game_rules)

    def deal_json(self, seep_deal: deal.SeepDeal) -> dict[str, Any]:
        """The deal normalized; a deal with plays also shows each play's seat and the takes and house inferred."""
        return deal.deal_json(referee.resolved(seep_deal))

    def play_deal(self, state: scoring.SeepState, seep_deal: deal.SeepDeal, game_rules: rules.SeepRules) -> DealOutcome:
        checks.check_deal(state, seep_deal, game_rules)
        if seep_deal.plays is None:
            new_state, result = scoring.fold_deal(state, seep_deal, game_rules)
            return DealOutcome(new_state, scoring.result_json(result))
        record, derived = referee.referee_deal(seep_deal, game_rules)
        new_state, result = scoring.fold_deal(state, tally.scored_deal(seep_deal, derived), game_rules)
        return DealOutcome(new_state, {**scoring.result_json(result), **tally.record_json(record, derived)})

    def state_json(self, state: scoring.SeepState) -> dict[str, Any]:
        return scoring.state_json(state)

    def state_from_json(self, data: Mapping[str, Any], game_rules: rules.SeepRules) -> scoring.SeepState:
        return scoring.state_from_json(data, game_rules)


ENGINE = SeepEngine()
