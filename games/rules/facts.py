"""A game's facts as JSON for clients (the pages' config, ``GET /api/v1/games/``), all asked of its engine.

Seats, teams and the default settings depend on the number of players, so they are given per count (the counts
are strings, as JSON object keys are).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.rules.engine import GameEngine
from games.rules.registry import game_keys, get_engine


def game_facts(engine: GameEngine[Any, Any, Any]) -> dict[str, Any]:
    """Everything a client needs to offer the game, draw its table and read its results."""
    by_count = {count: engine.rules_from_settings({}, count) for count in engine.player_counts}
    opened = getattr(engine, "player_counts_under_settings", ())
    # A count only a house rule opens has its seats and defaults as that rule makes them.
    by_count.update({count: engine.rules_from_settings(needs, count) for count, needs in opened})
    by_count = dict(sorted(by_count.items()))
    return {
        "key": engine.key,
        "name": engine.display_name,
        "rules_file": engine.rules_file,
        "player_counts": list(engine.player_counts),
        "default_player_count": engine.default_player_count,
        "player_counts_under_settings": [{"count": count, "settings": dict(needs)} for count, needs in opened],
        "plays_in_teams": engine.plays_in_teams,
        "turn_direction": engine.turn_direction,
        "seats": {str(count): list(engine.seats(rules)) for count, rules in by_count.items()},
        "teams": {str(count): engine.teams(rules) for count, rules in by_count.items()},
        "settings": engine.settings_spec.form_rows(),
        "defaults": {str(count): engine.settings_json(rules) for count, rules in by_count.items()},
        "entry": {str(count): engine.entry_facts(rules) for count, rules in by_count.items()},
        "state_keys": list(engine.state_keys),
        "result_keys": list(engine.result_keys),
        "tiebreak_measures": [
            {"name": name, "better": "higher" if direction > 0 else "lower"}
            for name, direction in engine.tiebreak_measures
        ],
    }


@cache
def facts_of(key: str) -> dict[str, Any]:
    """``game_facts`` of the registered game ``key``, computed once (an engine's facts never change); read only."""
    return game_facts(get_engine(key))


def every_game_facts() -> dict[str, dict[str, Any]]:
    """The facts of every registered game, by key, in the registry's order."""
    return {key: facts_of(key) for key in game_keys()}
