"""The ``GameEngine`` for 56: a thin class over the pure functions of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.engine import EngineBase, GameEngine, Measure, PlayProgressKind, TurnDirection, headline_figures
from games.rules.fifty_six import auction, deal, progress, referee, scoring, settings, state
from games.rules.fifty_six import tables as t
from games.rules.fifty_six.deal import FiftySixDeal
from games.rules.fifty_six.settings import FiftySixRules
from games.rules.fifty_six.shapes import stored_result, stored_state
from games.rules.fifty_six.state import FiftySixState
from games.rules.shapes import Headline
from games.rules.sides import Sides


class FiftySixEngine(EngineBase[FiftySixRules, FiftySixState, FiftySixDeal]):
    """The ``GameEngine`` for ``fifty_six``."""

    key = "fifty_six"
    rules_file = "fifty_six.md"
    turn_direction: TurnDirection = "counter_clockwise"  # fifty_six.md: deal, bidding and play pass to the right
    display_name = "56"
    player_counts: tuple[int, ...] = t.PLAYER_COUNTS
    default_player_count = 4

    result_keys: tuple[str, ...] = (
        "contract",
        "made",
        "band",
        "transfers",
        "tables_after",
        "eliminated",
        "active_seats_after",
        "next_dealer",
        "match_winner",
    )
    tiebreak_measures: tuple[Measure, ...] = (("net_tables", 1),)

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
        """Tables won over the start: a match pinned before ``starting_tables`` was a setting started at 12."""
        start = int(settings_in.get("starting_tables", settings.SETTINGS["starting_tables"].default))
        tables = stored_state(state_in)["tables"]
        return {team: {"net_tables": tables[team] - start} for team in sides}

    def side_places(self, state_in: Mapping[str, Any], sides: Sides) -> dict[str, int]:
        """The winner first, then the teams in reverse order of going out (the last one out came second)."""
        out_order = [entry["team"] for entry in stored_state(state_in).get("eliminated", [])]
        places = {team: 1 for team in sides if team not in out_order}
        for position, team in enumerate(reversed(out_order)):
            places[team] = 2 + position
        return places

    side_scores_lower_wins = False

    def side_scores(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> dict[str, float]:
        """The tables each team holds (an eliminated team holds none)."""
        return dict(stored_state(state_in)["tables"])

    def running_score(self, result: Mapping[str, Any]) -> dict[str, Any]:
        return dict(stored_result(result)["tables_after"])

    def deal_score(self, result: Mapping[str, Any]) -> Any:
        return stored_result(result)["transfers"]

    def headline(self, state_in: Mapping[str, Any], settings_in: Mapping[str, Any]) -> Headline:
        stored = stored_state(state_in)
        winner = stored["match_winner"]
        return headline_figures(
            "Tables", stored["tables"], winners=[winner] if winner else [], in_danger=in_danger(stored, settings_in)
        )

    def seats(self, rules: FiftySixRules) -> tuple[str, ...]:
        return rules.seats

    play_progress_kind: PlayProgressKind | None = "tricks"

    def play_progress(
        self, rules: FiftySixRules, state_in: FiftySixState, payload: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The tricks entered so far: each whole trick's winner, who plays next, the running tally by team."""
        return progress.play_progress(state_in, payload, rules)

    def entry_facts(self, rules: FiftySixRules) -> dict[str, Any]:
        return {
            "auction": auction.auction_rules(rules),
            "card_points_total": t.TOTAL_CARD_POINTS,
            "bid_range": [t.MIN_BID, t.MAX_BID],
            "usual_bids": list(t.USUAL_BIDS),
            "forced_contract_points": t.MIN_BID,
            "card_points": dict(t.CARD_POINTS),
            "pack_ranks": {str(size): [r for r in t.RANK_ORDER if r in ranks] for size, ranks in t.PACK_RANKS.items()},
            "trick_orders": referee.trick_orders(),
        }

    def teams(self, rules: FiftySixRules) -> dict[str, list[str]]:
        return rules.teams_json()


# Typed as the Protocol so that mypy proves the engine satisfies it.
ENGINE: GameEngine[FiftySixRules, FiftySixState, FiftySixDeal] = FiftySixEngine()


def in_danger(stored: Mapping[str, Any], settings_in: Mapping[str, Any]) -> list[str]:
    """The teams still in that a failed contract of the lowest band would put out: they hold no more tables than
    that band loses (the board marks them; the match's own bands, else the default ones)."""
    if stored["match_winner"]:
        return []
    bands = settings_in.get("bands") or [band.as_json() for band in settings.SETTINGS["bands"].default]
    risk = int(bands[0]["lose"])
    out = {gone["team"] for gone in stored.get("eliminated", [])}
    return [team for team, held in stored["tables"].items() if team not in out and held <= risk]
