"""The ``GameEngine`` for Seep: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.engine import DealOutcome, EngineBase, GameEngine
from games.rules.seep import deal, plays, referee, scoring, settings, state
from games.rules.seep.deal import SeepDeal
from games.rules.seep.settings import SeepRules
from games.rules.seep.state import SeepState
from games.rules.seep.tables import PLAYER_COUNT, SEATS, teams
from games.rules.settings_spec import SettingsSpec


class SeepEngine(EngineBase[SeepRules, SeepState, SeepDeal]):
    """The ``GameEngine`` for ``seep``."""

    key = "seep"
    rules_file = "seep.md"
    display_name = "Seep"
    player_counts: tuple[int, ...] = (PLAYER_COUNT,)
    default_player_count = PLAYER_COUNT

    @property
    def settings_spec(self) -> SettingsSpec:
        return settings.SETTINGS

    def seats(self, rules: SeepRules) -> tuple[str, ...]:
        return SEATS

    def rules_from_settings(self, settings_in: Mapping[str, Any], player_count: int) -> SeepRules:
        return settings.rules_from_settings(settings_in, player_count)

    def settings_json(self, rules: SeepRules) -> dict[str, Any]:
        return settings.settings_json(rules)

    def teams(self, rules: SeepRules) -> dict[str, list[str]]:
        return teams()

    def initial_state(self, rules: SeepRules) -> SeepState:
        return state.initial_state(rules)

    def parse_deal(self, payload: Mapping[str, Any], rules: SeepRules) -> SeepDeal:
        return plays.parse_deal(payload, rules)

    def deal_json(self, report: SeepDeal) -> dict[str, Any]:
        """The deal normalized; a deal with plays also shows each play's seat and the takes and house inferred."""
        return deal.deal_json(referee.resolved(report))

    def play_deal(self, before: SeepState, report: SeepDeal, rules: SeepRules) -> DealOutcome:
        return scoring.apply_deal(before, report, rules)

    def state_json(self, match_state: SeepState) -> dict[str, Any]:
        return state.state_json(match_state)

    def state_from_json(self, data: Mapping[str, Any], rules: SeepRules) -> SeepState:
        return state.state_from_json(data, rules)


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[SeepRules, SeepState, SeepDeal] = SeepEngine()
